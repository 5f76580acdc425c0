/**
 * Password reset codes: 6 random digits, e-mailed, stored only as a hash bound to their challenge row
 * (so equal codes of two users differ in storage). A 6-digit code is weak against an offline search, so
 * it is also short-lived and allows few attempts (password-reset.service.ts).
 */
import crypto from 'node:crypto';

export const RESET_CODE_LENGTH = 6;

export const newResetCode = (): string =>
  crypto
    .randomInt(0, 10 ** RESET_CODE_LENGTH)
    .toString()
    .padStart(RESET_CODE_LENGTH, '0');

export const resetCodeHash = (challengeId: string, code: string): string =>
  crypto.createHash('sha256').update(`${challengeId}:${code}`).digest('hex');

/** Whether `code` is the one stored as `storedHash`; compared in constant time. */
export function isResetCode(challengeId: string, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(resetCodeHash(challengeId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
