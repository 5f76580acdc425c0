/** The slides a CSV import can name: ids and file names of the project (an index-only read). */
import type { Db } from '../../db/database.ts';

export async function findSlideNames(db: Db, projectId: string): Promise<{ id: string; fileName: string }[]> {
  const rows = await db
    .selectFrom('slides')
    .select(['id', 'file_name'])
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((r) => ({ id: r.id, fileName: r.file_name }));
}
