/** SQL of version collections: the tags on a set's made versions (migration 0021). */
import type { Db } from '../../db/database.ts';

export interface CollectionRow {
  id: string;
  version: number;
  tag: string;
  created_at: string;
}

/** A page of the set's collections, newest first. */
export async function findCollectionPage(
  db: Db,
  setId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: CollectionRow[]; total: number }> {
  const rows = await db
    .selectFrom('annotation_version_collections')
    .select(['id', 'version', 'tag', 'created_at'])
    .where('set_id', '=', setId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { total } = await db
    .selectFrom('annotation_version_collections')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('set_id', '=', setId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export async function insertCollection(db: Db, row: CollectionRow & { set_id: string }): Promise<void> {
  await db.insertInto('annotation_version_collections').values(row).execute();
}

/** Deletes the set's collection; false when the set has no such collection. */
export async function deleteCollection(db: Db, setId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('annotation_version_collections')
    .where('set_id', '=', setId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
