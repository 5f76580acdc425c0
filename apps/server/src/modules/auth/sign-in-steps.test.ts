import { describe, expect, it } from 'vitest';
import { isPasswordExpired, nextSignInStep, type SignInState } from './sign-in-steps.ts';

const none: SignInState = {
  hasTotp: false,
  mustChangePassword: false,
  passwordExpired: false,
  mustSetupTotp: false,
};

describe('nextSignInStep', () => {
  it('signs in straight after the password when nothing else is due', () => {
    expect(nextSignInStep('password', none)).toBeNull();
  });

  it('asks the second factor before anything else', () => {
    const all = { hasTotp: true, mustChangePassword: true, passwordExpired: true, mustSetupTotp: true };
    expect(nextSignInStep('password', all)).toBe('totp');
    expect(nextSignInStep('totp', all)).toBe('newPasswordRequired');
    // The user already has a second factor, so no setup is asked even when flagged.
    expect(nextSignInStep('newPasswordRequired', all)).toBeNull();
  });

  it('asks for a new password on initial login or expiry, then the authenticator setup', () => {
    expect(nextSignInStep('password', { ...none, mustChangePassword: true })).toBe('newPasswordRequired');
    expect(nextSignInStep('password', { ...none, passwordExpired: true })).toBe('newPasswordRequired');
    const both = { ...none, passwordExpired: true, mustSetupTotp: true };
    expect(nextSignInStep('password', both)).toBe('newPasswordRequired');
    expect(nextSignInStep('newPasswordRequired', both)).toBe('totpSetup');
    expect(nextSignInStep('totpSetup', { ...both, hasTotp: true })).toBeNull();
  });

  it('never asks the TOTP challenge again once it was answered', () => {
    expect(nextSignInStep('totp', { ...none, hasTotp: true })).toBeNull();
  });
});

describe('isPasswordExpired', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  it('is off when the maximum age is 0', () => {
    expect(isPasswordExpired('2000-01-01T00:00:00.000Z', 0, now)).toBe(false);
  });
  it('expires a password older than the maximum age, not one at it', () => {
    expect(isPasswordExpired('2026-11-12T12:00:00.000Z', 10, now)).toBe(false);
    expect(isPasswordExpired('2026-11-12T11:59:59.000Z', 10, now)).toBe(true);
  });
  it('counts an unknown or unreadable change time as expired', () => {
    expect(isPasswordExpired(null, 90, now)).toBe(true);
    expect(isPasswordExpired('yesterday', 90, now)).toBe(true);
  });
});
