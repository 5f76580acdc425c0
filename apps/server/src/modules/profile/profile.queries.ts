/** SQL of the profile: the current session's sign-in time and remember choice, and API keys. */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export async function findSession(
  db: Db,
  sessionId: string,
): Promise<{ created_at: string; remember: number } | undefined> {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'remember'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function findActiveApiKeys(
  db: Db,
  userId: string,
): Promise<{ id: string; created_at: string }[]> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Replaces the user's API key: every earlier key is revoked in the same transaction (one active key per user). */
export async function replaceApiKey(db: Db, userId: string, keyHash: string, now: string): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await tx
      .insertInto('api_keys')
      .values({ id, user_id: userId, key_hash: keyHash, created_at: now, revoked_at: null })
      .execute();
  });
  return id;
}
