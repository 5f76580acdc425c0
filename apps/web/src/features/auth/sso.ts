/**
 * Single sign-on for the login page (spec 1 §1, §9), without React: which provider serves an e-mail,
 * leaving for it, and finishing when the server sends the browser back to /login?sso=<one-time code>
 * (or /login?ssoError=<message>). The code is traded for tokens by a POST; tokens never sit in a URL.
 */
import { sso as contract } from '@tessera/contract';
import { call, pathOf } from '../../api/client.ts';
import { saveSession } from '../../api/session-store.ts';

export interface SsoChoice {
  providerId: string;
  name: string;
}

/** The provider for the e-mail's domain, or null when the user signs in with a password. */
export async function discoverSso(email: string): Promise<SsoChoice | null> {
  const { provider } = await call(contract.discover, { body: { email } });
  return provider ? { providerId: provider.id, name: provider.name } : null;
}

/** Leaves for the provider (a full navigation: the server answers with a redirect and sets a cookie). */
export function startSso(providerId: string, email: string, remember: boolean): void {
  window.location.assign(pathOf(contract.start, { providerId }, { email, remember: String(remember) }));
}

/** Removes a query parameter from the address bar without a navigation or a history entry. */
function dropParam(name: string): string | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(name);
  if (value === null) return null;
  url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return value;
}

let completing: Promise<boolean> | null = null;

/**
 * On the login page: when the URL carries a one-time code, removes it from the address bar, trades
 * it for tokens and saves them with the remember-me choice made before leaving; resolves true (the
 * caller then goes on as after a password sign-in). Resolves false when there is no code. Rejects
 * with an ApiError whose message is for the user when the code is expired, used or from another
 * browser. A second call while one is under way (React StrictMode) gets the same promise.
 */
export function completeSsoFromUrl(): Promise<boolean> {
  if (completing) return completing;
  const code = dropParam(contract.SSO_LOGIN_QUERY.code);
  if (!code) return Promise.resolve(false);
  completing = call(contract.exchange, { body: { code } })
    .then((tokens) => {
      saveSession(tokens, tokens.remember);
      return true;
    })
    .finally(() => {
      completing = null;
    });
  return completing;
}

/** The message of a failed single sign-on in the URL (?ssoError=), removed from the address bar; null when none. */
export function takeSsoErrorFromUrl(): string | null {
  return dropParam(contract.SSO_LOGIN_QUERY.error);
}
