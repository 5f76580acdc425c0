/** A user's saved column state of a project's table (spec 1 §2), as JSON text. */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import type { TableId } from '@tessera/domain';

export async function findColumnState(
  db: Db,
  userId: string,
  projectId: string,
  tableId: TableId,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('grid_column_states')
    .select('state')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('table_id', '=', tableId)
    .executeTakeFirst();
  return row?.state;
}

export async function upsertColumnState(
  db: Db,
  userId: string,
  projectId: string,
  tableId: TableId,
  state: string,
): Promise<void> {
  await db
    .insertInto('grid_column_states')
    .values({ user_id: userId, project_id: projectId, table_id: tableId, state, updated_at: nowIso() })
    .onConflict((oc) =>
      oc.columns(['user_id', 'project_id', 'table_id']).doUpdateSet({ state, updated_at: nowIso() }),
    )
    .execute();
}
