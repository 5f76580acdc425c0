/** What an export of the slide table asks for: its file name and its columns. */
import {
  idoCsvFileName,
  metadataCsvFileName,
  pyportalConfigFileName,
  type FieldDescriptor,
} from '@tessera/domain';
import type { ExportFormat } from '../../api/slide-export.ts';
import { visibleColumns, type ColumnState } from '../../grid/column-state.ts';

/** The export's file name (spec 1 §9), with today's date as the browser sees it. */
export function exportFileName(format: ExportFormat, projectName: string): string {
  if (format === 'ido-csv') return idoCsvFileName(projectName);
  if (format === 'pyportal-config') return pyportalConfigFileName(projectName);
  const now = new Date();
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return metadataCsvFileName(projectName, day);
}

/** The metadata CSV's columns: the visible ones in their order, the label image left out. */
export function exportedColumns(state: ColumnState, fields: ReadonlyMap<string, FieldDescriptor>): string[] {
  const { left, center, right } = visibleColumns(state);
  return [...left, ...center, ...right].filter(
    (name) => fields.get(name) && fields.get(name)!.primaryType !== 'image',
  );
}
