import { describe, expect, it } from 'vitest';
import {
  passwordChangedNotice,
  canResetPassword,
  initialLoginState,
  LOGIN_MESSAGES,
  loginReducer,
  type LoginEvent,
  type LoginState,
} from './login-steps.ts';

const run = (state: LoginState, ...events: LoginEvent[]) => events.reduce(loginReducer, state);
const start = () => initialLoginState(null);
const sso = { providerId: 'corp', name: 'Corp ID' };

describe('initialLoginState', () => {
  it('starts at the e-mail step, or where ?flow= says', () => {
    expect(initialLoginState(null).step).toEqual({ name: 'email' });
    expect(initialLoginState('initialLogin').step).toEqual({ name: 'initialLogin' });
    expect(initialLoginState('forgotPassword').step).toEqual({ name: 'forgotPassword' });
    expect(initialLoginState('somethingElse').step).toEqual({ name: 'email' });
  });
});

describe('loginReducer', () => {
  it('goes from e-mail to password, keeping the e-mail and the SSO provider', () => {
    const s = run(start(), { type: 'emailEntered', email: 'a@b.example', sso: null });
    expect(s.step).toEqual({ name: 'password' });
    expect(s.email).toBe('a@b.example');
    expect(canResetPassword(s)).toBe(true);
    const withSso = run(start(), { type: 'emailEntered', email: 'a@corp.example', sso });
    expect(withSso.sso).toEqual(sso);
    expect(canResetPassword(withSso)).toBe(false);
  });

  it('maps each challenge to its step', () => {
    const s = run(start(), { type: 'emailEntered', email: 'a@b.example', sso: null });
    expect(run(s, { type: 'challenge', challenge: 'totp', session: 's1' }).step).toEqual({
      name: 'totpChallenge',
      session: 's1',
    });
    expect(
      run(s, { type: 'challenge', challenge: 'newPasswordRequired', session: 's2', reason: 'initialLogin' })
        .step,
    ).toEqual({
      name: 'newPasswordRequired',
      session: 's2',
    });
    expect(
      run(s, { type: 'challenge', challenge: 'newPasswordRequired', session: 's3', reason: 'expired' }).step,
    ).toEqual({
      name: 'expiredPassword',
      session: 's3',
    });
    const setup = run(s, { type: 'challenge', challenge: 'totpSetup', session: 's4' });
    expect(setup.step).toEqual({ name: 'totpSetup', session: 's4' });
    expect(setup.notice?.text).toBe(LOGIN_MESSAGES.copySecret);
  });

  it('returns to the e-mail step with a second-factor error', () => {
    const s = run(
      start(),
      { type: 'emailEntered', email: 'a@b.example', sso: null },
      { type: 'challenge', challenge: 'totp', session: 's' },
      { type: 'editEmail', error: 'Too many invalid codes. Please sign in again' },
    );
    expect(s.step).toEqual({ name: 'email' });
    expect(s.error).toBe('Too many invalid codes. Please sign in again');
    expect(s.email).toBe('a@b.example');
  });

  it('runs the forgot-password flow to the automatic re-login', () => {
    const s = run(
      start(),
      { type: 'emailEntered', email: 'a@b.example', sso: null },
      { type: 'forgotPassword' },
      { type: 'resetCodeSent', email: 'a@b.example' },
    );
    expect(s.step).toEqual({ name: 'forgotPasswordConfirm' });
    expect(s.notice?.text).toBe(LOGIN_MESSAGES.checkEmail);
    const changed = run(s, { type: 'passwordSet', password: 'New-Passw0rd!' });
    expect(changed.step).toEqual({ name: 'passwordChanged', password: 'New-Passw0rd!' });
    expect(changed.notice?.text).toBe(LOGIN_MESSAGES.passwordChanged);
    // The re-login may meet the second factor; the success notice stays visible there.
    const challenged = run(changed, { type: 'challenge', challenge: 'totp', session: 's' });
    expect(challenged.notice?.text).toBe(LOGIN_MESSAGES.passwordChanged);
  });

  it('clears the error when moving on, and keeps remember-me', () => {
    const s = run(start(), { type: 'rememberChanged', remember: true }, { type: 'failed', error: 'boom' });
    expect(s.error).toBe('boom');
    const next = run(s, { type: 'emailEntered', email: 'a@b.example', sso: null });
    expect(next.error).toBeNull();
    expect(next.remember).toBe(true);
  });

  it('back to sign in goes to the password step when the e-mail is known', () => {
    expect(run(initialLoginState('forgotPassword'), { type: 'backToSignIn' }).step).toEqual({
      name: 'email',
    });
    expect(
      run(
        start(),
        { type: 'emailEntered', email: 'a@b.example', sso: null },
        { type: 'forgotPassword' },
        { type: 'backToSignIn' },
      ).step,
    ).toEqual({
      name: 'password',
    });
  });
});

describe('reset code from the e-mail link', () => {
  it('goes from ?flow=forgotPassword straight to the code form without a new code', () => {
    const s = run(initialLoginState('forgotPassword'), { type: 'enterResetCode', email: 'a@b.example' });
    expect(s.step).toEqual({ name: 'forgotPasswordConfirm' });
    expect(s.email).toBe('a@b.example');
    expect(s.notice).toBeNull();
  });
});

describe('the notice of a password change or reset', () => {
  it("is the spec's message, and says so when the API key was revoked with the old password", () => {
    expect(passwordChangedNotice(false)).toBe('Password successfully changed');
    expect(passwordChangedNotice(true)).toBe(
      'Password successfully changed. Your API key was revoked with your old password; generate a new one on your profile page if you need it',
    );
  });
});
