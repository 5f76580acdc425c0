/** SQL of uploads (migration 0025). Only this file (and db/) talks to the uploads table. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UploadsTable } from '../../db/upload-tables.ts';

export type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(
  db: Db,
  row: Pick<UploadRow, 'id' | 'project_id' | 'user_id' | 'file_name' | 'checksum' | 'size' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ ...row, state: 'receiving', updated_at: row.created_at })
    .execute();
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the upload for registering until `leaseUntil`: from receiving, or from a registering whose lease
 * ran out (its server died). False when another holds it or it is done: exactly one registers it.
 */
export async function claimForRegistering(
  db: Db,
  id: string,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ state: 'registering', lease_until: leaseUntil, updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'receiving'),
        eb.and([eb('state', '=', 'registering'), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markRegistered(db: Db, id: string, slideId: string, now: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'registered', slide_id: slideId, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Db, id: string, errorMessage: string, now: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'failed', error_message: errorMessage, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** Uploads still receiving bytes that began before `before` (ISO time): those expiry looks at. */
export async function findReceivingUploads(db: Db, before: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('state', '=', 'receiving')
    .where('created_at', '<', before)
    .execute();
}

/**
 * Gives up a receiving upload (failed with `errorMessage`); false when it is no longer receiving (its
 * last byte came meanwhile, or another server gave it up first).
 */
export async function markExpired(db: Db, id: string, errorMessage: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ state: 'failed', error_message: errorMessage, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'receiving')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uploads a server may have left unfinished: bytes still arriving, or registering under a lease that ran out. */
export async function findUnfinishedUploads(db: Db, now: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('state', '=', 'receiving'),
        eb.and([eb('state', '=', 'registering'), eb('lease_until', '<', now)]),
      ]),
    )
    .execute();
}
