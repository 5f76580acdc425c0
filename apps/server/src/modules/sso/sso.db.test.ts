/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider) over real HTTP:
 * the Tessera app listens on loopback, the test drives the browser's redirect chain with fetch and a
 * cookie jar, and the provider's development login form stands in for the person signing in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@tessera/domain';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { startIdentityProvider, TestBrowser, type IdentityProvider } from '../../../test/sso-test-peers.ts';

describe.each(DIALECTS)('single sign-on [%s]', (dialect) => {
  let idp: IdentityProvider;
  let server: (TestServer & { stop(): Promise<void> }) | undefined;
  const t = () => server!;
  const appUrl = (path: string) => new URL(path, t().ctx.config.publicUrl);

  beforeAll(async () => {
    idp = await startIdentityProvider();
    // A port nothing listens on any more: discovery of the 'down' provider is refused at once.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    server = await startTestServer(
      dialect,
      {
        ssoProviders: [
          {
            id: 'corp',
            name: 'Corp SSO',
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            domains: ['tessera.test', 'partner.example'],
          },
          {
            id: 'down',
            name: 'Down SSO',
            issuer: `http://127.0.0.1:${deadPort}`,
            clientId: 'x',
            domains: ['down.example'],
          },
        ],
      },
      { listen: true },
    );
    idp.start(`${t().ctx.config.publicUrl}/v1/auth/sso/corp/callback`);
  });

  afterAll(async () => {
    await server?.stop();
    await idp?.stop();
  });

  /** Start → provider login and consent → callback → /login?...; returns the landing URL. */
  async function signInAt(
    browser: TestBrowser,
    o: { email: string; login?: string; remember?: boolean; abort?: boolean },
  ) {
    const start = appUrl(
      `/v1/auth/sso/corp/start?${new URLSearchParams({ email: o.email, remember: String(o.remember ?? false) })}`,
    );
    return browser.signIn(start, {
      login: o.login ?? o.email,
      stopAt: appUrl('/login'),
      abort: o.abort ?? false,
    });
  }

  const exchange = (browser: TestBrowser, code: string) =>
    browser.request(appUrl('/v1/auth/sso/exchange'), { json: { code } });

  async function userRow(email: string) {
    return t().ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  it('discover names the provider of an e-mail domain, and null otherwise', async () => {
    const corp = await t().request(null, {
      method: 'POST',
      url: '/v1/auth/sso/discover',
      payload: { email: 'Ann@Tessera.TEST' },
    });
    expect(corp.statusCode).toBe(200);
    expect(corp.json()).toEqual({ provider: { id: 'corp', name: 'Corp SSO' } });
    const none = await t().request(null, {
      method: 'POST',
      url: '/v1/auth/sso/discover',
      payload: { email: 'ann@elsewhere.example' },
    });
    expect(none.json()).toEqual({ provider: null });
    const bad = await t().request(null, { method: 'POST', url: '/v1/auth/sso/discover', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('start redirects to the provider with PKCE, state, nonce and the login hint, binding the browser', async () => {
    const res = await t().request(null, {
      method: 'GET',
      url: '/v1/auth/sso/corp/start?email=Ann@tessera.test&remember=true',
    });
    expect(res.statusCode).toBe(302);
    expect(res.body).toBe('');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('client_id')).toBe(idp.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${t().ctx.config.publicUrl}/v1/auth/sso/corp/callback`,
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('login_hint')).toBe('ann@tessera.test');
    for (const p of ['state', 'nonce', 'code_challenge'])
      expect(location.searchParams.get(p)?.length).toBeGreaterThan(20);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^tessera_sso=[\w-]+; Path=\/v1\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('start answers 404 for an unknown provider and sends the login page a message when the provider is down', async () => {
    const unknown = await t().request(null, { method: 'GET', url: '/v1/auth/sso/nope/start' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: SSO_MESSAGES.unknownProvider });
    const down = await t().request(null, {
      method: 'GET',
      url: '/v1/auth/sso/down/start?email=a@down.example',
    });
    expect(down.statusCode).toBe(302);
    const landing = new URL(down.headers.location as string);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('ssoError')).toBe(SSO_MESSAGES.failed);
  });

  it('first sign-in creates an internal SSO user; the exchanged tokens work; the code is good once', async () => {
    const browser = new TestBrowser();
    const { landing, loginHint } = await signInAt(browser, { email: 'ann.sso@tessera.test' });
    expect(loginHint).toBe('ann.sso@tessera.test');
    expect(landing.searchParams.get('ssoError')).toBeNull();
    const code = landing.searchParams.get('sso');
    expect(code).toBeTruthy();

    const res = await exchange(browser, code!);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as {
      accessToken: string;
      refreshToken: string;
      expiresIn: number;
      remember: boolean;
    };
    expect(tokens.remember).toBe(false);
    expect(tokens.expiresIn).toBeGreaterThan(0);
    expect(res.headers.get('set-cookie')).toMatch(/^tessera_sso=; .*Max-Age=0/);

    const projects = await fetch(appUrl('/v1/projects'), {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(projects.status).toBe(200);
    const refreshed = await t().tokens.refresh(tokens.refreshToken);
    expect(refreshed).not.toBeNull();

    const user = await userRow('ann.sso@tessera.test');
    expect(user).toMatchObject({ is_sso_user: 1, password_hash: null });
    const roles = await t()
      .ctx.db.selectFrom('user_system_roles')
      .select('role')
      .where('user_id', '=', user!.id)
      .execute();
    expect(roles.map((r) => r.role)).toEqual(['internalUser']);
    const audit = await t()
      .ctx.db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.ssoLogin')
      .where('actor_user_id', '=', user!.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({
      provider: 'corp',
      created: true,
      subject: 'ann.sso@tessera.test',
    });

    // Replayed: refused, and a wrong or missing browser cannot use a fresh one either.
    const replay = await exchange(browser, code!);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ code: 'NOT_AUTHORIZED', message: SSO_MESSAGES.exchangeFailed });
  });

  it('a second sign-in reuses the account; remember-me is carried to the exchange', async () => {
    const browser = new TestBrowser();
    const first = await signInAt(browser, { email: 'bob.sso@tessera.test' });
    expect((await exchange(browser, first.landing.searchParams.get('sso')!)).status).toBe(200);
    const id = (await userRow('bob.sso@tessera.test'))!.id;

    // The provider remembers its session and grant: no login form this time.
    const second = await signInAt(browser, { email: 'bob.sso@tessera.test', remember: true });
    expect(second.loginHint).toBeNull();
    const res = await exchange(browser, second.landing.searchParams.get('sso')!);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { accessToken: string; remember: boolean };
    expect(tokens.remember).toBe(true);
    const actor = await t().tokens.authenticate(tokens.accessToken);
    expect(actor?.userId).toBe(id);
    const count = await t()
      .ctx.db.selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'bob.sso@tessera.test')
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('signs existing password users in as they are, and makes partner-domain users external', async () => {
    const existing = await t().createUser({ email: 'carol@tessera.test' });
    const browser = new TestBrowser();
    const { landing } = await signInAt(browser, { email: 'carol@tessera.test' });
    const tokens = (await (await exchange(browser, landing.searchParams.get('sso')!)).json()) as {
      accessToken: string;
    };
    expect((await t().tokens.authenticate(tokens.accessToken))?.userId).toBe(existing.id);
    expect((await userRow('carol@tessera.test'))?.is_sso_user).toBe(0);

    const partner = new TestBrowser();
    const p = await signInAt(partner, { email: 'dan@partner.example' });
    expect((await exchange(partner, p.landing.searchParams.get('sso')!)).status).toBe(200);
    const dan = await userRow('dan@partner.example');
    const roles = await t()
      .ctx.db.selectFrom('user_system_roles')
      .select('role')
      .where('user_id', '=', dan!.id)
      .execute();
    expect(roles.map((r) => r.role)).toEqual(['externalUser']);
  });

  it('refuses an e-mail outside the provider’s domains, and an unverified or missing e-mail', async () => {
    const outside = await signInAt(new TestBrowser(), {
      email: 'eve@tessera.test',
      login: 'eve@elsewhere.example',
    });
    expect(outside.landing.searchParams.get('ssoError')).toBe(SSO_MESSAGES.emailNotAllowed);
    expect(outside.landing.searchParams.get('sso')).toBeNull();
    expect(await userRow('eve@elsewhere.example')).toBeUndefined();
    const failed = await t()
      .ctx.db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.loginFailed')
      .where('target', '=', 'eve@elsewhere.example')
      .execute();
    expect(failed).toHaveLength(1);

    const unverified = await signInAt(new TestBrowser(), {
      email: 'fay@tessera.test',
      login: 'unverified:fay@tessera.test',
    });
    expect(unverified.landing.searchParams.get('ssoError')).toBe(SSO_MESSAGES.emailMissing);
    const missing = await signInAt(new TestBrowser(), { email: 'gus@tessera.test', login: 'noemail:gus' });
    expect(missing.landing.searchParams.get('ssoError')).toBe(SSO_MESSAGES.emailMissing);
    expect(await userRow('fay@tessera.test')).toBeUndefined();
  });

  it('a cancelled sign-in at the provider ends on the login page with a message', async () => {
    const { landing } = await signInAt(new TestBrowser(), { email: 'hal@tessera.test', abort: true });
    expect(landing.searchParams.get('ssoError')).toBe(SSO_MESSAGES.cancelled);
  });

  it('refuses a tampered state, a replayed callback, and a callback or exchange from another browser', async () => {
    const browser = new TestBrowser();
    // Stop at the callback: capture the provider's redirect to it instead of following it.
    const { landing: callback } = await browser.signIn(
      appUrl('/v1/auth/sso/corp/start?email=ivy@tessera.test'),
      {
        login: 'ivy@tessera.test',
        stopAt: appUrl('/v1/auth/sso/corp/callback'),
      },
    );
    expect(callback.searchParams.get('code')).toBeTruthy();

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refusedTamper = await browser.request(tampered);
    expect(refusedTamper.status).toBe(302);
    expect(new URL(refusedTamper.headers.get('location')!).searchParams.get('ssoError')).toBe(
      SSO_MESSAGES.expired,
    );

    // Login CSRF: the same callback URL opened in another browser (no binding cookie) is refused.
    const other = new TestBrowser();
    const foreign = await other.request(callback);
    expect(new URL(foreign.headers.get('location')!).searchParams.get('ssoError')).toBe(SSO_MESSAGES.expired);

    const ok = await browser.request(callback);
    const code = new URL(ok.headers.get('location')!).searchParams.get('sso');
    expect(code).toBeTruthy();
    const replayed = await browser.request(callback);
    expect(new URL(replayed.headers.get('location')!).searchParams.get('ssoError')).toBe(
      SSO_MESSAGES.expired,
    );

    // The one-time code is bound to the browser too; the foreign attempt does not burn it.
    expect((await exchange(other, code!)).status).toBe(401);
    expect((await exchange(browser, code!)).status).toBe(200);
    expect(await userRow('ivy@tessera.test')).toBeDefined();
  });

  it('an exchange code is refused after its 60 seconds', async () => {
    const browser = new TestBrowser();
    const { landing } = await signInAt(browser, { email: 'jo@tessera.test' });
    await t()
      .ctx.db.updateTable('sso_logins')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('exchanged_at', 'is', null)
      .where('user_id', 'is not', null)
      .execute();
    expect((await exchange(browser, landing.searchParams.get('sso')!)).status).toBe(401);
  });

  it('callback of an unknown provider answers 404; the exchange validates its body', async () => {
    const res = await t().request(null, { method: 'GET', url: '/v1/auth/sso/nope/callback?code=x&state=y' });
    expect(res.statusCode).toBe(404);
    const bad = await t().request(null, {
      method: 'POST',
      url: '/v1/auth/sso/exchange',
      payload: { code: '' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
