/**
 * Bearer identities. Access tokens are short-lived JWTs (HS256) naming a session; a session row holds
 * the hashed refresh token and is revoked on logout and password change, which also ends its access
 * tokens (the session is checked on every request). API keys are random secrets stored hashed.
 */
import { SignJWT, jwtVerify } from 'jose';
import { isSystemRole } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, Authenticator } from '../../http/actor.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';

export const API_KEY_PREFIX = 'tsk_';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface TokenService extends Authenticator {
  startSession(userId: string, remember: boolean): Promise<TokenPair>;
  refresh(refreshToken: string): Promise<TokenPair | null>;
  revokeSession(sessionId: string): Promise<void>;
  revokeAllSessions(userId: string): Promise<void>;
}

export function createTokenService(
  db: Db,
  opts: { secret: string; accessTtlSeconds: number; refreshTtlSeconds: number },
): TokenService {
  const key = new TextEncoder().encode(opts.secret);

  const signAccess = (userId: string, sessionId: string) =>
    new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${opts.accessTtlSeconds}s`)
      .sign(key);

  const pairFor = async (userId: string, sessionId: string, refreshToken: string): Promise<TokenPair> => ({
    accessToken: await signAccess(userId, sessionId),
    refreshToken,
    expiresIn: opts.accessTtlSeconds,
  });

  async function actorFor(userId: string, sessionId: string | null): Promise<Actor | null> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'username', 'is_sso_user', 'manual_version_read'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    const roles = await db.selectFrom('user_system_roles').select('role').where('user_id', '=', userId).execute();
    return {
      userId: user.id,
      email: user.email,
      username: user.username,
      systemRoles: roles.map((r) => r.role).filter(isSystemRole),
      isSsoUser: user.is_sso_user === 1,
      sessionId,
      manualVersionRead: user.manual_version_read,
    };
  }

  return {
    async startSession(userId, remember) {
      const id = newId();
      const refreshToken = newSecret();
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          refresh_token_hash: sha256(refreshToken),
          remember: remember ? 1 : 0,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + opts.refreshTtlSeconds * 1000).toISOString(),
          revoked_at: null,
        })
        .execute();
      return pairFor(userId, id, refreshToken);
    },

    async refresh(refreshToken) {
      const session = await db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'expires_at'])
        .where('refresh_token_hash', '=', sha256(refreshToken))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!session || session.expires_at <= nowIso()) return null;
      // Rotate: each refresh token is good once, so a stolen one is noticed when either party uses it.
      const next = newSecret();
      await db.updateTable('sessions').set({ refresh_token_hash: sha256(next) }).where('id', '=', session.id).execute();
      return pairFor(session.user_id, session.id, next);
    },

    async revokeSession(sessionId) {
      await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).execute();
    },

    async revokeAllSessions(userId) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async authenticate(bearer) {
      if (bearer.startsWith(API_KEY_PREFIX)) {
        const row = await db
          .selectFrom('api_keys')
          .select('user_id')
          .where('key_hash', '=', sha256(bearer))
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return row ? actorFor(row.user_id, null) : null;
      }
      try {
        const { payload } = await jwtVerify(bearer, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const session = await db
          .selectFrom('sessions')
          .select('id')
          .where('id', '=', payload.sid)
          .where('user_id', '=', payload.sub)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return session ? actorFor(payload.sub, session.id) : null;
      } catch {
        return null;
      }
    },
  };
}
