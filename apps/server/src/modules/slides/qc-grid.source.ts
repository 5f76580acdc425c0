/**
 * The QC slide metadata table as a grid source: one row per assay channel (the `qc_rows` view of
 * slide_assays with the slide's file name), grouped by slide in the web. Its text filters read the
 * project's channel rows (no trigram index: a project holds a few channels per slide).
 */
import { QC_SLIDE_FIELDS } from '@tessera/domain';
import { fromStored, type GridSource, type SelectColumn } from '../../grid/grid-source.ts';
import { gridColumnOf } from './slide-grid.source.ts';

export const QC_GRID_SOURCE: GridSource = {
  table: 'qc_rows',
  ftsTable: '',
  valuesTable: 'slide_values',
  assaysTable: 'slide_assays',
  projectValuesTable: 'slide_project_values',
  columns: new Map(QC_SLIDE_FIELDS.map((f) => [f.fieldName, { ...gridColumnOf(f), trigram: false }])),
  searchColumns: ['file_name', 'marker', 'primary_antibody', 'secondary_antibody'],
  hasColumnStore: false,
};

/** The SELECT list of QC rows: every QC field, the channel row's id, its slide and the slide's updatedAt. */
export function qcSelect(): SelectColumn[] {
  return [
    ...[...QC_GRID_SOURCE.columns.values()].map((c) => ({ column: c.column, as: c.field })),
    { column: 'id', as: 'id' },
    { column: 'slide_id', as: 'slideId' },
    { column: 'updated_at', as: 'updatedAt' },
  ];
}

export function toQcRow(stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => {
      const column = QC_GRID_SOURCE.columns.get(key);
      return [key, column ? fromStored(column, value) : value];
    }),
  );
}
