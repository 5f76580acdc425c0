/** What the sign-in, reset and change-password services share: refusals, password rules, timing. */
import { ERROR_CODES, auth } from '@tessera/contract';
import { checkNewPassword } from '@tessera/domain';
import { AppError, badRequest } from '../../errors.ts';
import { newSecret } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';

const { AUTH_MESSAGES } = auth;

/** Where a request came from, for the audit log, and where to report what the caller must not see. */
export interface RequestMeta {
  ip: string | null;
  log: { error(obj: unknown, msg?: string): void };
}

/** The one answer for an unknown e-mail, a wrong password and a locked account (no user enumeration). */
export const wrongCredentials = () =>
  new AppError(401, ERROR_CODES.wrongCredentials, AUTH_MESSAGES.wrongCredentials);

export const ssoUserRefused = () => new AppError(403, ERROR_CODES.ssoUser, AUTH_MESSAGES.ssoUser);

/** The spec's first failing password rule as a 400. */
export function assertPasswordRules(password: string): void {
  const message = checkNewPassword(password);
  if (message) throw badRequest(message);
}

let throwaway: Promise<string> | null = null;

/** The throwaway hash; called at start-up too, so even the first unknown e-mail takes no longer than the rest. */
export const prepareThrowawayHash = (): Promise<string> => (throwaway ??= hashPassword(newSecret()));

/**
 * An argon2 verification whose result is thrown away, for callers without a password hash to check
 * (unknown e-mail, single-sign-on account): their answer then takes as long as a real check.
 */
export async function verifyAgainstNothing(password: string): Promise<void> {
  await verifyPassword(await prepareThrowawayHash(), password);
}
