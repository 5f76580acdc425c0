/**
 * The signed-in user's own things: who they are, their password and their API key.
 * Changing the password ends every session of the user (other browsers too) and starts a new one
 * for the caller; it revokes the user's API key too, and the answer says whether there was one. An API key is shown once and only to a sign-in less than 5 minutes old.
 */
import { ERROR_CODES, auth, type profile } from '@tessera/contract';
import {
  isExternalUser,
  PASSWORD_MESSAGES,
  permissionsOf,
  PERMISSIONS,
  ROLE_DISPLAY_NAMES,
} from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor } from '../../actor.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { replacePassword } from '../auth/auth.queries.ts';
import { assertPasswordRules, ssoUserRefused, type RequestMeta } from '../auth/credentials.ts';
import { API_KEY_PREFIX, type TokenPair } from '../auth/tokens.ts';
import * as q from './profile.queries.ts';

const { AUTH_MESSAGES } = auth;

/** How recent the sign-in must be to generate an API key. */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;

export function getMe(ctx: AppContext, actor: Actor): profile.Me {
  const granted = permissionsOf({ systemRoles: actor.systemRoles, projectRole: null });
  const manualVersion = ctx.settings.manualVersion();
  return {
    id: actor.userId,
    email: actor.email,
    username: actor.username,
    systemRoles: actor.systemRoles,
    systemRoleDisplayNames: actor.systemRoles.map((r) => ROLE_DISPLAY_NAMES[r]),
    isSsoUser: actor.isSsoUser,
    isExternal: isExternalUser(actor.systemRoles),
    // In the spec's order, so clients and snapshots see a stable list.
    permissions: PERMISSIONS.filter((p) => granted.has(p)),
    manualVersion,
    manualConfirmed: manualVersion === '' || actor.manualVersionRead === manualVersion,
  };
}

export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: { oldPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<TokenPair & { apiKeyRevoked: boolean }> {
  if (actor.isSsoUser) throw ssoUserRefused();
  // "Changing the password uses the current session's access token": an API key cannot do it.
  const session = actor.sessionId ? await q.findSession(ctx.db, actor.sessionId) : undefined;
  if (!actor.sessionId || !session) throw forbidden('Sign in with your password to change it');
  if (input.oldPassword === '') throw badRequest(PASSWORD_MESSAGES.oldRequired);
  if (input.oldPassword.length < 3) throw badRequest(PASSWORD_MESSAGES.oldTooShort);
  assertPasswordRules(input.newPassword);
  const hash = await q.findPasswordHash(ctx.db, actor.userId);
  if (!(await verifyPassword(hash, input.oldPassword)))
    throw badRequest(AUTH_MESSAGES.oldPasswordWrong, ERROR_CODES.wrongCredentials);
  if (input.newPassword === input.oldPassword) throw badRequest(AUTH_MESSAGES.samePassword);
  const replaced = await replacePassword(
    ctx.db,
    actor.userId,
    await hashPassword(input.newPassword),
    nowIso(),
    null,
  );
  const tokens = await ctx.tokens.startSession(actor.userId, session.remember === 1);
  const apiKeysRevoked = replaced?.apiKeysRevoked ?? 0;
  await ctx.audit.record({
    action: 'auth.passwordChanged',
    actorUserId: actor.userId,
    target: actor.email,
    details: { step: 'profile', apiKeysRevoked },
    ip: meta.ip,
  });
  return { ...tokens, apiKeyRevoked: apiKeysRevoked > 0 };
}

export async function listApiKeys(ctx: AppContext, actor: Actor): Promise<profile.ApiKeyInfo[]> {
  const rows = await q.findActiveApiKeys(ctx.db, actor.userId);
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
}

export async function createApiKey(
  ctx: AppContext,
  actor: Actor,
  meta: RequestMeta,
): Promise<profile.ApiKeyInfo & { apiKey: string }> {
  const session = actor.sessionId ? await q.findSession(ctx.db, actor.sessionId) : undefined;
  // An API key cannot mint API keys; a session must have signed in within the window (refreshes do not count).
  if (!session || Date.now() - Date.parse(session.created_at) >= REAUTHENTICATION_WINDOW_MS)
    throw new AppError(403, ERROR_CODES.reauthenticationRequired, AUTH_MESSAGES.reauthenticationRequired);
  const apiKey = `${API_KEY_PREFIX}${newSecret()}`;
  const createdAt = nowIso();
  const id = await q.replaceApiKey(ctx.db, actor.userId, sha256(apiKey), createdAt);
  await ctx.audit.record({ action: 'apiKey.created', actorUserId: actor.userId, target: id, ip: meta.ip });
  return { id, createdAt, apiKey };
}
