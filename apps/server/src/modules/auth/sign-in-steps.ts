/**
 * The order of sign-in steps after a correct password (spec 1 §4: "Password success leads to
 * second-factor setup, challenge, new-password, or success"). Pure, so the order is unit-tested.
 *
 * The second factor comes first: a password alone must not be enough to replace the password. Then a
 * required new password (initial login or expired), then a required authenticator setup. Each step
 * looks only at steps after the one just completed, so a completed TOTP challenge is not asked again
 * while the user's TOTP secret of course stays.
 */
import type { auth } from '@tessera/contract';

type SignInChallengeName = auth.SignInChallengeName;

export interface SignInState {
  hasTotp: boolean;
  mustChangePassword: boolean;
  passwordExpired: boolean;
  mustSetupTotp: boolean;
}

export type SignInStep = SignInChallengeName | 'password';

const ORDER: readonly SignInStep[] = ['password', 'totp', 'newPasswordRequired', 'totpSetup'];

function isDue(step: SignInChallengeName, s: SignInState): boolean {
  switch (step) {
    case 'totp':
      return s.hasTotp;
    case 'newPasswordRequired':
      return s.mustChangePassword || s.passwordExpired;
    case 'totpSetup':
      return s.mustSetupTotp && !s.hasTotp;
  }
}

/** The challenge that follows `completed`, or null when the user is signed in. */
export function nextSignInStep(completed: SignInStep, state: SignInState): SignInChallengeName | null {
  for (const step of ORDER.slice(ORDER.indexOf(completed) + 1))
    if (step !== 'password' && isDue(step, state)) return step;
  return null;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether a password set at `changedAt` has expired under a maximum age of `maxAgeDays` (0 = never).
 * A password without a recorded change time (created before tracking) counts as expired when expiry is on.
 */
export function isPasswordExpired(changedAt: string | null, maxAgeDays: number, now: Date): boolean {
  if (maxAgeDays <= 0) return false;
  if (!changedAt) return true;
  const changed = Date.parse(changedAt);
  if (Number.isNaN(changed)) return true;
  return now.getTime() - changed > maxAgeDays * DAY_MS;
}
