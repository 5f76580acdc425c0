/**
 * SQL of sessions: a sign-in's session row, revocation, and refresh-token rotation, where a replayed
 * token (one already rotated) is told apart from an unknown one so the whole session can be ended.
 */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

/** A new session (a sign-in); answers its id. */
export async function insertSession(
  db: Db,
  s: { userId: string; refreshTokenHash: string; remember: boolean; createdAt: string; expiresAt: string },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: s.userId,
      refresh_token_hash: s.refreshTokenHash,
      remember: s.remember ? 1 : 0,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      revoked_at: null,
    })
    .execute();
  return id;
}

/** Ends one session (logout) or every open session of a user. */
export async function revokeSessions(
  db: Db,
  which: { sessionId: string } | { userId: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where((eb) => ('sessionId' in which ? eb('id', '=', which.sessionId) : eb('user_id', '=', which.userId)))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * What presenting a refresh token did: rotated it, caught a replay (sessionRevoked: this replay ended
 * the session; false when it had ended already), or nothing.
 */
export type RefreshOutcome =
  | { kind: 'rotated'; sessionId: string; userId: string }
  | { kind: 'reused'; sessionId: string; userId: string; sessionRevoked: boolean }
  | { kind: 'invalid' };

/**
 * Rotates a live session's refresh token from `tokenHash` to `nextHash`, keeping the old hash as retired.
 * A retired hash presented again is a replay: the session is revoked (reuse detection), which ends its
 * newest refresh token and its access tokens too. The conditional update comes first, so of two requests
 * with the same token exactly one rotates it (PostgreSQL re-checks the row after the other commits;
 * SQLite runs one writer at a time) and the other finds it retired.
 */
export async function rotateRefreshToken(
  db: Db,
  tokenHash: string,
  nextHash: string,
  now: string,
): Promise<RefreshOutcome> {
  return db.transaction().execute(async (tx) => {
    const rotated = await tx
      .updateTable('sessions')
      .set({ refresh_token_hash: nextHash })
      .where('refresh_token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'user_id', 'expires_at'])
      .executeTakeFirst();
    if (rotated) {
      await tx
        .insertInto('retired_refresh_tokens')
        .values({ token_hash: tokenHash, session_id: rotated.id, expires_at: rotated.expires_at })
        .execute();
      return { kind: 'rotated', sessionId: rotated.id, userId: rotated.user_id };
    }
    const retired = await tx
      .selectFrom('retired_refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'retired_refresh_tokens.session_id')
      .select(['sessions.id', 'sessions.user_id'])
      .where('retired_refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!retired) return { kind: 'invalid' };
    const revoked = await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', retired.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return {
      kind: 'reused',
      sessionId: retired.id,
      userId: retired.user_id,
      sessionRevoked: Number(revoked.numUpdatedRows) > 0,
    };
  });
}

/** Forgets retired refresh tokens of sessions that have expired (a replay of one is refused anyway). */
export async function pruneRetiredRefreshTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('retired_refresh_tokens').where('expires_at', '<=', now).execute();
}
