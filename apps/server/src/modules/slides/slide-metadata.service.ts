/**
 * Changing the slide table (spec 1 §5, §7): batch update with the cell value check and the editing
 * rights run here too, all or nothing, with optimistic concurrency on updatedAt; batch delete; the
 * saved column state.
 */
import {
  acceptedMarkers,
  canEditCell,
  checkAssays,
  checkCellValue,
  checkLinkedValue,
  checkProjectFieldName,
  clearedLinkedFields,
  MAX_PROJECT_FIELDS,
  PROJECT_FIELD_MESSAGES,
  type FieldDescriptor,
  type ProjectField,
  type TableId,
} from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { ProjectScope } from '../../actor.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { nowIso } from '../../db/dialect.ts';
import { getFieldDescriptors } from './slide-grid.service.ts';
import {
  findProjectFields,
  insertProjectField,
  readProjectValues,
  writeProjectValues,
} from './project-fields.queries.ts';
import {
  metadataColumns,
  updateSlideRows,
  withAssayIds,
  writeSideRows,
  type SlideMetadata,
} from './slide-metadata.queries.ts';
import { rowWithValues, slideSelect, toSlideRow } from './slide-rows.ts';
import { withLabelImages } from './slide-labels.queries.ts';
import { deleteUnlinkedSets, findSetsOnSlides } from '../annotations/annotation-sets.queries.ts';
import { deleteSlideRows, findEditStates, findSlideRows, findSlideRowsPage } from './slide-rows.queries.ts';
import { findColumnState, upsertColumnState } from './column-states.queries.ts';

export const SLIDE_EDIT_MESSAGES = {
  notFound: (id: string) => `Slide ${id} could not be found in this project`,
  conflict: (fileName: string) =>
    `${fileName} was changed by someone else since it was loaded. Refresh to see the change; nothing was saved.`,
  unknownField: (field: string) => `Unknown field '${field}'`,
  notEditable: (fileName: string, header: string) => `${header} of ${fileName} cannot be edited`,
  invalid: (fileName: string, message: string) => `${fileName}: ${message}`,
} as const;

type SlideChange = { id: string; updatedAt: string } & Record<string, unknown>;

export async function updateSlides(ctx: AppContext, project: ProjectScope, changes: SlideChange[]) {
  const ids = [...new Set(changes.map((c) => c.id))];
  if (ids.length !== changes.length) throw badRequest('A slide is listed twice in the batch');
  const fields = new Map(
    (await getFieldDescriptors(ctx, project.id, 'slideMetadataView')).map((f) => [f.fieldName, f]),
  );
  const vocabulary = await getFieldDescriptors(ctx, project.id, 'assayPopupEditor');
  const projectFields = await findProjectFields(ctx.db, project.id);
  const allowedOf = (name: string) => vocabulary.find((f) => f.fieldName === name)?.allowedValues ?? [];
  const markersFor = acceptedMarkers(allowedOf('marker'));
  const chromogens = new Set(allowedOf('chromogenFluorophores').map((v) => v.value));
  const current = new Map((await findEditStates(ctx.db, project.id, ids)).map((r) => [r.id, r]));

  const planned = changes.map((change) => {
    const row = current.get(change.id);
    if (!row) throw notFound(SLIDE_EDIT_MESSAGES.notFound(change.id));
    if (row.updated_at !== change.updatedAt)
      throw new AppError(409, ERROR_CODES.conflict, SLIDE_EDIT_MESSAGES.conflict(row.file_name));
    const flags = {
      editableFields: row.editable_fields ? (JSON.parse(row.editable_fields) as string[]) : null,
      canEditSlideSpecificFields: row.can_edit_slide_fields === 1,
      canEditProjectSpecificFields: row.can_edit_project_fields === 1,
    };
    const values: SlideMetadata = {};
    for (const [name, value] of Object.entries(change)) {
      if (name === 'id' || name === 'updatedAt') continue;
      const field = fields.get(name);
      if (!field) throw badRequest(SLIDE_EDIT_MESSAGES.unknownField(name));
      if (!canEditCell(field, flags, true))
        throw forbidden(SLIDE_EDIT_MESSAGES.notEditable(row.file_name, field.headerName));
      const problem =
        name === 'assays'
          ? checkAssays(value, new Set(markersFor(JSON.parse(row.assays ?? '[]'))), chromogens)
          : checkCellValue(field, value);
      if (problem) throw badRequest(SLIDE_EDIT_MESSAGES.invalid(row.file_name, problem));
      values[name] = value ?? (field.primaryType === 'array' ? [] : null);
    }
    checkLinks(fields, values, row, row.file_name);
    const own = Object.fromEntries(
      Object.entries(values).filter(([name]) => fields.get(name)?.isProjectSpecificField),
    );
    const fixed = Object.fromEntries(
      Object.entries(values).filter(([name]) => !fields.get(name)?.isProjectSpecificField),
    );
    return { id: change.id, from: change.updatedAt, values: withAssayIds(fixed), projectValues: own };
  });

  await ctx.db
    .transaction()
    .execute((trx) =>
      writeSlideChanges(
        trx,
        ctx.dialect,
        project.id,
        projectFields,
        planned,
        (id) => current.get(id)!.file_name,
      ),
    );
  return { data: await readSlides(ctx, project.id, ids) };
}

/** A slide's checked changes: its fixed fields (assay channels with ids) and project-specific values, and the updatedAt they were read at. */
export interface SlideWrite {
  id: string;
  from: string;
  values: SlideMetadata;
  projectValues: SlideMetadata;
}

/**
 * Writes checked changes inside the caller's transaction, each slide only if it still has the updatedAt
 * it was read at: a slide changed since is a 409 that rolls the whole transaction back. Slides go in
 * batches of `batch` (the CSV import reports its progress after each through `afterBatch`).
 */
export async function writeSlideChanges(
  trx: Db,
  dialect: Dialect,
  projectId: string,
  projectFields: readonly ProjectField[],
  writes: readonly SlideWrite[],
  fileNameOf: (id: string) => string,
  progress: { batch: number; afterBatch?: (done: number) => Promise<void> } = { batch: writes.length || 1 },
): Promise<void> {
  for (let start = 0; start < writes.length; start += progress.batch) {
    const batch = writes.slice(start, start + progress.batch);
    const updated = await updateSlideRows(
      trx,
      dialect,
      projectId,
      batch.map((w) => ({
        id: w.id,
        from: w.from,
        to: laterThan(w.from),
        columns: metadataColumns(w.values),
      })),
    );
    // Changed between our read and this write: refused like any other conflict, nothing kept.
    const changed = batch.find((w) => !updated.has(w.id));
    if (changed)
      throw new AppError(409, ERROR_CODES.conflict, SLIDE_EDIT_MESSAGES.conflict(fileNameOf(changed.id)));
    await writeSideRows(trx, projectId, batch);
    for (const w of batch) await writeProjectValues(trx, projectId, w.id, projectFields, w.projectValues);
    await progress.afterBatch?.(start + batch.length);
  }
}

/**
 * Indication → subtype (spec 1 §5): a subtype set by the change must be one of its indication's (the new
 * one, else the row's); a subtype the change leaves is cleared when it no longer belongs (the domain's
 * one rule for linked fields).
 */
function checkLinks(
  fields: Map<string, FieldDescriptor>,
  values: SlideMetadata,
  row: { indication_v2: string | null; indication_subtype_v2: string | null },
  fileName: string,
) {
  const indication = 'indicationV2' in values ? values.indicationV2 : row.indication_v2;
  if ('indicationSubtypeV2' in values) {
    const subtypes = fields.get('indicationSubtypeV2')?.allowedValues ?? [];
    const problem = checkLinkedValue(values.indicationSubtypeV2, indication, subtypes);
    if (problem) throw badRequest(SLIDE_EDIT_MESSAGES.invalid(fileName, problem));
  }
  const current = { indicationV2: row.indication_v2, indicationSubtypeV2: row.indication_subtype_v2 };
  Object.assign(values, clearedLinkedFields(fields.values(), values, current));
}

/** A new updatedAt that differs from the one read, even within the same millisecond. */
function laterThan(previous: string): string {
  const now = nowIso();
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}

/** Slide rows in their API shape, with the project's own field values. */
async function withProjectValues(ctx: AppContext, projectId: string, stored: Record<string, unknown>[]) {
  const rows = stored.map(toSlideRow);
  const values = await readProjectValues(
    ctx.db,
    projectId,
    await findProjectFields(ctx.db, projectId),
    rows.map((r) => String(r.id)),
  );
  return withLabelImages(
    ctx.db,
    projectId,
    rows.map((r) => rowWithValues(r, values.get(String(r.id)))),
  );
}

/** Slide rows by id; `fields` narrows them to those fields (the id, updatedAt and editing flags always come). */
export async function readSlides(
  ctx: AppContext,
  projectId: string,
  ids: readonly string[],
  fields?: readonly string[],
) {
  return withProjectValues(ctx, projectId, await findSlideRows(ctx.db, projectId, ids, slideSelect(fields)));
}

export async function readSlidesPage(ctx: AppContext, projectId: string, offset: number, limit: number) {
  const { rows, total } = await findSlideRowsPage(ctx.db, projectId, slideSelect(), { offset, limit });
  return { data: await withProjectValues(ctx, projectId, rows), total };
}

/** Deletes the slides, and the annotation sets that showed only on them, in one transaction. */
export async function deleteSlides(ctx: AppContext, project: ProjectScope, slideIds: readonly string[]) {
  const ids = [...new Set(slideIds)];
  const deleted = await ctx.db.transaction().execute(async (tx) => {
    const sets = await findSetsOnSlides(tx, ids);
    const count = await deleteSlideRows(tx, project.id, ids);
    await deleteUnlinkedSets(tx, sets);
    return count;
  });
  return { deleted };
}

export async function listProjectFields(ctx: AppContext, project: ProjectScope) {
  return findProjectFields(ctx.db, project.id);
}

export async function addProjectField(ctx: AppContext, project: ProjectScope, field: ProjectField) {
  const existing = await findProjectFields(ctx.db, project.id);
  if (existing.length >= MAX_PROJECT_FIELDS) throw badRequest(PROJECT_FIELD_MESSAGES.tooMany);
  const problem = checkProjectFieldName(
    field.fieldName,
    existing.map((f) => f.fieldName),
  );
  if (problem) throw badRequest(problem);
  if (!(await insertProjectField(ctx.db, project.id, field)))
    throw new AppError(409, ERROR_CODES.conflict, PROJECT_FIELD_MESSAGES.taken(field.fieldName));
  return field;
}

export async function getColumnState(
  ctx: AppContext,
  userId: string,
  project: ProjectScope,
  tableId: TableId,
) {
  const state = await findColumnState(ctx.db, userId, project.id, tableId);
  return { state: state === undefined ? null : (JSON.parse(state) as unknown) };
}

export async function saveColumnState(
  ctx: AppContext,
  userId: string,
  project: ProjectScope,
  tableId: TableId,
  state: unknown,
) {
  const text = JSON.stringify(state ?? null);
  await upsertColumnState(ctx.db, userId, project.id, tableId, text);
  return { state: state ?? null };
}
