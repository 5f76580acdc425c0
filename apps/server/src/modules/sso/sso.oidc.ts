/**
 * The OpenID Connect side of single sign-on, over openid-client: discovery of each configured
 * provider (once, retried after a failure), the authorization URL (code flow with PKCE, state and
 * nonce) and the code exchange, which checks state, issuer (also the `iss` response parameter),
 * audience, expiry and nonce of the ID token, reading the e-mail from userinfo when the ID token lacks it.
 */
import * as client from 'openid-client';
import type { SsoProvider } from '../../config.ts';

export interface OidcClients {
  /** The provider's configuration from its discovery document. Throws when the provider cannot be reached. */
  configurationOf(provider: SsoProvider): Promise<client.Configuration>;
}

/** Discovery and token calls give up after this long, so a dead provider cannot hold a request open. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export function createOidcClients(): OidcClients {
  const cache = new Map<string, Promise<client.Configuration>>();
  return {
    configurationOf(provider) {
      let pending = cache.get(provider.id);
      if (!pending) {
        // An http:// issuer is the operator's explicit choice (a provider on loopback or a private
        // network); openid-client refuses plain HTTP unless told so.
        const insecure = new URL(provider.issuer).protocol === 'http:';
        pending = client.discovery(
          new URL(provider.issuer),
          provider.clientId,
          provider.clientSecret,
          undefined,
          {
            timeout: PROVIDER_TIMEOUT_SECONDS,
            ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          },
        );
        cache.set(provider.id, pending);
        // A failed discovery is not remembered: the next sign-in tries again.
        pending.catch(() => cache.delete(provider.id));
      }
      return pending;
    },
  };
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function buildAuthorizationRequest(
  config: client.Configuration,
  q: { redirectUri: string; loginHint: string | null },
): Promise<AuthorizationRequest> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: q.redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(q.loginHint ? { login_hint: q.loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

/** The identity the provider vouches for. */
export interface SsoIdentity {
  subject: string;
  email: string | null;
  /** False only when the provider says the e-mail is unverified; many providers omit the claim. */
  emailVerified: boolean;
}

/**
 * Exchanges the authorization code from the callback URL (its full query, which may carry `iss`)
 * and validates the ID token. Throws on any mismatch or provider error.
 */
export async function exchangeAuthorizationCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SsoIdentity> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider returned no ID token');
  // Claims asked for by scope may come only from the userinfo endpoint (OpenID Connect Core 5.4);
  // fetchUserInfo checks that its subject is the ID token's.
  const source: Record<string, unknown> =
    typeof claims.email === 'string'
      ? claims
      : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  return {
    subject: claims.sub,
    email: typeof source.email === 'string' ? source.email : null,
    // Some providers send the claim as the string 'false'.
    emailVerified: source.email_verified !== false && source.email_verified !== 'false',
  };
}
