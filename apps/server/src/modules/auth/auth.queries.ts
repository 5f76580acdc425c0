/**
 * SQL of sign-in: the credential state of users (password, TOTP, failed sign-ins, lock), pending
 * sign-in steps and reset codes (auth_challenges), and session revocation inside password changes.
 * Conditional updates (`where used_at is null`, `where totp_last_counter < step`) make each one-time
 * thing one-time even when two requests race.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

type Executor = Db | Transaction<Database>;

/** Thrown inside a transaction to roll it back when a one-time thing turned out to be used already. */
class AlreadyUsed extends Error {}

/** Runs `work` in a transaction; false (and everything rolled back) when it threw AlreadyUsed. */
async function oneTime(db: Db, work: (tx: Transaction<Database>) => Promise<void>): Promise<boolean> {
  try {
    await db.transaction().execute(work);
    return true;
  } catch (e) {
    if (e instanceof AlreadyUsed) return false;
    throw e;
  }
}

export type ChallengeKind = 'totp' | 'totpSetup' | 'newPasswordRequired' | 'passwordReset';

export interface SignInUser {
  id: string;
  email: string;
  password_hash: string | null;
  password_changed_at: string | null;
  must_change_password: number;
  must_setup_totp: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_counter: number | null;
  is_sso_user: number;
  locked_until: string | null;
}

const SIGN_IN_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'password_changed_at',
  'must_change_password',
  'must_setup_totp',
  'totp_secret',
  'totp_pending_secret',
  'totp_last_counter',
  'is_sso_user',
  'locked_until',
] as const;

export async function findSignInUserByEmail(db: Db, email: string): Promise<SignInUser | undefined> {
  return db.selectFrom('users').select(SIGN_IN_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function findSignInUserById(db: Db, id: string): Promise<SignInUser | undefined> {
  return db.selectFrom('users').select(SIGN_IN_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Counts one failed sign-in; at `threshold` consecutive failures the account is locked until
 * `lockUntil` and the count starts again. Returns whether this failure locked the account.
 */
export async function recordFailedSignIn(
  db: Db,
  userId: string,
  threshold: number,
  lockUntil: string,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    const locked = await tx
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: lockUntil })
      .where('id', '=', userId)
      .where('failed_logins', '>=', threshold)
      .executeTakeFirst();
    return Number(locked.numUpdatedRows) > 0;
  });
}

export async function clearFailedSignIns(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0 })
    .where('id', '=', userId)
    .where('failed_logins', '>', 0)
    .execute();
}

export interface NewChallenge {
  userId: string;
  kind: ChallengeKind;
  tokenHash: string;
  codeHash?: string | null;
  remember: boolean;
  now: string;
  expiresAt: string;
}

export async function insertChallenge(db: Executor, c: NewChallenge & { id?: string }): Promise<string> {
  const id = c.id ?? newId();
  await db
    .insertInto('auth_challenges')
    .values({
      id,
      user_id: c.userId,
      kind: c.kind,
      token_hash: c.tokenHash,
      code_hash: c.codeHash ?? null,
      attempts: 0,
      remember: c.remember ? 1 : 0,
      expires_at: c.expiresAt,
      used_at: null,
      created_at: c.now,
    })
    .execute();
  return id;
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  code_hash: string | null;
  attempts: number;
  remember: number;
}

/** An open (unused, unexpired) challenge of this kind by its session token's hash. */
export async function findOpenChallenge(
  db: Db,
  tokenHash: string,
  kind: ChallengeKind,
  now: string,
): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('auth_challenges')
    .select(['id', 'user_id', 'code_hash', 'attempts', 'remember'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The newest open reset code of a user. */
export async function findOpenResetChallenge(
  db: Db,
  userId: string,
  now: string,
): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('auth_challenges')
    .select(['id', 'user_id', 'code_hash', 'attempts', 'remember'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'passwordReset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Counts a wrong code; returns the attempts made so far. */
export async function countChallengeAttempt(db: Db, id: string): Promise<number> {
  await db
    .updateTable('auth_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('auth_challenges')
    .select('attempts')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Closes a challenge; false when it was already closed (a second use of the same session). */
export async function closeChallenge(db: Executor, id: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Closes every open challenge of one kind of a user (a new reset code replaces the old ones). */
export async function closeChallengesOfKind(
  db: Executor,
  userId: string,
  kind: ChallengeKind,
  now: string,
): Promise<void> {
  await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/** A new reset code for a user: older open codes are closed in the same transaction. */
export async function replaceResetChallenge(db: Db, c: NewChallenge & { id: string }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await closeChallengesOfKind(tx, c.userId, 'passwordReset', c.now);
    await insertChallenge(tx, c);
  });
}

/**
 * Accepts a TOTP challenge: records the code's time step (only if newer than the last accepted one)
 * and closes the challenge. False when either was already used.
 */
export async function completeTotpChallenge(
  db: Db,
  challengeId: string,
  userId: string,
  step: number,
  now: string,
): Promise<boolean> {
  return oneTime(db, async (tx) => {
    const used = await tx
      .updateTable('users')
      .set({ totp_last_counter: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0 || !(await closeChallenge(tx, challengeId, now)))
      throw new AlreadyUsed();
  });
}

export async function setPendingTotpSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

/** Turns the pending secret into the user's second factor and closes the setup challenge, or nothing. */
export async function enableTotp(
  db: Db,
  challengeId: string,
  userId: string,
  secret: string,
  step: number,
  now: string,
): Promise<boolean> {
  return oneTime(db, async (tx) => {
    const res = await tx
      .updateTable('users')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_counter: step, must_setup_totp: 0 })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', secret)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0 || !(await closeChallenge(tx, challengeId, now)))
      throw new AlreadyUsed();
  });
}

/**
 * Sets a new password and ends every session and revokes every API key of the user, in one transaction
 * (whoever knew the old password may have made either); with `challengeId` the challenge that allowed it
 * is closed too (null, and nothing changed, when it was already closed). A new password also clears the
 * lock and the initial-login flag. Answers how many API keys were revoked.
 */
export async function replacePassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: string,
  challengeId: string | null,
): Promise<{ apiKeysRevoked: number } | null> {
  let apiKeysRevoked = 0;
  const done = await oneTime(db, async (tx) => {
    if (challengeId && !(await closeChallenge(tx, challengeId, now))) throw new AlreadyUsed();
    await tx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        must_change_password: 0,
        failed_logins: 0,
        locked_until: null,
      })
      .where('id', '=', userId)
      .execute();
    await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    const keys = await tx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    apiKeysRevoked = Number(keys.numUpdatedRows);
  });
  return done ? { apiKeysRevoked } : null;
}
