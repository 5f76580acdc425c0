/**
 * The slide table's exports (spec 1 §9, spec 3 §9; issue #5), written as they are read: the filtered
 * rows come from the grid engine in blocks of 2000 (the spec's page size), in the table's sort, and each
 * block becomes text at once, so an export of a million slides holds one block in memory.
 *
 * The IDO CSV and the pyportal config list files, so slides without one (status other than 'available',
 * e.g. metadata-only rows) are skipped; the answer says how many up front. The IDO CSV's ImagePath is
 * the folder of the slide's file: relative to the data folder for files Tessera keeps (uploads, the demo),
 * so no export reveals where the server keeps them; as registered for files imported from a share.
 */
import {
  csvLine,
  exportCellValue,
  IDO_COLUMNS,
  idoCsvFileName,
  metadataCsvFileName,
  pyportalConfigFileName,
  pyportalConfigHead,
  pyportalConfigItem,
  pyportalConfigYaml,
  type FieldDescriptor,
} from '@tessera/domain';
import type { GridRequest, slideExport } from '@tessera/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { getFieldDescriptors, getSlidesGrid } from '../slides/slide-grid.service.ts';
import { findFileFolders, findProjectName } from './slide-export.queries.ts';

export type ExportFormat = 'metadata-csv' | 'ido-csv' | 'pyportal-config';
type Request = z.output<typeof slideExport.ExportRequest>;
type Row = Record<string, unknown>;

/** Rows per block read from the grid engine (spec 1 §9: pages of 2000). */
const BLOCK_ROWS = 2000;
const AVAILABLE = 'available';

export const EXPORT_ERRORS = {
  noPermission: 'No permission to export slide metadata',
  unknownField: (field: string) => `Unknown field '${field}'`,
} as const;

export interface ExportStream {
  fileName: string;
  mediaType: string;
  /** Slides matching the filters, and those the file leaves out. */
  total: number;
  skipped: number;
  chunks: AsyncGenerator<string>;
}

export async function startExport(
  ctx: AppContext,
  project: ProjectScope,
  format: ExportFormat,
  request: Request,
): Promise<ExportStream> {
  if (!project.permissions.has('slideMetadataExport')) throw forbidden(EXPORT_ERRORS.noPermission);
  const projectName = await findProjectName(ctx.db, project.id);
  const day = new Date().toISOString().slice(0, 10);
  const base = {
    filterModel: request.filterModel,
    globalSearchText: request.globalSearchText,
    sortModel: request.sortModel,
  };
  const total = await countRows(ctx, project, base.filterModel, base.globalSearchText);
  if (format === 'metadata-csv') {
    const fields = await exportedFields(ctx, project.id, request.fields);
    return {
      fileName: metadataCsvFileName(projectName, day),
      mediaType: 'text/csv',
      total,
      skipped: 0,
      chunks: metadataCsv(ctx, project, base, fields),
    };
  }
  // Only slides with their file: the user's own status filter narrowed to 'available'.
  const own = request.filterModel.status;
  const statusValues = own?.filterType === 'set' ? own.values.filter((v) => v === AVAILABLE) : [AVAILABLE];
  const withFiles = {
    ...base,
    filterModel: { ...base.filterModel, status: { filterType: 'set' as const, values: statusValues } },
  };
  const skipped = total - (await countRows(ctx, project, withFiles.filterModel, base.globalSearchText));
  if (format === 'ido-csv')
    return {
      fileName: idoCsvFileName(projectName),
      mediaType: 'text/csv',
      total,
      skipped,
      chunks: idoCsv(ctx, project, withFiles),
    };
  return {
    fileName: pyportalConfigFileName(projectName),
    mediaType: 'application/yaml',
    total,
    skipped,
    chunks: pyportalConfig(ctx, project, withFiles),
  };
}

async function countRows(
  ctx: AppContext,
  project: ProjectScope,
  filterModel: Request['filterModel'],
  globalSearchText: string,
): Promise<number> {
  return (
    await getSlidesGrid(
      ctx,
      project,
      gridRequest({ filterModel, globalSearchText, sortModel: [] }, 0, 1, ['id']),
    )
  ).filteredSlideCount;
}

/** The requested columns (default: every column but the label image), each a field of the table. */
async function exportedFields(
  ctx: AppContext,
  projectId: string,
  names: readonly string[] | undefined,
): Promise<FieldDescriptor[]> {
  const all = (await getFieldDescriptors(ctx, projectId, 'slideMetadataView')).filter(
    (f) => f.primaryType !== 'image',
  );
  if (!names) return all;
  const byName = new Map(all.map((f) => [f.fieldName, f]));
  return names.map((name) => {
    const field = byName.get(name);
    if (!field) throw badRequest(EXPORT_ERRORS.unknownField(name));
    return field;
  });
}

function gridRequest(
  base: Pick<GridRequest, 'filterModel' | 'globalSearchText' | 'sortModel'>,
  startRow: number,
  endRow: number,
  fields?: string[],
): GridRequest {
  return {
    ...base,
    startRow,
    endRow,
    rowGroupCols: [],
    groupKeys: [],
    valueCols: [],
    pivotCols: [],
    pivotMode: false,
    ...(fields ? { fields } : {}),
  };
}

/** The filtered rows, block by block, in the request's sort. */
async function* blocks(
  ctx: AppContext,
  project: ProjectScope,
  base: Pick<GridRequest, 'filterModel' | 'globalSearchText' | 'sortModel'>,
  fields?: string[],
): AsyncGenerator<Row[]> {
  for (let start = 0; ; start += BLOCK_ROWS) {
    const { data } = await getSlidesGrid(ctx, project, gridRequest(base, start, start + BLOCK_ROWS, fields));
    if (data.length) yield data;
    if (data.length < BLOCK_ROWS) return;
  }
}

async function* metadataCsv(
  ctx: AppContext,
  project: ProjectScope,
  base: Pick<GridRequest, 'filterModel' | 'globalSearchText' | 'sortModel'>,
  fields: FieldDescriptor[],
): AsyncGenerator<string> {
  yield csvLine(
    fields.map((f) => f.headerName),
    ';',
  );
  for await (const rows of blocks(
    ctx,
    project,
    base,
    fields.map((f) => f.fieldName),
  )) {
    yield rows
      .map((row) =>
        csvLine(
          fields.map((f) => exportCellValue(f, row[f.fieldName])),
          ';',
        ),
      )
      .join('');
  }
}

async function* idoCsv(
  ctx: AppContext,
  project: ProjectScope,
  base: Pick<GridRequest, 'filterModel' | 'globalSearchText' | 'sortModel'>,
): AsyncGenerator<string> {
  yield csvLine(
    IDO_COLUMNS.map((c) => c.header),
    ',',
  );
  const read = IDO_COLUMNS.map((c) => c.field).filter((f) => f !== 'fileShareFolder');
  for await (const rows of blocks(ctx, project, base, read)) {
    const folders = await findFileFolders(
      ctx.db,
      project.id,
      rows.map((r) => String(r.id)),
      ctx.config.dataDir,
    );
    yield rows
      .map((row) =>
        csvLine(
          IDO_COLUMNS.map((c) =>
            c.field === 'fileShareFolder'
              ? (folders.get(String(row.id)) ?? null)
              : exportCellValue(
                  { fieldName: c.field, primaryType: c.field === 'assays' ? 'array' : 'string' },
                  row[c.field],
                ),
          ),
          ',',
        ),
      )
      .join('');
  }
}

async function* pyportalConfig(
  ctx: AppContext,
  project: ProjectScope,
  base: Pick<GridRequest, 'filterModel' | 'globalSearchText' | 'sortModel'>,
): AsyncGenerator<string> {
  let isEmpty = true;
  for await (const rows of blocks(ctx, project, base, ['id'])) {
    if (isEmpty) yield pyportalConfigHead(project.id);
    isEmpty = false;
    yield rows.map((row) => pyportalConfigItem(String(row.id))).join('');
  }
  // No slide: an empty list, which a bare 'slide_ids:' would not be.
  if (isEmpty) yield pyportalConfigYaml(project.id, []);
}
