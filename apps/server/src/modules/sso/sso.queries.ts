/** SQL of single sign-on logins in flight (table sso_logins, migration 0004). */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';

export interface NewSsoLogin {
  providerId: string;
  stateHash: string;
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  remember: boolean;
  expiresAt: string;
}

export async function insertSsoLogin(db: Db, login: NewSsoLogin): Promise<void> {
  await db
    .insertInto('sso_logins')
    .values({
      id: newId(),
      provider_id: login.providerId,
      state_hash: login.stateHash,
      browser_hash: login.browserHash,
      nonce: login.nonce,
      code_verifier: login.codeVerifier,
      remember: login.remember ? 1 : 0,
      user_id: null,
      exchange_code_hash: null,
      expires_at: login.expiresAt,
      completed_at: null,
      exchanged_at: null,
      created_at: nowIso(),
    })
    .execute();
}

/** Forgets logins whose state or exchange code has expired; called as new ones start, so the table stays small. */
export async function deleteExpiredSsoLogins(db: Db): Promise<void> {
  await db.deleteFrom('sso_logins').where('expires_at', '<', nowIso()).execute();
}

export interface PendingSsoLogin {
  id: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Takes the login waiting at the provider with this state, started by this browser, and marks it
 * returned, so the same callback URL cannot be used twice. Null when unknown, expired, already used,
 * for another provider or started in another browser.
 */
export async function takePendingSsoLogin(
  db: Db,
  q: { providerId: string; stateHash: string; browserHash: string },
): Promise<PendingSsoLogin | null> {
  const now = nowIso();
  const row = await db
    .selectFrom('sso_logins')
    .select(['id', 'nonce', 'code_verifier'])
    .where('state_hash', '=', q.stateHash)
    .where('provider_id', '=', q.providerId)
    .where('browser_hash', '=', q.browserHash)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const taken = await db
    .updateTable('sso_logins')
    .set({ completed_at: now })
    .where('id', '=', row.id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return taken.numUpdatedRows === 1n
    ? { id: row.id, nonce: row.nonce, codeVerifier: row.code_verifier }
    : null;
}

/** Records who signed in and the hash of the one-time exchange code, which is good until expiresAt. */
export async function setSsoExchangeCode(
  db: Db,
  id: string,
  q: { userId: string; codeHash: string; expiresAt: string },
): Promise<void> {
  await db
    .updateTable('sso_logins')
    .set({ user_id: q.userId, exchange_code_hash: q.codeHash, expires_at: q.expiresAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Redeems a one-time exchange code presented by the browser that started the login: marks it used
 * (at most once, even under concurrent calls) and returns who signed in. Null otherwise.
 */
export async function redeemSsoExchangeCode(
  db: Db,
  q: { codeHash: string; browserHash: string },
): Promise<{ userId: string; remember: boolean } | null> {
  const now = nowIso();
  const row = await db
    .selectFrom('sso_logins')
    .select(['id', 'user_id', 'remember'])
    .where('exchange_code_hash', '=', q.codeHash)
    .where('browser_hash', '=', q.browserHash)
    .where('exchanged_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row?.user_id) return null;
  const taken = await db
    .updateTable('sso_logins')
    .set({ exchanged_at: now })
    .where('id', '=', row.id)
    .where('exchanged_at', 'is', null)
    .executeTakeFirst();
  return taken.numUpdatedRows === 1n ? { userId: row.user_id, remember: row.remember === 1 } : null;
}
