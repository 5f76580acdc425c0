/**
 * Forgot password (spec 1 §4, §5): an e-mailed 6-digit code, valid 15 minutes, 5 attempts, then a new
 * password. The request answers the same whether or not the e-mail has an account, and the mail is
 * sent after the answer, so neither the body nor the time taken tells who has an account.
 */
import { ERROR_CODES, auth } from '@tessera/contract';
import { checkEmail, emailDomain, normalizeEmail, PASSWORD_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest } from '../../errors.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import * as q from './auth.queries.ts';
import { assertPasswordRules, ssoUserRefused, type RequestMeta } from './credentials.ts';
import { isResetCode, newResetCode, resetCodeHash } from './reset-code.ts';

const { AUTH_MESSAGES } = auth;

export const RESET_CODE_TTL_MINUTES = 15;
export const MAX_RESET_ATTEMPTS = 5;

const invalidCode = () => badRequest(AUTH_MESSAGES.resetCodeInvalid, ERROR_CODES.codeMismatch);

/** E-mail domains that sign in with single sign-on (configuration, so refusing them reveals no account). */
function isSsoDomain(ctx: AppContext, email: string): boolean {
  const domain = emailDomain(email);
  return ctx.config.ssoProviders.some((p) => p.domains.some((d) => d.toLowerCase() === domain));
}

function validEmail(raw: string): string {
  const problem = checkEmail(raw);
  if (problem) throw badRequest(problem);
  return normalizeEmail(raw);
}

export async function forgotPassword(
  ctx: AppContext,
  input: { email: string },
  meta: RequestMeta,
): Promise<Record<string, never>> {
  const email = validEmail(input.email);
  if (isSsoDomain(ctx, email)) throw ssoUserRefused();
  const user = await q.findSignInUserByEmail(ctx.db, email);
  // Accounts of single sign-on have no password to reset; they get no mail and the same answer.
  if (!user || user.is_sso_user === 1) return {};

  const code = newResetCode();
  const id = newId();
  const now = Date.now();
  await q.replaceResetChallenge(ctx.db, {
    id,
    userId: user.id,
    kind: 'passwordReset',
    // The row is found by user, not by a session token; the column is unique and required, so a random one.
    tokenHash: sha256(newSecret()),
    codeHash: resetCodeHash(id, code),
    remember: false,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + RESET_CODE_TTL_MINUTES * 60_000).toISOString(),
  });
  const link = `${ctx.config.publicUrl}/login?flow=forgotPassword`;
  ctx.mailer
    .send({
      to: user.email,
      subject: 'Your Tessera password reset code',
      text:
        `Your password reset code is ${code}\n\n` +
        `Enter it at ${link} within ${RESET_CODE_TTL_MINUTES} minutes to choose a new password.\n` +
        'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n',
    })
    .catch((err: unknown) => meta.log.error({ err }, 'password reset mail could not be sent'));
  return {};
}

export async function confirmForgotPassword(
  ctx: AppContext,
  input: { email: string; code: string; newPassword: string },
  meta: RequestMeta,
): Promise<{ apiKeyRevoked: boolean }> {
  const email = validEmail(input.email);
  const code = input.code.trim();
  if (code === '') throw badRequest(PASSWORD_MESSAGES.resetCodeRequired);
  if (code.length < 3) throw badRequest(PASSWORD_MESSAGES.resetCodeTooShort);
  assertPasswordRules(input.newPassword);
  if (isSsoDomain(ctx, email)) throw ssoUserRefused();

  const user = await q.findSignInUserByEmail(ctx.db, email);
  const challenge =
    user && user.is_sso_user === 0 ? await q.findOpenResetChallenge(ctx.db, user.id, nowIso()) : undefined;
  if (!user || !challenge) throw invalidCode();
  if (!isResetCode(challenge.id, code, challenge.code_hash)) {
    const attempts = await q.countChallengeAttempt(ctx.db, challenge.id);
    if (attempts >= MAX_RESET_ATTEMPTS) await q.closeChallenge(ctx.db, challenge.id, nowIso());
    throw invalidCode();
  }
  // Checked after the code, so the answer says nothing about the password to someone without the code.
  if (await verifyPassword(user.password_hash, input.newPassword))
    throw badRequest(AUTH_MESSAGES.samePassword);
  const hash = await hashPassword(input.newPassword);
  const replaced = await q.replacePassword(ctx.db, user.id, hash, nowIso(), challenge.id);
  if (!replaced) throw invalidCode();
  await ctx.audit.record({
    action: 'auth.passwordReset',
    actorUserId: user.id,
    target: email,
    details: { apiKeysRevoked: replaced.apiKeysRevoked },
    ip: meta.ip,
  });
  // Told only to the holder of the code, so it reveals nothing to anyone else.
  return { apiKeyRevoked: replaced.apiKeysRevoked > 0 };
}
