/**
 * Sign-in by e-mail and password and the steps that may follow it (spec 1 §4 Login). Each step ends in
 * continueSignIn, which either opens the next challenge (sign-in-steps.ts decides which) or starts a
 * session. A challenge is a row in auth_challenges found by the hash of its one-time `session` token.
 *
 * Failures that guess a secret (wrong password, wrong second-factor code) count towards the account
 * lock: 5 in a row lock the account for 15 minutes; only a completed sign-in resets the count, so the
 * second factor cannot be guessed by signing in again and again with a known password.
 */
import QRCode from 'qrcode';
import { ERROR_CODES, auth } from '@tessera/contract';
import { checkEmail, normalizeEmail } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { AppError, badRequest } from '../../errors.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import * as q from './auth.queries.ts';
import {
  assertPasswordRules,
  ssoUserRefused,
  verifyAgainstNothing,
  wrongCredentials,
  type RequestMeta,
} from './credentials.ts';
import { isPasswordExpired, nextSignInStep, type SignInStep } from './sign-in-steps.ts';
import { acceptedTotpStep, isTotpCodeShape, newTotpSecret, totpUrl } from './totp.ts';

const { AUTH_MESSAGES } = auth;

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** How long the user has for the next step after the password (or the step before). */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes accepted on one challenge before it is closed and the user starts again. */
export const MAX_CODE_ATTEMPTS = 5;

const sessionExpired = () => new AppError(401, ERROR_CODES.notAuthorized, AUTH_MESSAGES.sessionExpired);

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember?: boolean | undefined },
  meta: RequestMeta,
): Promise<auth.SignInResult> {
  const emailProblem = checkEmail(input.email);
  if (emailProblem) throw badRequest(emailProblem);
  if (input.password === '') throw badRequest(AUTH_MESSAGES.passwordRequired);
  const email = normalizeEmail(input.email);
  const user = await q.findSignInUserByEmail(ctx.db, email);

  if (!user || user.is_sso_user === 1 || !user.password_hash) {
    await verifyAgainstNothing(input.password);
    if (user?.is_sso_user === 1) throw ssoUserRefused();
    await ctx.audit.record({
      action: 'auth.loginFailed',
      actorUserId: user?.id ?? null,
      target: email,
      details: { reason: user ? 'noPassword' : 'unknownEmail' },
      ip: meta.ip,
    });
    throw wrongCredentials();
  }

  // Verify before looking at the lock, so a locked account answers exactly as slowly as any other.
  const passwordMatches = await verifyPassword(user.password_hash, input.password);
  const now = nowIso();
  if (user.locked_until && user.locked_until > now) {
    await ctx.audit.record({
      action: 'auth.locked',
      actorUserId: user.id,
      target: email,
      details: { reason: 'signInWhileLocked', lockedUntil: user.locked_until },
      ip: meta.ip,
    });
    throw wrongCredentials();
  }
  if (!passwordMatches) {
    await countFailure(ctx, user.id, email, 'wrongPassword', meta);
    throw wrongCredentials();
  }
  return continueSignIn(ctx, user.id, 'password', input.remember === true, meta);
}

/** Counts a failed secret and locks the account at the threshold; audited either way. */
async function countFailure(
  ctx: AppContext,
  userId: string,
  email: string,
  reason: string,
  meta: RequestMeta,
): Promise<void> {
  const lockUntil = new Date(Date.now() + LOCK_MINUTES * 60_000).toISOString();
  const locked = await q.recordFailedSignIn(ctx.db, userId, LOCK_AFTER_FAILURES, lockUntil);
  await ctx.audit.record({
    action: locked ? 'auth.locked' : 'auth.loginFailed',
    actorUserId: userId,
    target: email,
    details: locked ? { reason: 'tooManyFailures', lockedUntil: lockUntil } : { reason },
    ip: meta.ip,
  });
}

/** The next challenge after `completed`, or a new session when there is none. */
async function continueSignIn(
  ctx: AppContext,
  userId: string,
  completed: SignInStep,
  remember: boolean,
  meta: RequestMeta,
): Promise<auth.SignInResult> {
  const user = await q.findSignInUserById(ctx.db, userId);
  if (!user) throw sessionExpired();
  const passwordExpired = isPasswordExpired(
    user.password_changed_at,
    ctx.config.passwordMaxAgeDays,
    new Date(),
  );
  const next = nextSignInStep(completed, {
    hasTotp: user.totp_secret !== null,
    mustChangePassword: user.must_change_password === 1,
    passwordExpired,
    mustSetupTotp: user.must_setup_totp === 1,
  });
  if (next) {
    const session = await openChallenge(ctx, userId, next, remember);
    if (next !== 'newPasswordRequired') return { challenge: next, session };
    return { challenge: next, session, reason: user.must_change_password === 1 ? 'initialLogin' : 'expired' };
  }
  await q.clearFailedSignIns(ctx.db, userId);
  const tokens = await ctx.tokens.startSession(userId, remember);
  await ctx.audit.record({
    action: 'auth.login',
    actorUserId: userId,
    target: user.email,
    details: { remember },
    ip: meta.ip,
  });
  return tokens;
}

async function openChallenge(
  ctx: AppContext,
  userId: string,
  kind: auth.SignInChallengeName,
  remember: boolean,
): Promise<string> {
  const session = newSecret();
  const now = Date.now();
  await q.insertChallenge(ctx.db, {
    userId,
    kind,
    tokenHash: sha256(session),
    remember,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
  });
  return session;
}

/** The open challenge a `session` names; NOT_AUTHORIZED when unknown, used, expired or of another kind. */
async function challengeOf(
  ctx: AppContext,
  session: string,
  kind: auth.SignInChallengeName,
): Promise<q.ChallengeRow & { user: q.SignInUser }> {
  const challenge = await q.findOpenChallenge(ctx.db, sha256(session), kind, nowIso());
  const user = challenge && (await q.findSignInUserById(ctx.db, challenge.user_id));
  if (!challenge || !user) throw sessionExpired();
  return { ...challenge, user };
}

/** A wrong code: 400 CODE_MISMATCH, or NOT_AUTHORIZED once the challenge has had its last attempt. */
async function refuseCode(
  ctx: AppContext,
  challenge: q.ChallengeRow & { user: q.SignInUser },
  meta: RequestMeta,
): Promise<never> {
  const attempts = await q.countChallengeAttempt(ctx.db, challenge.id);
  await countFailure(ctx, challenge.user.id, challenge.user.email, 'wrongCode', meta);
  if (attempts >= MAX_CODE_ATTEMPTS) {
    await q.closeChallenge(ctx.db, challenge.id, nowIso());
    throw new AppError(401, ERROR_CODES.notAuthorized, AUTH_MESSAGES.tooManyCodes);
  }
  throw badRequest(AUTH_MESSAGES.codeMismatch, ERROR_CODES.codeMismatch);
}

function assertCodeShape(code: string): string {
  const trimmed = code.trim();
  if (!isTotpCodeShape(trimmed)) throw badRequest(AUTH_MESSAGES.codeShape);
  return trimmed;
}

export async function respondToTotpChallenge(
  ctx: AppContext,
  input: { session: string; code: string },
  meta: RequestMeta,
): Promise<auth.SignInResult> {
  const challenge = await challengeOf(ctx, input.session, 'totp');
  const code = assertCodeShape(input.code);
  const { user } = challenge;
  if (!user.totp_secret) throw sessionExpired();
  const step = acceptedTotpStep(user.totp_secret, code, user.totp_last_counter);
  if (step === null) return refuseCode(ctx, challenge, meta);
  // The same code twice (a replay, or a double submit) loses the race here.
  if (!(await q.completeTotpChallenge(ctx.db, challenge.id, user.id, step, nowIso())))
    return refuseCode(ctx, challenge, meta);
  return continueSignIn(ctx, user.id, 'totp', challenge.remember === 1, meta);
}

/** A new secret each call (the user may have lost the first QR code); only the last one can be verified. */
export async function setupTotp(
  ctx: AppContext,
  input: { session: string },
): Promise<{ secret: string; otpauthUrl: string; qrCodeDataUrl: string }> {
  const { user } = await challengeOf(ctx, input.session, 'totpSetup');
  const secret = newTotpSecret();
  await q.setPendingTotpSecret(ctx.db, user.id, secret);
  const otpauthUrl = totpUrl(secret, user.email);
  return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl) };
}

export async function verifyTotpSetup(
  ctx: AppContext,
  input: { session: string; code: string },
  meta: RequestMeta,
): Promise<auth.SignInResult> {
  const challenge = await challengeOf(ctx, input.session, 'totpSetup');
  const code = assertCodeShape(input.code);
  const { user } = challenge;
  if (!user.totp_pending_secret) throw badRequest(AUTH_MESSAGES.totpSetupFirst);
  const step = acceptedTotpStep(user.totp_pending_secret, code, null);
  if (step === null) return refuseCode(ctx, challenge, meta);
  if (!(await q.enableTotp(ctx.db, challenge.id, user.id, user.totp_pending_secret, step, nowIso())))
    throw sessionExpired();
  await ctx.audit.record({
    action: 'auth.totpEnabled',
    actorUserId: user.id,
    target: user.email,
    ip: meta.ip,
  });
  return continueSignIn(ctx, user.id, 'totpSetup', challenge.remember === 1, meta);
}

/** The new-password step of an initial login or an expired password; ends the user's other sessions. */
export async function setNewPassword(
  ctx: AppContext,
  input: { session: string; newPassword: string },
  meta: RequestMeta,
): Promise<auth.SignInResult> {
  const challenge = await challengeOf(ctx, input.session, 'newPasswordRequired');
  assertPasswordRules(input.newPassword);
  const { user } = challenge;
  if (await verifyPassword(user.password_hash, input.newPassword))
    throw badRequest(AUTH_MESSAGES.samePassword);
  const hash = await hashPassword(input.newPassword);
  const replaced = await q.replacePassword(ctx.db, user.id, hash, nowIso(), challenge.id);
  if (!replaced) throw sessionExpired();
  await ctx.audit.record({
    action: 'auth.passwordChanged',
    actorUserId: user.id,
    target: user.email,
    details: { step: 'newPasswordRequired', apiKeysRevoked: replaced.apiKeysRevoked },
    ip: meta.ip,
  });
  return continueSignIn(ctx, user.id, 'newPasswordRequired', challenge.remember === 1, meta);
}

/**
 * Strict reuse detection: a refresh token that was already rotated ends its session, with no grace
 * period. Two tabs sharing one stored token must not both refresh it; the web client takes a lock
 * across tabs (apps/web/src/api/client.ts) and uses the token another tab just stored.
 */
export async function refreshTokens(ctx: AppContext, refreshToken: string, meta: RequestMeta) {
  const tokens = await ctx.tokens.refresh(refreshToken, ({ userId, sessionId, sessionRevoked }) =>
    ctx.audit.record({
      action: 'auth.refreshTokenReused',
      actorUserId: userId,
      target: sessionId,
      details: { sessionRevoked },
      ip: meta.ip,
    }),
  );
  if (!tokens) throw new AppError(401, ERROR_CODES.unauthenticated, AUTH_MESSAGES.refreshInvalid);
  return tokens;
}

export async function logout(
  ctx: AppContext,
  actor: { userId: string; email: string; sessionId: string | null },
  meta: RequestMeta,
): Promise<void> {
  // An API key has no session to end: say so rather than answer 204 while the key keeps working. It is
  // replaced from the profile page, and revoked by a password change or reset.
  if (!actor.sessionId) throw badRequest(AUTH_MESSAGES.apiKeyLogout, ERROR_CODES.noSession);
  await ctx.tokens.revokeSession(actor.sessionId);
  await ctx.audit.record({
    action: 'auth.logout',
    actorUserId: actor.userId,
    target: actor.email,
    ip: meta.ip,
  });
}
