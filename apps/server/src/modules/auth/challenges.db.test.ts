import { expect, it } from 'vitest';
import { describeEachDialect, type TestServer } from '../../../test/harness.ts';
import {
  auditActions,
  expireChallenge,
  getAs,
  post,
  signIn,
  signInToChallenge,
} from '../../../test/auth.test-helpers.ts';
import { newTotpSecret, totpCodeAt } from './totp.ts';

const NEW_PASSWORD = 'Brand-New-Pass-7';

async function withTotp(t: TestServer, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await t.ctx.db.updateTable('users').set({ totp_secret: secret }).where('id', '=', userId).execute();
  return secret;
}

/** A valid code that is not the current one, so two codes can be used in one test without waiting 30 s. */
const previousCode = (secret: string) => totpCodeAt(secret, Date.now() - 30_000);
const wrongCodeFor = (secret: string) => {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpCodeAt(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
};

describeEachDialect('sign-in challenges', (t) => {
  it('TOTP: the password leads to the challenge, the right code to tokens', async () => {
    const user = await t().createUser();
    const secret = await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp', true);
    const res = await post(t(), '/v1/auth/challenge/totp', { session, code: totpCodeAt(secret) });
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json();
    expect((await getAs(t(), '/v1/me', tokens.accessToken)).statusCode).toBe(200);
    // The remember-me choice made at the password step reaches the session (the harness's own session has none).
    const rows = await t()
      .ctx.db.selectFrom('sessions')
      .select('remember')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.remember).sort()).toEqual([0, 1]);
  });

  it('TOTP: a wrong code is CODE_MISMATCH; the session survives it and the right code still works', async () => {
    const user = await t().createUser();
    const secret = await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    const wrong = await post(t(), '/v1/auth/challenge/totp', { session, code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'CODE_MISMATCH', message: 'Invalid code received for user' });
    expect(
      (await post(t(), '/v1/auth/challenge/totp', { session, code: totpCodeAt(secret) })).statusCode,
    ).toBe(200);
  });

  it('TOTP: 5 wrong codes close the session with NOT_AUTHORIZED', async () => {
    const user = await t().createUser();
    const secret = await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    for (let i = 0; i < 4; i++)
      expect(
        (await post(t(), '/v1/auth/challenge/totp', { session, code: wrongCodeFor(secret) })).statusCode,
      ).toBe(400);
    const fifth = await post(t(), '/v1/auth/challenge/totp', { session, code: wrongCodeFor(secret) });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('NOT_AUTHORIZED');
    const after = await post(t(), '/v1/auth/challenge/totp', { session, code: totpCodeAt(secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('NOT_AUTHORIZED');
  });

  it('TOTP: wrong codes count towards the account lock, so signing in again does not allow more guesses', async () => {
    const user = await t().createUser();
    const secret = await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    for (let i = 0; i < 5; i++)
      await post(t(), '/v1/auth/challenge/totp', { session, code: wrongCodeFor(secret) });
    const again = await post(t(), '/v1/auth/login', { email: user.email, password: user.password });
    expect(again.json()).toEqual({ code: 'WRONG_CREDENTIALS', message: 'wrong username or password!' });
    expect(await auditActions(t(), user.id)).toContain('auth.locked');
  });

  it('TOTP: a session is good once, a code is good once, and the session expires', async () => {
    const user = await t().createUser();
    const secret = await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    const code = totpCodeAt(secret);
    expect((await post(t(), '/v1/auth/challenge/totp', { session, code })).statusCode).toBe(200);
    const reusedSession = await post(t(), '/v1/auth/challenge/totp', { session, code: previousCode(secret) });
    expect(reusedSession.statusCode).toBe(401);
    expect(reusedSession.json()).toEqual({
      code: 'NOT_AUTHORIZED',
      message: 'Your sign-in session has expired. Please sign in again',
    });

    const second = await signInToChallenge(t(), user.email, user.password, 'totp');
    const replayed = await post(t(), '/v1/auth/challenge/totp', { session: second, code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('CODE_MISMATCH');

    await expireChallenge(t(), second);
    const expired = await post(t(), '/v1/auth/challenge/totp', {
      session: second,
      code: totpCodeAt(secret, Date.now() + 30_000),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('NOT_AUTHORIZED');
  });

  it('TOTP: malformed input is refused without counting as an attempt', async () => {
    const user = await t().createUser();
    await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    for (const body of [
      { session },
      { session, code: 123456 },
      { session, code: '12ab56' },
      { session, code: '1'.repeat(40) },
      { code: '123456' },
    ]) {
      const res = await post(t(), '/v1/auth/challenge/totp', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const row = await t()
      .ctx.db.selectFrom('auth_challenges')
      .select('attempts')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect(
      (await post(t(), '/v1/auth/challenge/totp', { session: 'made-up', code: '123456' })).json().code,
    ).toBe('NOT_AUTHORIZED');
  });

  it('a session of one step cannot be used for another step', async () => {
    const user = await t().createUser();
    await withTotp(t(), user.id);
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    const res = await post(t(), '/v1/auth/new-password', { session, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_AUTHORIZED');
  });

  it('TOTP setup: a flagged account sets up the app, verifies a code, is signed in and is asked the code next time', async () => {
    const user = await t().createUser();
    await t().ctx.db.updateTable('users').set({ must_setup_totp: 1 }).where('id', '=', user.id).execute();
    const session = await signInToChallenge(t(), user.email, user.password, 'totpSetup');
    const setup = await post(t(), '/v1/auth/totp/setup', { session });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await post(t(), '/v1/auth/totp/verify', { session, code: wrongCodeFor(secret) });
    expect(wrong.json().code).toBe('CODE_MISMATCH');
    const done = await post(t(), '/v1/auth/totp/verify', { session, code: totpCodeAt(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await getAs(t(), '/v1/me', done.json().accessToken)).statusCode).toBe(200);
    expect(await auditActions(t(), user.id)).toContain('auth.totpEnabled');

    const next = await signInToChallenge(t(), user.email, user.password, 'totp');
    expect(
      (
        await post(t(), '/v1/auth/challenge/totp', {
          session: next,
          code: totpCodeAt(secret, Date.now() + 30_000),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('TOTP setup: only the last secret can be verified, and verify needs setup first', async () => {
    const user = await t().createUser();
    await t().ctx.db.updateTable('users').set({ must_setup_totp: 1 }).where('id', '=', user.id).execute();
    const session = await signInToChallenge(t(), user.email, user.password, 'totpSetup');
    const early = await post(t(), '/v1/auth/totp/verify', { session, code: '123456' });
    expect(early.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Set up the authenticator app first' });
    const first = (await post(t(), '/v1/auth/totp/setup', { session })).json().secret;
    const second = (await post(t(), '/v1/auth/totp/setup', { session })).json().secret;
    expect(second).not.toBe(first);
    expect(
      (await post(t(), '/v1/auth/totp/verify', { session, code: wrongCodeFor(second) })).statusCode,
    ).toBe(400);
    expect((await post(t(), '/v1/auth/totp/verify', { session, code: totpCodeAt(second) })).statusCode).toBe(
      200,
    );
    expect((await post(t(), '/v1/auth/totp/setup', { session })).statusCode).toBe(401);
  });

  it('initial login: a temporary password leads to newPasswordRequired, then tokens with the new password', async () => {
    const user = await t().createUser();
    await t()
      .ctx.db.updateTable('users')
      .set({ must_change_password: 1 })
      .where('id', '=', user.id)
      .execute();
    const res = await post(t(), '/v1/auth/login', { email: user.email, password: user.password });
    expect(res.json()).toEqual({
      challenge: 'newPasswordRequired',
      session: expect.any(String),
      reason: 'initialLogin',
    });
    const session = res.json().session;

    for (const [newPassword, message] of [
      ['', 'Enter new password'],
      ['Ab1!', 'Minimum length must be 8 character'],
      ['alllowercase1!', 'Password does not match requirements'],
      [' Leading-space-1', 'Password does not match requirements'],
      [user.password, 'The new password must be different from the old password'],
    ]) {
      const bad = await post(t(), '/v1/auth/new-password', { session, newPassword });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    const done = await post(t(), '/v1/auth/new-password', { session, newPassword: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().accessToken).toEqual(expect.any(String));
    expect(
      (await post(t(), '/v1/auth/new-password', { session, newPassword: 'Another-Pass-8' })).statusCode,
    ).toBe(401);
    expect(
      (await post(t(), '/v1/auth/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    await signIn(t(), user.email, NEW_PASSWORD);
    expect(await auditActions(t(), user.id)).toContain('auth.passwordChanged');
  });

  it('new password: an expired challenge is refused', async () => {
    const user = await t().createUser();
    await t()
      .ctx.db.updateTable('users')
      .set({ must_change_password: 1 })
      .where('id', '=', user.id)
      .execute();
    const session = (await post(t(), '/v1/auth/login', { email: user.email, password: user.password })).json()
      .session;
    await expireChallenge(t(), session);
    const res = await post(t(), '/v1/auth/new-password', { session, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_AUTHORIZED');
  });

  it('steps chain in order: TOTP, then new password, then signed in', async () => {
    const user = await t().createUser();
    const secret = await withTotp(t(), user.id);
    await t()
      .ctx.db.updateTable('users')
      .set({ must_change_password: 1 })
      .where('id', '=', user.id)
      .execute();
    const session = await signInToChallenge(t(), user.email, user.password, 'totp');
    const next = await post(t(), '/v1/auth/challenge/totp', { session, code: totpCodeAt(secret) });
    expect(next.json()).toMatchObject({ challenge: 'newPasswordRequired', reason: 'initialLogin' });
    const done = await post(t(), '/v1/auth/new-password', {
      session: next.json().session,
      newPassword: NEW_PASSWORD,
    });
    expect(done.json().accessToken).toEqual(expect.any(String));
  });
});

describeEachDialect(
  'expired passwords',
  (t) => {
    it('a password older than the maximum age leads to newPasswordRequired with reason expired', async () => {
      const user = await t().createUser();
      const fresh = await signIn(t(), user.email, user.password);
      await t()
        .ctx.db.updateTable('users')
        .set({ password_changed_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() })
        .where('id', '=', user.id)
        .execute();
      const res = await post(t(), '/v1/auth/login', { email: user.email, password: user.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        challenge: 'newPasswordRequired',
        session: expect.any(String),
        reason: 'expired',
      });
      const done = await post(t(), '/v1/auth/new-password', {
        session: res.json().session,
        newPassword: NEW_PASSWORD,
      });
      expect(done.statusCode).toBe(200);
      // Setting the new password ended the sessions that signed in with the old one.
      expect((await getAs(t(), '/v1/me', fresh.accessToken)).statusCode).toBe(401);
      await signIn(t(), user.email, NEW_PASSWORD);
    });
  },
  { passwordMaxAgeDays: 30 },
);
