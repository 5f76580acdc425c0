/** SQL of uploads (migrations 0025, 0027). Only this file (and db/) talks to the uploads table. */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { UploadsTable } from '../../db/upload-tables.ts';

export type UploadRow = Selectable<UploadsTable>;

/** Rows one may take: still receiving, or registering under a lease that ran out before `now` (its server died). */
const isClaimable = (now: string) => (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.or([
    eb('state', '=', 'receiving'),
    eb.and([eb('state', '=', 'registering'), eb('lease_until', '<', now)]),
  ]);

/** The rows of the upload's item: the files of an item of several, or the upload itself. */
const sameItem = (upload: UploadRow) => (eb: ExpressionBuilder<Database, 'uploads'>) =>
  upload.item_key === null
    ? eb('id', '=', upload.id)
    : eb.and([eb('user_id', '=', upload.user_id), eb('item_key', '=', upload.item_key)]);

export async function insertUpload(
  db: Db,
  row: Pick<
    UploadRow,
    | 'id'
    | 'project_id'
    | 'user_id'
    | 'file_name'
    | 'checksum'
    | 'size'
    | 'created_at'
    | 'item_key'
    | 'relative_path'
    | 'file_count'
    | 'is_partial'
  >,
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ ...row, state: 'receiving', updated_at: row.created_at })
    .execute();
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The files of a user's item of several uploads, in no order. */
export async function findItemUploads(db: Db, userId: string, itemKey: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_key', '=', itemKey)
    .execute();
}

/**
 * Takes the upload's item for registering until `leaseUntil`: from receiving, or from a registering whose
 * lease ran out (its server died). Answers how many rows it took — none when another holds them or they
 * are done: exactly one registers an item, since one statement takes all its rows.
 */
export async function claimForRegistering(
  db: Db,
  upload: UploadRow,
  now: string,
  leaseUntil: string,
): Promise<number> {
  const result = await db
    .updateTable('uploads')
    .set({ state: 'registering', lease_until: leaseUntil, updated_at: now })
    .where(sameItem(upload))
    .where(isClaimable(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The upload's item (every file of it) became the slide. */
export async function markRegistered(db: Db, upload: UploadRow, slideId: string, now: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'registered', slide_id: slideId, lease_until: null, updated_at: now })
    .where(sameItem(upload))
    .execute();
}

/** The upload's item (every file of it) failed, for `errorMessage`. */
export async function markFailed(
  db: Db,
  upload: UploadRow,
  errorMessage: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'failed', error_message: errorMessage, lease_until: null, updated_at: now })
    .where(sameItem(upload))
    .execute();
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

export async function deleteUploads(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/**
 * Takes partial uploads for joining into a final one until `leaseUntil` (one statement, so of two finals
 * naming them one takes them all); answers how many it took.
 */
export async function claimParts(
  db: Db,
  ids: readonly string[],
  now: string,
  leaseUntil: string,
): Promise<number> {
  const result = await db
    .updateTable('uploads')
    .set({ state: 'registering', lease_until: leaseUntil, updated_at: now })
    .where('id', 'in', ids)
    .where('is_partial', '=', 1)
    .where(isClaimable(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives back the parts a final upload took under `leaseUntil` (its joining failed): they can be joined again. */
export async function releaseParts(db: Db, ids: readonly string[], leaseUntil: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'receiving', lease_until: null })
    .where('id', 'in', ids)
    .where('state', '=', 'registering')
    .where('lease_until', '=', leaseUntil)
    .execute();
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
  return db.selectFrom('uploads').selectAll().where(isClaimable(now)).execute();
}
