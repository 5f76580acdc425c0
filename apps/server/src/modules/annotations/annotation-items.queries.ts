/**
 * SQL of a set's items — region features and cell markers — under the version ranges of migration 0021:
 * the working state is `v_to IS NULL`, version V is `v_from <= V AND (v_to IS NULL OR v_to > V)`.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AnnotationCellMarkersTable, AnnotationFeaturesTable } from '../../db/annotation-tables.ts';
import { selectArrays } from '../../db/array-rows.ts';
import { inSpatialOrder } from './spatial-order.ts';

type ItemTable = 'annotation_features' | 'annotation_cell_markers';

/** Rows per INSERT: SQLite takes at most 32,766 bound values, and a feature row binds 16. */
const INSERT_CHUNK = 1000;

/** Alive in `version` (a made version), or in the working state when undefined. */
function aliveIn<T extends ItemTable>(version: number | undefined) {
  return (eb: ExpressionBuilder<Database, T>) =>
    version === undefined
      ? eb(sql.ref('v_to'), 'is', null)
      : eb.and([
          eb(sql.ref('v_from'), '<=', version),
          eb.or([eb(sql.ref('v_to'), 'is', null), eb(sql.ref('v_to'), '>', version)]),
        ]);
}

/** Hands out `count` new item ids of the set; answers the first. */
export async function allocateItemIds(db: Db, setId: string, count: number): Promise<number> {
  const { next } = await db
    .updateTable('annotation_sets')
    .set({ next_item_id: sql`next_item_id + ${count}` })
    .where('id', '=', setId)
    .returning(sql<number>`next_item_id`.as('next'))
    .executeTakeFirstOrThrow();
  return Number(next) - count;
}

/** The columns of a versioned row that the set and the write decide, not the item. */
type RowColumns = 'row_id' | 'set_id' | 'v_from' | 'v_to' | 'created_by' | 'created_at';
/** Set for an item restored by an undo: its first author and time; else the creating call's. */
type Author = { created_by?: string | null; created_at?: string };

export type FeatureValues = Omit<Selectable<AnnotationFeaturesTable>, RowColumns | 'answer_properties'> &
  Author;
export type MarkerValues = Omit<Selectable<AnnotationCellMarkersTable>, RowColumns> & Author;

/** A region row's values that its answer's `properties` are made of. */
type AnswerColumns = Pick<
  FeatureValues,
  'type' | 'class_id' | 'item_index' | 'item_count' | 'is_locked' | 'properties'
> & { created_at: string };

/**
 * The JSON text of the `properties` a region row is answered with (migration 0024): its columns, then
 * its stored properties, which hold none of the columns' keys (featureValues) and always annotatedBy.
 * Stored with the row, so a viewport joins texts rather than building them (annotation-viewport.queries.ts).
 */
export function answerProperties(row: AnswerColumns): string {
  const more = row.properties.length > 2 ? `,${row.properties.slice(1, -1)}` : '';
  return (
    `{"annotationType":${JSON.stringify(row.type)},"annotationClass":${JSON.stringify(row.class_id)}` +
    `,"index":${row.item_index ?? 'null'},"count":${row.item_count ?? 'null'}` +
    `,"isLocked":${row.is_locked === 1},"createdAt":${JSON.stringify(row.created_at)}${more}}`
  );
}

/** Writes new items into the set's working version. */
export async function insertItems(
  db: Db,
  table: 'annotation_features',
  set: { id: string; version: number },
  author: { created_by: string; created_at: string },
  rows: readonly FeatureValues[],
): Promise<void>;
export async function insertItems(
  db: Db,
  table: 'annotation_cell_markers',
  set: { id: string; version: number },
  author: { created_by: string; created_at: string },
  rows: readonly MarkerValues[],
): Promise<void>;
export async function insertItems(
  db: Db,
  table: ItemTable,
  set: { id: string; version: number },
  author: { created_by: string; created_at: string },
  given: readonly (FeatureValues | MarkerValues)[],
): Promise<void> {
  // Regions go to disk in viewport order (spatial-order.ts); markers in id order, as they are read.
  const rows = table === 'annotation_features' ? inSpatialOrder(given as FeatureValues[]) : given;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const values = rows.slice(i, i + INSERT_CHUNK).map((row) => {
      const values = { ...author, ...row, set_id: set.id, v_from: set.version };
      return table === 'annotation_features'
        ? { ...values, answer_properties: answerProperties(values as FeatureValues & typeof author) }
        : values;
    });
    // The overloads tie each table to its row shape; Kysely cannot follow a union of tables.
    await db
      .insertInto(table)
      .values(values as never)
      .execute();
  }
}

export interface FeatureRow extends FeatureValues {
  created_by: string | null;
  created_at: string;
}

/** The set's region features alive in `version` (the working state when undefined), by item id. */
export async function findFeatures(db: Db, setId: string, version?: number): Promise<FeatureRow[]> {
  return db
    .selectFrom('annotation_features')
    .select([
      'item_id',
      'type',
      'class_id',
      'geometry',
      'min_x',
      'min_y',
      'max_x',
      'max_y',
      'item_index',
      'item_count',
      'is_locked',
      'properties',
      'created_by',
      'created_at',
    ])
    .where('set_id', '=', setId)
    .where(aliveIn<'annotation_features'>(version))
    .orderBy('item_id')
    .execute();
}

export interface MarkerRow extends MarkerValues {
  created_at: string;
}

/** The set's cell markers alive in `version` (the working state when undefined), by item id. */
export async function findMarkers(db: Db, setId: string, version?: number): Promise<MarkerRow[]> {
  return db
    .selectFrom('annotation_cell_markers')
    .select(['item_id', 'x', 'y', 'classes', 'created_at'])
    .where('set_id', '=', setId)
    .where(aliveIn<'annotation_cell_markers'>(version))
    .orderBy('item_id')
    .execute();
}

/** Markers per read of markerChunks: small enough to stay cheap for the collector's GC, large enough to be few. */
const MARKER_CHUNK = 20_000;

/** A cell marker as the binary answer reads it: item id, x, y and the classes' JSON. */
export type MarkerTuple = [number, number, number, string];

/**
 * The set's cell markers alive in `version` as the binary answer needs them, in chunks by item id (keyset:
 * each read starts after the last id of the one before, through the live or version index), each row an
 * array of values rather than an object (a million objects were a third of the answer's first making). A
 * million rows never sit in memory at once, on either database; reading them through Kysely's row-by-row
 * stream cost twice as much (an await per row).
 */
export async function* markerChunks(db: Db, setId: string, version?: number): AsyncGenerator<MarkerTuple[]> {
  for (let after = 0; ; ) {
    const query = db
      .selectFrom('annotation_cell_markers')
      .select(['item_id', 'x', 'y', 'classes'])
      .where('set_id', '=', setId)
      .where(aliveIn<'annotation_cell_markers'>(version))
      .where('item_id', '>', after)
      .orderBy('item_id')
      .limit(MARKER_CHUNK)
      .compile();
    const rows = (await selectArrays(db, query, true)) as MarkerTuple[];
    if (rows.length > 0) yield rows;
    if (rows.length < MARKER_CHUNK) return;
    after = Number(rows.at(-1)![0]);
  }
}
