/** The settings table: run-time switches as key and text value (settings.service.ts reads them). */
import type { Db } from '../../db/database.ts';

export async function findSettings(db: Db): Promise<{ key: string; value: string }[]> {
  return db.selectFrom('settings').select(['key', 'value']).execute();
}

export async function upsertSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
