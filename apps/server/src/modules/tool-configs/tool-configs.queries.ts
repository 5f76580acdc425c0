/** SQL of project tool configs. Only this file (and db/) talks to the tool_configs table. */
import type { Db } from '../../db/database.ts';

export async function findToolConfig(
  db: Db,
  projectId: string,
  configId: string,
): Promise<{ config: string } | undefined> {
  return db
    .selectFrom('tool_configs')
    .select('config')
    .where('project_id', '=', projectId)
    .where('config_id', '=', configId)
    .executeTakeFirst();
}

/** Creates or replaces the project's config of one id. */
export async function upsertToolConfig(
  db: Db,
  row: { project_id: string; config_id: string; config: string; updated_by: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('tool_configs')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['project_id', 'config_id']).doUpdateSet({
        config: row.config,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
