/**
 * The slide metadata table's reads (spec 1 §2, §7): field descriptors, grid blocks, set-filter values and
 * the slide count. Rows come through the grid engine (src/grid) over the slide source.
 */
import {
  describeField,
  FIELDS_BY_TABLE,
  projectFieldDefinition,
  type FieldDescriptor,
  type TableId,
} from '@tessera/domain';
import type { GridRequest, GridResponse } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { badRequest } from '../../errors.ts';
import { distinctValues, runGrid } from '../../grid/grid-engine.ts';
import { GridRequestError, sortTermsOf } from '../../grid/grid-source.ts';
import { findVocabularies } from '../vocabularies/vocabularies.queries.ts';
import { slideGridSourceFor } from './slide-grid.source.ts';
import { findProjectFields, readProjectValues } from './project-fields.queries.ts';
import { rowWithValues, slideSelect, toSlideRow, withoutImageId } from './slide-rows.ts';
import { LABEL_IMAGE, withLabelImages } from './slide-labels.queries.ts';
import { countSlides } from './slide-rows.queries.ts';
import { QC_GRID_SOURCE, qcSelect, toQcRow } from './qc-grid.source.ts';

/** At most this many set-filter choices; the answer says when there were more. */
const MAX_FILTER_VALUES = 1000;
const DEFAULT_SORT: GridRequest['sortModel'] = [{ colId: 'fileName', sort: 'asc' }];
const QC_DEFAULT_SORT: GridRequest['sortModel'] = [
  { colId: 'fileName', sort: 'asc' },
  { colId: 'channel', sort: 'asc' },
];

/** The descriptors of a table id; the slide metadata view adds the project's own fields. */
export async function getFieldDescriptors(
  ctx: AppContext,
  projectId: string,
  tableId: TableId,
): Promise<FieldDescriptor[]> {
  const projectFields =
    tableId === 'slideMetadataView'
      ? (await findProjectFields(ctx.db, projectId)).map(projectFieldDefinition)
      : [];
  const fields = [...FIELDS_BY_TABLE[tableId], ...projectFields];
  const vocabularies = await findVocabularies(
    ctx.db,
    fields.flatMap((f) => (f.vocabulary ? [f.vocabulary] : [])),
  );
  return fields.map((f) => describeField(f, f.vocabulary ? (vocabularies.get(f.vocabulary) ?? []) : null));
}

export async function getSlidesGrid(
  ctx: AppContext,
  project: ProjectScope,
  request: GridRequest,
): Promise<GridResponse> {
  return asBadRequest(async () => {
    const projectFields = await findProjectFields(ctx.db, project.id);
    const source = slideGridSourceFor(projectFields);
    const grid = {
      db: ctx.db,
      dialect: ctx.dialect,
      source,
      projectId: project.id,
      stores: ctx.gridStores,
      laterKeys: [LABEL_IMAGE, ...projectFields.map((f) => f.fieldName)],
    };
    const sort = sortTermsOf(source, request.sortModel, DEFAULT_SORT);
    const answer = await runGrid(grid, request, sort, slideSelect(request.fields));
    if (answer.isGroupLevel)
      return { data: answer.rows, filteredSlideCount: answer.filteredSlideCount, rowCount: answer.rowCount };
    const rows = answer.rows.map(toSlideRow);
    const values = await readProjectValues(
      ctx.db,
      project.id,
      projectFields,
      rows.map((r) => String(r.id)),
    );
    const data = rows.map((r) => rowWithValues(r, values.get(String(r.id))));
    // The Label column's picture, unless the request leaves the column out (exports).
    if (!request.fields || request.fields.includes('label')) await withLabelImages(ctx.db, project.id, data);
    else data.forEach(withoutImageId);
    return { data, filteredSlideCount: answer.filteredSlideCount, rowCount: answer.rowCount };
  });
}

/** The QC table (spec 1 §2, §7): channel rows, grouped by slide in the web; a sort by id becomes fileName. */
export async function getQcGrid(
  ctx: AppContext,
  project: ProjectScope,
  request: GridRequest,
): Promise<GridResponse> {
  return asBadRequest(async () => {
    const grid = { db: ctx.db, dialect: ctx.dialect, source: QC_GRID_SOURCE, projectId: project.id };
    const sortModel = request.sortModel.map((s) => (s.colId === 'id' ? { ...s, colId: 'fileName' } : s));
    // A slide's channels stay in channel order under any sort.
    const sort = sortTermsOf(QC_GRID_SOURCE, sortModel, QC_DEFAULT_SORT);
    if (!sort.some((s) => s.column.field === 'channel'))
      sort.push({ column: QC_GRID_SOURCE.columns.get('channel')!, desc: false });
    const answer = await runGrid(grid, request, sort, qcSelect());
    return {
      data: answer.isGroupLevel ? answer.rows : answer.rows.map(toQcRow),
      filteredSlideCount: answer.filteredSlideCount,
      rowCount: answer.rowCount,
    };
  });
}

export async function getFilterValues(
  ctx: AppContext,
  project: ProjectScope,
  body: { field: string; filterModel: GridRequest['filterModel']; globalSearchText: string },
) {
  const source = slideGridSourceFor(await findProjectFields(ctx.db, project.id));
  return asBadRequest(() =>
    distinctValues(
      { db: ctx.db, dialect: ctx.dialect, source, projectId: project.id, stores: ctx.gridStores },
      body,
      body.field,
      MAX_FILTER_VALUES,
    ),
  );
}

export async function getSlideCount(ctx: AppContext, project: ProjectScope): Promise<{ count: number }> {
  return { count: await countSlides(ctx.db, project.id) };
}

/** A request the engine refuses (unknown field, wrong filter type) is a 400 with its message. */
async function asBadRequest<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GridRequestError) throw badRequest(error.message);
    throw error;
  }
}
