import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';

export interface SharedViewRow {
  type: string;
  /** JSON text. */
  value: string;
}

/**
 * Stores a view under its hash unless that hash is stored already: the hash is over the content, so an
 * existing row holds the same view and the first sharer stays its creator.
 */
export async function insertSharedView(
  db: Db,
  view: { hash: string; projectId: string; type: string; value: string; createdBy: string },
): Promise<void> {
  await db
    .insertInto('shared_views')
    .values({
      hash: view.hash,
      project_id: view.projectId,
      type: view.type,
      value: view.value,
      created_by: view.createdBy,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/** The view stored under `hash` in this project; undefined when there is none (or it is another project's). */
export async function findSharedView(
  db: Db,
  projectId: string,
  hash: string,
): Promise<SharedViewRow | undefined> {
  return db
    .selectFrom('shared_views')
    .select(['type', 'value'])
    .where('hash', '=', hash)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}
