/**
 * Batch edits of a set's annotations (spec 2 §4 "Annotation edit operations", §7 "Annotation editing"):
 * create (restoring purged ids when named), change geometry and class, purge, lock — and the same for
 * cell markers. Each call is one transaction over the set's working version, with every rule checked
 * before anything is written: ids not alive in the set ('Not all annotations updated!'), locked
 * annotations, the FOV/ROI confirmation, geometry off the slide.
 */
import {
  ANNOTATION_SET_MESSAGES,
  CELL_MARKER_RANKINGS,
  CELL_MARKER_RATINGS,
  deletionCheck,
  EDIT_MESSAGES,
  type CellMarkerClass,
  type CellMarkerInput,
  type RegionFeatureInput,
  type Geometry,
} from '@tessera/domain';
import { ERROR_CODES, type annotationEdits, type RoutePart } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import * as edits from './annotation-edits.queries.ts';
import * as items from './annotation-items.queries.ts';
import { checkOnImage, createItems, featureValues, type LinkedSet } from './annotation-writes.ts';
import { markerOf, regionOf } from './annotation-reads.ts';
import { linkedSetOf, lockedSetOf, readableSetOf } from './annotation-sets.service.ts';

type Body<R> = RoutePart<R, 'body'>;

const notAll = (table: edits.ItemTable) =>
  conflict(
    table === 'annotation_features'
      ? ANNOTATION_SET_MESSAGES.notAllAnnotationsUpdated
      : ANNOTATION_SET_MESSAGES.notAllCellMarkersUpdated,
    ERROR_CODES.annotationsNotAllUpdated,
  );

/** Runs `work` in one transaction on the set as the transaction sees it (its working version now). */
export async function inSet<T>(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  work: (tx: Db, set: LinkedSet) => Promise<T>,
): Promise<T> {
  await linkedSetOf(ctx.db, project, setId);
  return ctx.db.transaction().execute(async (tx) => work(tx, await lockedSetOf(tx, project, setId)));
}

/** The live rows of these items in either table. */
const liveOf = (tx: Db, table: edits.ItemTable, setId: string, ids: readonly number[]) =>
  table === 'annotation_features'
    ? edits.findLive(tx, 'annotation_features', setId, ids)
    : edits.findLive(tx, 'annotation_cell_markers', setId, ids);

/** The live rows of `ids` in request order; 409 'Not all … updated!' when one is not alive in the set. */
async function liveRows<T extends edits.ItemTable>(tx: Db, table: T, setId: string, ids: readonly string[]) {
  const numbers = ids.map(Number);
  if (new Set(numbers).size !== numbers.length) throw badRequest('An annotation is named twice');
  const rows = await liveOf(tx, table, setId, numbers);
  if (rows.length !== numbers.length) throw notAll(table);
  const byId = new Map(rows.map((row) => [Number(row.item_id), row]));
  return numbers.map((id) => byId.get(id)!) as T extends 'annotation_features'
    ? edits.LiveFeature[]
    : edits.LiveMarker[];
}

/** Ids named for restoring must be ids the set handed out and not alive now (an undone purge). */
async function checkRestoredIds(tx: Db, table: edits.ItemTable, set: LinkedSet, named: readonly string[]) {
  if (named.length === 0) return;
  const numbers = named.map(Number);
  if (new Set(numbers).size !== numbers.length) throw badRequest('An annotation is named twice');
  const next = await edits.nextItemId(tx, set.id);
  if (numbers.some((id) => id >= next)) throw badRequest('An annotation id was not given out by this set');
  const alive = await liveOf(tx, table, set.id, numbers);
  if (alive.length > 0)
    throw conflict(`Annotation ${alive[0]!.item_id} exists already`, ERROR_CODES.conflict);
}

const createdAnswer = (ids: readonly number[]) => ({
  createdAnnotations: ids.map((id, index) => ({ id: String(id), index })),
});

/**
 * Creates the features (regions or cell markers) in the set's working version; one that names an id
 * restores that purged item (checkRestoredIds). Answers the ids by request position.
 */
async function createIn(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  table: edits.ItemTable,
  features: readonly ((RegionFeatureInput | CellMarkerInput) & { id?: string | undefined })[],
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    checkOnImage(
      set,
      features.map((f) => f.geometry),
    );
    const named = features.flatMap((f) => (f.id ? [f.id] : []));
    await checkRestoredIds(tx, table, set, named);
    const isRegions = table === 'annotation_features';
    const { regionIds, markerIds } = await createItems(
      tx,
      set,
      actor.userId,
      isRegions ? (features as RegionFeatureInput[]) : [],
      isRegions ? [] : (features as CellMarkerInput[]),
    );
    return createdAnswer(isRegions ? regionIds : markerIds);
  });
}

export const createAnnotations = (
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  body: Body<typeof annotationEdits.createAnnotations>,
) => createIn(ctx, project, actor, setId, 'annotation_features', body.features);

const isLocked = (row: edits.LiveFeature) => row.is_locked === 1;
const lockedRefusal = (message: string) => new AppError(409, ERROR_CODES.annotationLocked, message);

export async function updateAnnotations(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  body: Body<typeof annotationEdits.updateAnnotations>,
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    const rows = await liveRows(
      tx,
      'annotation_features',
      set.id,
      body.features.map((f) => f.id),
    );
    if (rows.some(isLocked)) throw lockedRefusal('Locked annotations cannot be edited or transformed.');
    checkOnImage(
      set,
      body.features.flatMap((f) => (f.geometry ? [f.geometry] : [])),
    );
    for (const [i, change] of body.features.entries()) {
      const row = rows[i]!;
      const geometry = change.geometry ? geometryColumns(change.geometry) : {};
      const classId = change.properties?.annotationClass;
      await edits.replaceItem(tx, 'annotation_features', set.version, row, {
        ...geometry,
        ...(classId ? { class_id: classId } : {}),
      });
    }
    return { count: rows.length, originalAnnotations: rows.map(regionOf) };
  });
}

function geometryColumns(geometry: Geometry) {
  const {
    geometry: text,
    min_x,
    min_y,
    max_x,
    max_y,
  } = featureValues(
    { type: 'Feature', geometry, properties: { annotationType: 'Freehand', annotationClass: 'x' } },
    0,
  );
  return { geometry: text, min_x, min_y, max_x, max_y };
}

export async function purgeAnnotations(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  body: Body<typeof annotationEdits.purgeAnnotations>,
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    const rows = await liveRows(tx, 'annotation_features', set.id, body.annotationIds);
    const refusal = deletionCheck(
      rows.map((row) => ({ classId: row.class_id, isLocked: isLocked(row) })),
      body.confirmed,
    );
    if (refusal === 'locked') throw lockedRefusal(EDIT_MESSAGES.deleteLocked);
    if (refusal === 'confirm')
      throw new AppError(409, ERROR_CODES.confirmationRequired, EDIT_MESSAGES.confirmDeleteFovRoi);
    const removed = await edits.removeItems(
      tx,
      'annotation_features',
      set.id,
      set.version,
      rows.map((r) => r.item_id),
    );
    if (removed !== rows.length) throw notAll('annotation_features');
    return { deletedAnnotations: rows.map(regionOf) };
  });
}

export async function lockAnnotations(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  body: Body<typeof annotationEdits.lockAnnotations>,
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    const rows = await liveRows(tx, 'annotation_features', set.id, body.annotationIds);
    const changing = rows.filter((row) => isLocked(row) !== body.locked);
    for (const row of changing)
      await edits.replaceItem(tx, 'annotation_features', set.version, row, {
        is_locked: body.locked ? 1 : 0,
      });
    return { count: changing.length };
  });
}

export const createCellMarkers = (
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  body: Body<typeof annotationEdits.createCellMarkers>,
) => createIn(ctx, project, actor, setId, 'annotation_cell_markers', body.features);

export async function updateCellMarkers(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  body: Body<typeof annotationEdits.updateCellMarkers>,
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    const rows = await liveRows(
      tx,
      'annotation_cell_markers',
      set.id,
      body.features.map((f) => f.id),
    );
    checkOnImage(
      set,
      body.features.flatMap((f) => (f.geometry ? [f.geometry] : [])),
    );
    for (const [i, change] of body.features.entries()) {
      const [x, y] = change.geometry?.coordinates ?? [];
      await edits.replaceItem(tx, 'annotation_cell_markers', set.version, rows[i]!, {
        ...(change.geometry ? { x: x!, y: y! } : {}),
        ...(change.properties ? { classes: JSON.stringify(change.properties.classes) } : {}),
      });
    }
    return { count: rows.length, originalAnnotations: rows.map(markerOf) };
  });
}

export async function purgeCellMarkers(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  body: Body<typeof annotationEdits.purgeCellMarkers>,
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    const rows = await liveRows(tx, 'annotation_cell_markers', set.id, body.annotationIds);
    const removed = await edits.removeItems(
      tx,
      'annotation_cell_markers',
      set.id,
      set.version,
      rows.map((r) => r.item_id),
    );
    if (removed !== rows.length) throw notAll('annotation_cell_markers');
    return { deletedAnnotations: rows.map(markerOf) };
  });
}

/** Markers per class, and per rating and ranking within the class (spec 2 §7 "stats for set"). */
export async function cellMarkerStats(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  version?: number,
) {
  const set = await readableSetOf(ctx.db, project, setId, version);
  const stats = new Map<
    string,
    { total: number; ratings: Record<string, number>; rankings: Record<string, number> }
  >();
  const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, 0]));
  for (const row of await items.findMarkers(ctx.db, set.id, version))
    for (const c of JSON.parse(row.classes) as CellMarkerClass[]) {
      let entry = stats.get(c.classId);
      if (!entry) {
        entry = { total: 0, ratings: zeros(CELL_MARKER_RATINGS), rankings: zeros(CELL_MARKER_RANKINGS) };
        stats.set(c.classId, entry);
      }
      entry.total++;
      if (c.rating) entry.ratings[c.rating]!++;
      if (c.ranking) entry.rankings[c.ranking]!++;
    }
  return { classes: [...stats].map(([classId, entry]) => ({ classId, ...entry })) };
}
