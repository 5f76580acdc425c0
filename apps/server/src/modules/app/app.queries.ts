import type { Db } from '../../db/database.ts';

export async function confirmManualRead(db: Db, userId: string, manualVersion: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ manual_version_read: manualVersion })
    .where('id', '=', userId)
    .execute();
}
