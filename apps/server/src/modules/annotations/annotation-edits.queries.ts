/**
 * Edits of a set's items under the version ranges of migration 0021. The working version W takes every
 * edit: a row born in W is changed or removed in place; an older row — part of a made version — is
 * closed (v_to = W) and, for a change, its new state written as a row born in W. So a made version never
 * changes, and making one copies nothing.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AnnotationCellMarkersTable, AnnotationFeaturesTable } from '../../db/annotation-tables.ts';
import { answerProperties } from './annotation-items.queries.ts';

export type ItemTable = 'annotation_features' | 'annotation_cell_markers';
export type LiveFeature = Selectable<AnnotationFeaturesTable>;
export type LiveMarker = Selectable<AnnotationCellMarkersTable>;

/** Ids per `IN (…)` list: well under SQLite's bound-value limit with room for the other conditions. */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(items.slice(i, i + ID_CHUNK));
  return out;
}

/** The live rows of these items (those not alive are absent from the answer). */
export async function findLive(
  db: Db,
  table: 'annotation_features',
  setId: string,
  ids: readonly number[],
): Promise<LiveFeature[]>;
export async function findLive(
  db: Db,
  table: 'annotation_cell_markers',
  setId: string,
  ids: readonly number[],
): Promise<LiveMarker[]>;
export async function findLive(db: Db, table: ItemTable, setId: string, ids: readonly number[]) {
  const rows: unknown[] = [];
  for (const part of chunks(ids))
    rows.push(
      ...(await db
        .selectFrom(table)
        .selectAll()
        .where('set_id', '=', setId)
        .where('v_to', 'is', null)
        .where('item_id', 'in', part)
        .execute()),
    );
  return rows;
}

/**
 * Removes these live items from the working version `w`: their rows are closed, never deleted — a row
 * born in `w` then lives in no version ([w, w) is empty), and the item's last state stays for an undo
 * that restores it with its author and time.
 */
export async function removeItems(
  db: Db,
  table: ItemTable,
  setId: string,
  w: number,
  ids: readonly number[],
): Promise<number> {
  let removed = 0;
  for (const part of chunks(ids)) {
    const closed = await db
      .updateTable(table)
      .set({ v_to: w })
      .where('set_id', '=', setId)
      .where('v_to', 'is', null)
      .where('item_id', 'in', part)
      .executeTakeFirst();
    removed += Number(closed.numUpdatedRows);
  }
  return removed;
}

/** Who made these items and when, from each one's newest row (for items restored by an undo). */
export async function findAuthors(
  db: Db,
  table: ItemTable,
  setId: string,
  ids: readonly number[],
): Promise<Map<number, { created_by: string | null; created_at: string }>> {
  const authors = new Map<number, { created_by: string | null; created_at: string }>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom(table)
      .select(['item_id', 'created_by', 'created_at'])
      .where('set_id', '=', setId)
      .where('item_id', 'in', part)
      .orderBy('row_id', 'desc')
      .execute();
    for (const row of rows) if (!authors.has(Number(row.item_id))) authors.set(Number(row.item_id), row);
  }
  return authors;
}

/**
 * Gives a live item a new state in the working version `w`: in place when its row was born in `w`,
 * else the row is closed and the new state written beside it. `row` is the item's live row.
 */
export async function replaceItem<T extends LiveFeature | LiveMarker>(
  db: Db,
  table: ItemTable,
  w: number,
  row: T,
  change: Partial<Omit<T, 'row_id' | 'set_id' | 'item_id' | 'v_from' | 'v_to'>>,
): Promise<void> {
  // A region's answer text follows its columns (migration 0024).
  const next = { ...row, ...change };
  if (table === 'annotation_features')
    change = { ...change, answer_properties: answerProperties(next as unknown as LiveFeature) };
  if (row.v_from === w) {
    await db
      .updateTable(table)
      .set(change as never)
      .where('row_id', '=', row.row_id)
      .execute();
    return;
  }
  await db.updateTable(table).set({ v_to: w }).where('row_id', '=', row.row_id).execute();
  const { row_id: _old, ...state } = row;
  await db
    .insertInto(table)
    .values({ ...state, ...change, v_from: w, v_to: null } as never)
    .execute();
}

/** The item ids this set has handed out (an id of one may be restored; others are not the set's). */
export async function nextItemId(db: Db, setId: string): Promise<number> {
  const row = await db
    .selectFrom('annotation_sets')
    .select('next_item_id')
    .where('id', '=', setId)
    .executeTakeFirstOrThrow();
  return Number(row.next_item_id);
}
