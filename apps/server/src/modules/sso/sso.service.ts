/**
 * Single sign-on (spec 1 §1, §9): the e-mail's domain chooses a configured OpenID Connect provider;
 * the provider's verified e-mail signs the user in, creating the account on first sign-in.
 *
 * The browser leaves with a random binding cookie whose hash is stored with the login; the callback
 * and the exchange accept only that browser, so a callback link or /login?sso= link sent to someone
 * else cannot sign them into another account. Tokens are issued only by the exchange (a POST), never
 * placed in a URL.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { sso as contract } from '@tessera/contract';
import {
  SSO_EXCHANGE_TTL_SECONDS,
  SSO_LOGIN_TTL_SECONDS,
  SSO_MESSAGES,
  checkEmail,
  isExternalEmail,
  normalizeEmail,
  providerServesEmail,
  ssoProviderFor,
} from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import type { SsoProvider } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { findUserIdByEmail, insertUser } from '../users/users.queries.ts';
import { buildAuthorizationRequest, exchangeAuthorizationCode, type OidcClients } from './sso.oidc.ts';
import * as q from './sso.queries.ts';

export const BROWSER_COOKIE = 'tessera_sso';
const COOKIE_PATH = '/v1/auth/sso';

type ExchangeAnswer = z.input<typeof contract.exchange.response>;

export function discoverProvider(
  ctx: AppContext,
  email: string,
): { provider: { id: string; name: string } | null } {
  const provider = ssoProviderFor(email, ctx.config.ssoProviders);
  return { provider: provider ? { id: provider.id, name: provider.name } : null };
}

function providerById(ctx: AppContext, id: string): SsoProvider {
  const provider = ctx.config.ssoProviders.find((p) => p.id === id);
  if (!provider) throw notFound(SSO_MESSAGES.unknownProvider);
  return provider;
}

const callbackUri = (ctx: AppContext, provider: SsoProvider) =>
  `${ctx.config.publicUrl}/v1/auth/sso/${provider.id}/callback`;

/** Where the browser goes after the callback: the login page, with a one-time code or a message. */
export const loginPageUrl = (ctx: AppContext, query: { sso: string } | { ssoError: string }) =>
  `${ctx.config.publicUrl}/login?${new URLSearchParams(query).toString()}`;

export function browserCookie(ctx: AppContext, value: string, maxAgeSeconds: number): string {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  // SameSite=Lax: the provider's redirect back is a top-level GET navigation, which Lax allows.
  return `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function browserHashOf(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === BROWSER_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? sha256(value) : null;
    }
  }
  return null;
}

/**
 * Starts a sign-in at the provider: returns the authorization URL to redirect to and the browser
 * binding cookie to set. Throws when the provider cannot be reached (the route turns that into a
 * message on the login page).
 */
export async function startSso(
  ctx: AppContext,
  oidc: OidcClients,
  providerId: string,
  input: { email?: string | undefined; remember: boolean },
): Promise<{ location: string; cookie: string }> {
  const provider = providerById(ctx, providerId);
  const config = await oidc.configurationOf(provider);
  const email = input.email && checkEmail(input.email) === null ? normalizeEmail(input.email) : null;
  const auth = await buildAuthorizationRequest(config, {
    redirectUri: callbackUri(ctx, provider),
    loginHint: email,
  });
  const binding = newSecret();
  await q.deleteExpiredSsoLogins(ctx.db);
  await q.insertSsoLogin(ctx.db, {
    providerId: provider.id,
    stateHash: sha256(auth.state),
    browserHash: sha256(binding),
    nonce: auth.nonce,
    codeVerifier: auth.codeVerifier,
    remember: input.remember,
    expiresAt: new Date(Date.now() + SSO_LOGIN_TTL_SECONDS * 1000).toISOString(),
  });
  return { location: auth.url.href, cookie: browserCookie(ctx, binding, SSO_LOGIN_TTL_SECONDS) };
}

/** A callback that ends on the login page with a message instead of a session. */
class SsoRefused extends Error {
  constructor(
    readonly userMessage: string,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Completes the sign-in when the provider sends the browser back: checks state and browser, exchanges
 * the code, validates the ID token, finds or creates the user and returns the login page URL with a
 * one-time exchange code. Every failure ends on the login page with a short message.
 */
export async function completeSso(
  ctx: AppContext,
  oidc: OidcClients,
  providerId: string,
  req: FastifyRequest,
  query: Record<string, string>,
): Promise<string> {
  const provider = providerById(ctx, providerId);
  try {
    const browserHash = browserHashOf(req);
    const state = query.state ?? '';
    const pending =
      state && browserHash
        ? await q.takePendingSsoLogin(ctx.db, {
            providerId: provider.id,
            stateHash: sha256(state),
            browserHash,
          })
        : null;
    if (!pending) throw new SsoRefused(SSO_MESSAGES.expired, 'unknown, expired or foreign state');
    if (query.error)
      throw new SsoRefused(
        query.error === 'access_denied' ? SSO_MESSAGES.cancelled : SSO_MESSAGES.failed,
        `provider error ${query.error}`,
      );

    const callbackUrl = new URL(callbackUri(ctx, provider));
    for (const [k, v] of Object.entries(query)) callbackUrl.searchParams.set(k, v);
    let identity;
    try {
      identity = await exchangeAuthorizationCode(await oidc.configurationOf(provider), callbackUrl, {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (err) {
      throw new SsoRefused(
        SSO_MESSAGES.failed,
        `code exchange failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (!identity.email || !identity.emailVerified)
      throw new SsoRefused(SSO_MESSAGES.emailMissing, 'no verified e-mail claim');
    const email = normalizeEmail(identity.email);
    if (!providerServesEmail(provider, email)) {
      await ctx.audit.record({
        action: 'auth.loginFailed',
        actorUserId: null,
        target: email,
        details: { provider: provider.id, reason: 'ssoDomainNotAllowed' },
        ip: req.ip,
      });
      throw new SsoRefused(SSO_MESSAGES.emailNotAllowed, `e-mail domain not served by ${provider.id}`);
    }

    const { userId, created } = await findOrCreateSsoUser(ctx, email);
    const code = newSecret();
    await q.setSsoExchangeCode(ctx.db, pending.id, {
      userId,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + SSO_EXCHANGE_TTL_SECONDS * 1000).toISOString(),
    });
    await ctx.audit.record({
      action: 'auth.ssoLogin',
      actorUserId: userId,
      target: userId,
      details: { provider: provider.id, subject: identity.subject, created },
      ip: req.ip,
    });
    return loginPageUrl(ctx, { sso: code });
  } catch (err) {
    if (err instanceof SsoRefused) {
      req.log.info({ provider: provider.id, reason: err.message }, 'single sign-on refused');
      return loginPageUrl(ctx, { ssoError: err.userMessage });
    }
    req.log.error({ err, provider: provider.id }, 'single sign-on failed');
    return loginPageUrl(ctx, { ssoError: SSO_MESSAGES.failed });
  }
}

/**
 * The account for a provider-verified e-mail. An existing account (password or SSO) is used as it is:
 * the provider is the authority for its domains. A new one is an SSO user without a password, internal
 * when the e-mail is in the company domain.
 */
async function findOrCreateSsoUser(
  ctx: AppContext,
  email: string,
): Promise<{ userId: string; created: boolean }> {
  const existing = await findUserIdByEmail(ctx.db, email);
  if (existing) return { userId: existing, created: false };
  const external = isExternalEmail(email, {
    companyDomain: ctx.config.companyDomain,
    exemptEmails: ctx.config.externalExemptEmails,
  });
  try {
    const userId = await insertUser(ctx.db, {
      email,
      passwordHash: null,
      isSsoUser: true,
      systemRoles: [external ? 'externalUser' : 'internalUser'],
    });
    return { userId, created: true };
  } catch (err) {
    // Two first sign-ins at once: the other one created the account (unique e-mail).
    const raced = await findUserIdByEmail(ctx.db, email);
    if (raced) return { userId: raced, created: false };
    throw err;
  }
}

/** Trades a one-time exchange code, presented by the browser that signed in, for a new session. */
export async function exchangeSsoCode(
  ctx: AppContext,
  req: FastifyRequest,
  code: string,
): Promise<ExchangeAnswer> {
  const browserHash = browserHashOf(req);
  const redeemed = browserHash
    ? await q.redeemSsoExchangeCode(ctx.db, { codeHash: sha256(code), browserHash })
    : null;
  if (!redeemed) throw new AppError(401, ERROR_CODES.notAuthorized, SSO_MESSAGES.exchangeFailed);
  const tokens = await ctx.tokens.startSession(redeemed.userId, redeemed.remember);
  return { ...tokens, remember: redeemed.remember };
}
