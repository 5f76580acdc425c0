/**
 * SQL of a set's items — region features and cell markers — under the version ranges of migration 0021:
 * the working state is `v_to IS NULL`, version V is `v_from <= V AND (v_to IS NULL OR v_to > V)`.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

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

export interface FeatureValues {
  item_id: number;
  /** Set for an item restored by an undo: its first author and time; else the creating call's. */
  created_by?: string | null;
  created_at?: string;
  type: string;
  class_id: string;
  geometry: string;
  min_x: number;
  min_y: number;
  max_x: number;
  max_y: number;
  item_index: number | null;
  item_count: number | null;
  is_locked: number;
  properties: string;
}

export interface MarkerValues {
  item_id: number;
  created_by?: string | null;
  created_at?: string;
  x: number;
  y: number;
  classes: string;
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
