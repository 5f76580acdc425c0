/**
 * Bearer identities. Access tokens are short-lived JWTs (HS256) naming a session; a session row holds
 * the hashed refresh token and is revoked on logout and password change, which also ends its access
 * tokens (the session is checked on every request). Refresh tokens rotate on use and the old ones are
 * kept (hashed) until the session expires: presenting one again revokes the session (reuse detection).
 * API keys are random secrets stored hashed.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isSystemRole } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, Authenticator } from '../../actor.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { findApiKeyUser, findSessionUser, findSystemRoles } from './actor.queries.ts';
import {
  insertSession,
  pruneRetiredRefreshTokens,
  revokeSessions,
  rotateRefreshToken,
} from './sessions.queries.ts';

type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser.first>>>;

export const API_KEY_PREFIX = 'tsk_';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface TokenService extends Authenticator {
  startSession(userId: string, remember: boolean): Promise<TokenPair>;
  /**
   * New tokens for a refresh token, or null. A replayed (already rotated) token ends its session; then
   * `onReuse` is told whose session it was and whether this replay ended it (false: it had ended before).
   */
  refresh(
    refreshToken: string,
    onReuse?: (reuse: { userId: string; sessionId: string; sessionRevoked: boolean }) => Promise<void>,
  ): Promise<TokenPair | null>;
  revokeSession(sessionId: string): Promise<void>;
  revokeAllSessions(userId: string): Promise<void>;
}

export function createTokenService(
  db: Db,
  opts: { secret: string; accessTtlSeconds: number; refreshTtlSeconds: number },
): TokenService {
  // A KeyObject, not raw bytes: jose would import raw bytes into WebCrypto again on every verify.
  const key = createSecretKey(Buffer.from(opts.secret, 'utf8'));
  const verified = new VerifiedTokens();
  let lastPrune = 0;

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

  async function actorFor(user: SessionUser | undefined, sessionId: string | null): Promise<Actor | null> {
    if (!user) return null;
    const roles = await findSystemRoles.all(db, { userId: user.id });
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
      const refreshToken = newSecret();
      const now = Date.now();
      const id = await insertSession(db, {
        userId,
        refreshTokenHash: sha256(refreshToken),
        remember,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + opts.refreshTtlSeconds * 1000).toISOString(),
      });
      return pairFor(userId, id, refreshToken);
    },

    async refresh(refreshToken, onReuse) {
      const now = nowIso();
      if (Date.now() - lastPrune >= PRUNE_RETIRED_EVERY_MS) {
        lastPrune = Date.now();
        await pruneRetiredRefreshTokens(db, now);
      }
      // Rotate: each refresh token is good once, so a stolen one is noticed when either party uses it
      // again, and then the whole session ends: the thief's tokens and the user's alike.
      const next = newSecret();
      const outcome = await rotateRefreshToken(db, sha256(refreshToken), sha256(next), now);
      if (outcome.kind === 'rotated') return pairFor(outcome.userId, outcome.sessionId, next);
      if (outcome.kind === 'reused') {
        const { kind: _, ...reuse } = outcome;
        await onReuse?.(reuse);
      }
      return null;
    },

    async revokeSession(sessionId) {
      await revokeSessions(db, { sessionId }, nowIso());
    },

    async revokeAllSessions(userId) {
      await revokeSessions(db, { userId }, nowIso());
    },

    async authenticate(bearer) {
      if (bearer.startsWith(API_KEY_PREFIX))
        return actorFor(await findApiKeyUser.first(db, { keyHash: sha256(bearer) }), null);
      const claims = await verified.claimsOf(bearer, key);
      if (!claims) return null;
      // The signature is settled once per token; the session is checked on every request (revocation).
      return actorFor(
        await findSessionUser.first(db, { sessionId: claims.sid, userId: claims.sub }),
        claims.sid,
      );
    },
  };
}

/** How often a process forgets the retired refresh tokens of expired sessions. */
const PRUNE_RETIRED_EVERY_MS = 10 * 60_000;

/** Verified access tokens remembered at most; a viewer sends the same token with every tile. */
const MAX_VERIFIED_TOKENS = 10_000;

interface Claims {
  sub: string;
  sid: string;
  expiresAtMs: number;
}

/**
 * Remembers tokens whose signature and claims were verified, until they expire: an HMAC verify through
 * jose costs more than the rest of a tile request. Only successful verifications are kept, so a forged
 * token is verified (and refused) every time.
 */
class VerifiedTokens {
  private readonly claims = new Map<string, Claims>();

  async claimsOf(token: string, key: KeyObject): Promise<Claims | null> {
    const known = this.claims.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known;
      this.claims.delete(token);
    }
    let found: Claims;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      found = { sub: payload.sub, sid: payload.sid, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
    if (this.claims.size >= MAX_VERIFIED_TOKENS) this.claims.delete(this.claims.keys().next().value!);
    this.claims.set(token, found);
    return found;
  }
}
