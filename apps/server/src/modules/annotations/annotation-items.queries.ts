/**
 * SQL of a set's items — region features and cell markers — under the version ranges of migration 0021:
 * the working state is `v_to IS NULL`, version V is `v_from <= V AND (v_to IS NULL OR v_to > V)`.
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { isSqlite } from '../../db/dialect.ts';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AnnotationCellMarkersTable, AnnotationFeaturesTable } from '../../db/annotation-tables.ts';

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

export type FeatureValues = Omit<Selectable<AnnotationFeaturesTable>, RowColumns> & Author;
export type MarkerValues = Omit<Selectable<AnnotationCellMarkersTable>, RowColumns> & Author;

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
  rows: readonly (FeatureValues | MarkerValues)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const values = rows
      .slice(i, i + INSERT_CHUNK)
      .map((row) => ({ ...author, ...row, set_id: set.id, v_from: set.version }));
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

/**
 * The set's cell markers alive in `version` as the binary answer needs them, in chunks by item id (keyset:
 * each read starts after the last id of the one before, through the live or version index). A million rows
 * never sit in memory at once as objects, on either database; reading them through Kysely's row-by-row
 * stream cost twice as much (an await per row).
 */
export async function* markerChunks(
  db: Db,
  setId: string,
  version?: number,
): AsyncGenerator<{ item_id: number; x: number; y: number; classes: string }[]> {
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom('annotation_cell_markers')
      .select(['item_id', 'x', 'y', 'classes'])
      .where('set_id', '=', setId)
      .where(aliveIn<'annotation_cell_markers'>(version))
      .where('item_id', '>', after)
      .orderBy('item_id')
      .limit(MARKER_CHUNK)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < MARKER_CHUNK) return;
    after = Number(rows.at(-1)!.item_id);
  }
}

const FEATURE_COLUMNS = sql.raw(
  'f.item_id, f.type, f.class_id, f.geometry, f.min_x, f.min_y, f.max_x, f.max_y, f.item_index, ' +
    'f.item_count, f.is_locked, f.properties, f.created_by, f.created_at',
);

type Box = { minX: number; minY: number; maxX: number; maxY: number };

/**
 * FROM and WHERE of the set's region features alive in `version` (working state when undefined), all of
 * them or those whose bounding box meets `box`: an R*Tree lookup on SQLite, the GiST index on PostgreSQL,
 * both of them led by the set (migration 0023), so other sets' boxes are never walked.
 */
function featuresOf(db: Db, setId: string, version: number | undefined, box: Box | undefined) {
  const alive =
    version === undefined
      ? sql`f.v_to IS NULL`
      : sql`f.v_from <= ${version} AND (f.v_to IS NULL OR f.v_to > ${version})`;
  if (!box) return sql`annotation_features f WHERE f.set_id = ${setId} AND ${alive}`;
  if (isSqlite(db))
    // CROSS JOIN keeps the R*Tree outermost: offered f.set_id, SQLite's planner would rather walk the
    // whole set by its item index and look each row up in the R*Tree (two seconds for 2,000 features).
    return sql`annotation_features_rtree r CROSS JOIN annotation_features f ON f.row_id = r.row_id
      WHERE r.min_set <= (SELECT spatial_key FROM annotation_sets WHERE id = ${setId})
        AND r.max_set >= (SELECT spatial_key FROM annotation_sets WHERE id = ${setId})
        AND r.max_x >= ${box.minX} AND r.min_x <= ${box.maxX} AND r.max_y >= ${box.minY} AND r.min_y <= ${box.maxY}
        AND f.set_id = ${setId} AND ${alive}`;
  return sql`annotation_features f
    WHERE f.set_id = ${setId}
      AND box(point(f.min_x, f.min_y), point(f.max_x, f.max_y)) && box(point(${box.minX}, ${box.minY}), point(${box.maxX}, ${box.maxY}))
      AND ${alive}`;
}

/**
 * The database does not order a viewport: sorting tens of thousands of rows with their outlines in a
 * temporary B-tree was a third of a 50,000-feature viewport's time on SQLite, while ids sort here in
 * milliseconds. So a truncated viewport holds some `limit` of the features, not the lowest ids.
 */
const byItemId = <T extends { item_id: number }>(rows: T[]): T[] =>
  rows.sort((a, b) => Number(a.item_id) - Number(b.item_id));

/** The set's region features whose box meets `box` (all of them without one), at most `limit`, by item id. */
export async function findFeaturesInBox(
  db: Db,
  setId: string,
  version: number | undefined,
  box: Box,
  limit: number,
): Promise<FeatureRow[]> {
  const query = sql<FeatureRow>`SELECT ${FEATURE_COLUMNS} FROM ${featuresOf(db, setId, version, box)} LIMIT ${limit}`;
  return byItemId((await query.execute(db)).rows);
}

/*
 * A stored feature as the JSON text of a RegionAnnotation, written by the database around the stored
 * geometry and properties without parsing them (their values were checked on write, and the properties
 * hold no key of the columns': featureValues). The text before and after the geometry are two pieces, so
 * an answer that replaces the geometry (thinned, a centroid) keeps the same envelope; a full answer asks
 * for one string, the whole text. JavaScript then gets one string per feature rather than fourteen values:
 * at 50,000 features the values and their garbage were half of a viewport's time.
 */

/** The column `f.<name>` as a JSON string (quoted and escaped). */
const quoted = (db: Db, name: string) =>
  isSqlite(db) ? sql`json_quote(${sql.ref(`f.${name}`)})` : sql`to_json(${sql.ref(`f.${name}`)})::text`;

/** `{"type":"Feature","id":"…","geometry":` */
export const featureHead = (): RawBuilder<string> =>
  sql<string>`'{"type":"Feature","id":"' || CAST(f.item_id AS text) || '","geometry":'`;

/** `,"properties":{…}}`: the columns, then the stored properties (annotatedBy always among them). */
export const featureTail = (db: Db): RawBuilder<string> =>
  sql<string>`',"properties":{"annotationType":' || ${quoted(db, 'type')} ||
    ',"annotationClass":' || ${quoted(db, 'class_id')} ||
    ',"index":' || coalesce(CAST(f.item_index AS text), 'null') ||
    ',"count":' || coalesce(CAST(f.item_count AS text), 'null') ||
    ',"isLocked":' || CASE WHEN f.is_locked = 1 THEN 'true' ELSE 'false' END ||
    ',"createdAt":' || ${quoted(db, 'created_at')} ||
    CASE WHEN length(f.properties) > 2 THEN ',' || substr(f.properties, 2, length(f.properties) - 2) ELSE '' END ||
    '}}'`;

/** A feature's JSON text (`text`), or its envelope around a geometry to replace (`head`, `tail`). */
export type FeatureTextRow = { item_id: number } & (
  | { text: string }
  | {
      head: string;
      tail: string;
      geometry: string;
      min_x: number;
      min_y: number;
      max_x: number;
      max_y: number;
    }
);

/**
 * The set's region features as JSON text (annotation-feature-text.ts), by item id: whole when `isWhole`,
 * else as envelope and geometry for the caller to replace it. With `box`, those that meet it, at most
 * `limit`.
 */
export async function findFeatureTexts(
  db: Db,
  setId: string,
  options: { version?: number | undefined; box?: Box | undefined; limit: number; isWhole: boolean },
): Promise<FeatureTextRow[]> {
  const columns = options.isWhole
    ? sql`f.item_id, ${featureHead()} || f.geometry || ${featureTail(db)} AS text`
    : sql`f.item_id, ${featureHead()} AS head, ${featureTail(db)} AS tail, f.geometry, f.min_x, f.min_y, f.max_x, f.max_y`;
  const from = featuresOf(db, setId, options.version, options.box);
  const query = options.box
    ? sql<FeatureTextRow>`SELECT ${columns} FROM ${from} LIMIT ${options.limit}`
    : sql<FeatureTextRow>`SELECT ${columns} FROM ${from} ORDER BY f.item_id`;
  const rows = (await query.execute(db)).rows;
  return options.box ? byItemId(rows) : rows;
}
