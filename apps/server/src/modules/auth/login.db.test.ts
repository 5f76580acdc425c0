import { expect, it } from 'vitest';
import { describeEachDialect, TEST_PASSWORD } from '../../../test/harness.ts';
import { sha256 } from '../../lib/ids.ts';
import { pruneRetiredRefreshTokens } from './sessions.queries.ts';
import { auditActions, freshIp, getAs, post, signIn } from '../../../test/auth.test-helpers.ts';

const WRONG = { code: 'WRONG_CREDENTIALS', message: 'wrong username or password!' };

describeEachDialect('sign-in', (t) => {
  it('signs in with e-mail and password; the access token works on the API and the sign-in is audited', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), `  ${user.email.toUpperCase()} `, user.password);
    expect(tokens.expiresIn).toBe(t().ctx.config.accessTokenTtlSeconds);
    const me = await getAs(t(), '/v1/me', tokens.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
    expect(await auditActions(t(), user.id)).toContain('auth.login');
  });

  it('keeps the remember-me choice on the session', async () => {
    const user = await t().createUser();
    await signIn(t(), user.email, user.password, true);
    // The harness's own session of this user was not remembered; the sign-in's is.
    const rows = await t()
      .ctx.db.selectFrom('sessions')
      .select('remember')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.remember).sort()).toEqual([0, 1]);
  });

  it('answers an unknown e-mail exactly like a wrong password (no user enumeration)', async () => {
    const user = await t().createUser();
    const wrong = await post(t(), '/v1/auth/login', { email: user.email, password: 'Not-the-password-1' });
    const unknown = await post(t(), '/v1/auth/login', {
      email: `nobody.${user.id}@tessera.test`,
      password: 'Not-the-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(WRONG);
    expect(unknown.json()).toEqual(WRONG);
    expect(await auditActions(t(), user.id)).toContain('auth.loginFailed');
  });

  it.each([
    [{ password: TEST_PASSWORD }, 'VALIDATION_ERROR'],
    [{ email: 'a@tessera.test' }, 'VALIDATION_ERROR'],
    [{ email: 42, password: TEST_PASSWORD }, 'VALIDATION_ERROR'],
    [{ email: 'a@tessera.test', password: TEST_PASSWORD, remember: 'yes' }, 'VALIDATION_ERROR'],
    [{ email: `${'a'.repeat(400)}@tessera.test`, password: TEST_PASSWORD }, 'VALIDATION_ERROR'],
    [{ email: 'a@tessera.test', password: 'x'.repeat(1100) }, 'VALIDATION_ERROR'],
    [{ email: 'a@tessera.test', password: TEST_PASSWORD, role: 'admin' }, 'VALIDATION_ERROR'],
  ])('refuses malformed input %j with 400', async (payload, code) => {
    const res = await post(t(), '/v1/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it.each([
    ['', TEST_PASSWORD, 'Please enter your email address'],
    ['not-an-email', TEST_PASSWORD, 'Please provide a valid email address'],
    ['a@tessera.test', '', 'Please enter your password'],
  ])('refuses e-mail %j / password %j with the spec message', async (email, password, message) => {
    const res = await post(t(), '/v1/auth/login', { email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message });
  });

  it('locks the account after 5 wrong passwords: even the right one then gets the same answer', async () => {
    const user = await t().createUser();
    for (let i = 0; i < 5; i++) {
      const res = await post(t(), '/v1/auth/login', { email: user.email, password: `Wrong-password-${i}` });
      expect(res.json()).toEqual(WRONG);
    }
    const locked = await post(t(), '/v1/auth/login', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(WRONG);
    const actions = await auditActions(t(), user.id);
    expect(actions.filter((a) => a === 'auth.loginFailed')).toHaveLength(4);
    expect(actions.filter((a) => a === 'auth.locked')).toHaveLength(2); // the lock itself and the attempt while locked
    const row = await t()
      .ctx.db.selectFrom('users')
      .select(['locked_until'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const minutes = (Date.parse(row.locked_until ?? '') - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // When the lock has run out, the right password works again.
    await t()
      .ctx.db.updateTable('users')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    await signIn(t(), user.email, user.password);
  });

  it('a successful sign-in resets the count of failures', async () => {
    const user = await t().createUser();
    for (let i = 0; i < 4; i++)
      await post(t(), '/v1/auth/login', { email: user.email, password: 'Wrong-password-1' });
    await signIn(t(), user.email, user.password);
    for (let i = 0; i < 4; i++)
      await post(t(), '/v1/auth/login', { email: user.email, password: 'Wrong-password-1' });
    await signIn(t(), user.email, user.password);
  });

  it('refuses a password sign-in of a single-sign-on user', async () => {
    const user = await t().createUser({ isSsoUser: true });
    const res = await post(t(), '/v1/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SSO_USER');
  });

  it('rate-limits sign-in attempts per IP: 429 TOO_MANY_ATTEMPTS after 20 a minute; other IPs are not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await post(t(), '/v1/auth/login', { email: 'not-an-email', password: 'x' }, { ip });
      expect(res.statusCode).toBe(400);
    }
    const limited = await post(t(), '/v1/auth/login', { email: 'not-an-email', password: 'x' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Please wait a minute and try again',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // The limit covers every credential endpoint of that IP, not only login.
    expect(
      (await post(t(), '/v1/auth/forgot-password', { email: 'a@tessera.test' }, { ip })).statusCode,
    ).toBe(429);
    expect(
      (await post(t(), '/v1/auth/login', { email: 'not-an-email', password: 'x' }, { ip: freshIp() }))
        .statusCode,
    ).toBe(400);
  });

  it('refresh rotates the refresh token: each one works once, the newest one works', async () => {
    const user = await t().createUser();
    const first = await signIn(t(), user.email, user.password);
    const second = await post(t(), '/v1/auth/refresh', { refreshToken: first.refreshToken });
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await getAs(t(), '/v1/me', next.accessToken)).statusCode).toBe(200);
    const third = await post(t(), '/v1/auth/refresh', { refreshToken: next.refreshToken });
    expect(third.statusCode).toBe(200);
    expect((await getAs(t(), '/v1/me', third.json().accessToken)).statusCode).toBe(200);
    expect((await getAs(t(), '/v1/me', first.accessToken)).statusCode).toBe(200);
  });

  it.each([1, 3])(
    'replaying a refresh token rotated %i time(s) ago ends the whole session (reuse detection)',
    async (rotations) => {
      const user = await t().createUser();
      const stolen = await signIn(t(), user.email, user.password);
      const otherBrowser = await signIn(t(), user.email, user.password);
      let latest = stolen;
      for (let i = 0; i < rotations; i++) {
        const res = await post(t(), '/v1/auth/refresh', { refreshToken: latest.refreshToken });
        expect(res.statusCode).toBe(200);
        latest = res.json();
      }
      const reused = await post(t(), '/v1/auth/refresh', { refreshToken: stolen.refreshToken });
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Your session has expired. Please sign in again',
      });
      // The session is over: its newest refresh token and every access token of it stop working.
      expect((await post(t(), '/v1/auth/refresh', { refreshToken: latest.refreshToken })).statusCode).toBe(
        401,
      );
      expect((await getAs(t(), '/v1/me', latest.accessToken)).statusCode).toBe(401);
      expect((await getAs(t(), '/v1/me', stolen.accessToken)).statusCode).toBe(401);
      // Only that session: another sign-in of the same user stays.
      expect((await getAs(t(), '/v1/me', otherBrowser.accessToken)).statusCode).toBe(200);
      const audit = await t()
        .ctx.db.selectFrom('audit_log')
        .select('details')
        .where('actor_user_id', '=', user.id)
        .where('action', '=', 'auth.refreshTokenReused')
        .execute();
      expect(audit.map((a) => JSON.parse(a.details))).toEqual([{ sessionRevoked: true }]);
      // A replay after the session has ended is refused and noted, and ends nothing more.
      expect((await post(t(), '/v1/auth/refresh', { refreshToken: stolen.refreshToken })).statusCode).toBe(
        401,
      );
      expect((await getAs(t(), '/v1/me', otherBrowser.accessToken)).statusCode).toBe(200);
      const again = await t()
        .ctx.db.selectFrom('audit_log')
        .select('details')
        .where('actor_user_id', '=', user.id)
        .where('action', '=', 'auth.refreshTokenReused')
        .orderBy('id')
        .execute();
      expect(again.map((a) => JSON.parse(a.details))).toEqual([
        { sessionRevoked: true },
        { sessionRevoked: false },
      ]);
    },
  );

  it('two refreshes with one token at the same moment: one rotates, the other is a replay that ends the session', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), user.email, user.password);
    const answers = await Promise.all(
      [0, 1].map(() => post(t(), '/v1/auth/refresh', { refreshToken: tokens.refreshToken })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    // Strict reuse detection, no grace period: the winner's tokens end with the session too.
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await getAs(t(), '/v1/me', winner.accessToken)).statusCode).toBe(401);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: winner.refreshToken })).statusCode).toBe(401);
  });

  it('retired refresh tokens are forgotten once their session has expired', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), user.email, user.password);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(200);
    const retiredOf = () =>
      t()
        .ctx.db.selectFrom('retired_refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'retired_refresh_tokens.session_id')
        .select('token_hash')
        .where('sessions.user_id', '=', user.id)
        .execute();
    expect(await retiredOf()).toEqual([{ token_hash: sha256(tokens.refreshToken) }]);
    const past = new Date(Date.now() - 1000).toISOString();
    await t()
      .ctx.db.updateTable('retired_refresh_tokens')
      .set({ expires_at: past })
      .where('token_hash', '=', sha256(tokens.refreshToken))
      .execute();
    await pruneRetiredRefreshTokens(t().ctx.db, new Date().toISOString());
    expect(await retiredOf()).toEqual([]);
  });

  it('refresh refuses unknown, empty and malformed tokens', async () => {
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: '' })).statusCode).toBe(400);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: 7 })).statusCode).toBe(400);
    expect((await post(t(), '/v1/auth/refresh', {})).statusCode).toBe(400);
  });

  it('a refresh token of an expired session is refused', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), user.email, user.password);
    await t()
      .ctx.db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
  });

  it('logout revokes the session: its access token and refresh token stop working at once', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), user.email, user.password);
    const other = await signIn(t(), user.email, user.password);
    const out = await post(t(), '/v1/auth/logout', undefined, { token: tokens.accessToken });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await getAs(t(), '/v1/me', tokens.accessToken)).statusCode).toBe(401);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    // Only that session: the other browser stays signed in.
    expect((await getAs(t(), '/v1/me', other.accessToken)).statusCode).toBe(200);
    expect(await auditActions(t(), user.id)).toContain('auth.logout');
  });

  it('a token verified once is remembered exactly: another signature or another payload is verified anew', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), user.email, user.password);
    expect((await getAs(t(), '/v1/me', tokens.accessToken)).statusCode).toBe(200);
    const [header, payload, signature] = tokens.accessToken.split('.') as [string, string, string];
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await getAs(t(), '/v1/me', `${header}.${payload}.${otherSignature}`)).statusCode).toBe(401);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    expect((await getAs(t(), '/v1/me', `${header}.${otherPayload}.${signature}`)).statusCode).toBe(401);
  });

  it('logout with an API key answers 400 NO_SESSION and the key keeps working (it has no session)', async () => {
    const user = await t().createUser();
    const key = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json().apiKey;
    const res = await post(t(), '/v1/auth/logout', undefined, { token: key });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'NO_SESSION',
      message:
        'An API key has no session to sign out of; it keeps working until you generate a new one on your profile page or change your password',
    });
    expect((await getAs(t(), '/v1/me', key)).statusCode).toBe(200);
    expect(await auditActions(t(), user.id)).not.toContain('auth.logout');
  });

  it('logout needs a sign-in', async () => {
    const res = await post(t(), '/v1/auth/logout');
    expect(res.statusCode).toBe(401);
  });

  it('publishes every sign-in and profile endpoint in OpenAPI', async () => {
    const doc = (await t().request(null, { method: 'GET', url: '/v1/openapi.json' })).json();
    for (const path of [
      '/v1/auth/login',
      '/v1/auth/challenge/totp',
      '/v1/auth/totp/setup',
      '/v1/auth/totp/verify',
      '/v1/auth/new-password',
      '/v1/auth/forgot-password',
      '/v1/auth/confirm-forgot-password',
      '/v1/auth/refresh',
      '/v1/auth/logout',
      '/v1/me',
      '/v1/me/password',
      '/v1/me/api-keys',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});
