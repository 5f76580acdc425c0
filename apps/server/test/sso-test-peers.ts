/**
 * Real peers for the single sign-on tests: an OpenID Connect provider (oidc-provider, with its
 * development login form that accepts any login) and a small browser (fetch with a cookie jar that
 * follows redirects by hand and submits the provider's forms). Test support only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the client's redirect URI (known once the app listens). */
  start(redirectUri: string): void;
  stop(): Promise<void>;
}

/**
 * The login typed at the provider becomes the account: its e-mail claim, verified, unless it starts
 * with "unverified:" (email_verified false) or "noemail:" (no e-mail claim at all).
 */
function claimsOf(login: string): Record<string, unknown> {
  const sub = login; // oidc-provider takes the subject from the account id
  if (login.startsWith('noemail:')) return { sub };
  if (login.startsWith('unverified:'))
    return { sub, email: login.slice('unverified:'.length), email_verified: false };
  return { sub, email: login, email_verified: true };
}

export async function startIdentityProvider(): Promise<IdentityProvider> {
  let handler: http.RequestListener = (_req, res) => void res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'tessera';
  const clientSecret = 'tessera-test-client-secret-0123456789';
  return {
    issuer,
    clientId,
    clientSecret,
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        findAccount: async (_ctx, id) => ({
          accountId: id,
          claims: async () => claimsOf(id) as { sub: string },
        }),
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['tessera-test-cookie-key-0123456789'] },
        pkce: { required: () => true },
      });
      handler = provider.callback();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Cookie {
  value: string;
  path: string;
}

/**
 * A browser as far as redirects and cookies go. Cookies are kept per host, not per port, as browsers
 * do, and sent by path prefix.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, Cookie>>();

  cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.hostname) ?? new Map<string, Cookie>();
    return [...cookies]
      .filter(
        ([, c]) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  /** Forgets every cookie: the same person in another browser. */
  clearCookies(): void {
    this.jar.clear();
  }

  private keep(url: URL, res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const maxAge = attr('max-age');
      const expires = attr('expires');
      const cookies = this.jar.get(url.hostname) ?? new Map<string, Cookie>();
      this.jar.set(url.hostname, cookies);
      if (maxAge === '0' || (expires && Date.parse(expires) < Date.now()) || value === '')
        cookies.delete(name);
      else cookies.set(name, { value, path: attr('path') ?? '/' });
    }
  }

  async request(
    url: URL,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.keep(url, res);
    return res;
  }

  /**
   * Follows redirects from `url`, submitting the provider's login form (with `login`) and consent form
   * as a person would, until a redirect leaves for `stopAt` (the app's /login page). Returns that URL.
   * With `abort`, the person cancels at the provider's login form instead.
   */
  async signIn(
    url: URL,
    opts: { login: string; stopAt: URL; abort?: boolean },
  ): Promise<{ landing: URL; loginHint: string | null }> {
    let next: URL = url;
    let loginHint: string | null = null;
    for (let hop = 0; hop < 20; hop++) {
      if (next.origin === opts.stopAt.origin && next.pathname === opts.stopAt.pathname)
        return { landing: next, loginHint };
      const res = await this.request(next);
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get('location');
        if (!location) throw new Error(`redirect without location from ${next.href}`);
        next = new URL(location, next);
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} from ${next.href}: ${html.slice(0, 500)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`no form at ${next.href}: ${html.slice(0, 500)}`);
      if (prompt === 'login') {
        loginHint = /name="login"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? null;
        if (opts.abort) {
          next = new URL(`${new URL(action, next).pathname}/abort`, next);
          continue;
        }
      }
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login: opts.login, password: 'anything' } : { prompt };
      const posted = await this.request(new URL(action, next), { form });
      const location = posted.headers.get('location');
      if (posted.status < 300 || posted.status >= 400 || !location)
        throw new Error(`form post answered ${posted.status}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }
}
