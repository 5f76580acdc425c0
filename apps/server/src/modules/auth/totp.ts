/**
 * The authenticator-app second factor: RFC 6238 TOTP with the parameters every authenticator app
 * understands (SHA-1, 6 digits, 30 s), accepting one step of clock drift either way. A code is good
 * once: the accepted time step is remembered and a code of the same or an earlier step is refused.
 */
import * as OTPAuth from 'otpauth';

const ISSUER = 'Tessera';
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps of drift accepted either side of now (30 s each). */
const WINDOW = 1;

/** A new random secret (160 bits, the RFC's recommended length), base32 as apps expect it. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, secret: OTPAuth.Secret.fromBase32(secret), ...PARAMS });

/** The otpauth:// URL an authenticator app scans; labelled with the user's e-mail. */
export const totpUrl = (secret: string, email: string): string => totpOf(secret, email).toString();

/** Whether the text has the shape of a code (6 digits) at all; anything else is not counted as an attempt. */
export const isTotpCodeShape = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step a code belongs to when it is valid now and newer than `lastStep`; null otherwise.
 * `now` is a parameter so tests can check drift and replay without waiting.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: number = Date.now(),
): number | null {
  if (!isTotpCodeShape(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** The code an authenticator app shows at `now`; tests act as the app with it. */
export const totpCodeAt = (secret: string, now: number = Date.now()): string =>
  totpOf(secret).generate({ timestamp: now });
