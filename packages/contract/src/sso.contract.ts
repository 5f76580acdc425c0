/**
 * Single sign-on with OpenID Connect (spec 1 §1, §9): the login page asks which provider serves an
 * e-mail, sends the browser to /start, the provider returns it to /callback, and the server sends it
 * on to /login?sso=<one-time code> (or /login?ssoError=<message>); the page trades the code for tokens
 * with /exchange. Tokens never travel in a URL.
 */
import { z } from 'zod';
import { defineRoute, publicAccess } from './route.ts';

export const SsoProviderSummary = z.object({ id: z.string(), name: z.string() }).meta({ id: 'SsoProvider' });
export type SsoProviderSummary = z.infer<typeof SsoProviderSummary>;

export const SsoProviderParams = z.object({
  providerId: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Unknown provider'),
});

/** The query parameters the login page reads after the callback's redirect. */
export const SSO_LOGIN_QUERY = { code: 'sso', error: 'ssoError' } as const;

export const discover = defineRoute({
  method: 'POST',
  path: '/v1/auth/sso/discover',
  summary: 'The single sign-on provider for an e-mail domain, or null for password sign-in',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ email: z.string().max(320) }),
  response: z.object({ provider: SsoProviderSummary.nullable() }),
});

/** Browser navigation, not an XHR: answers 302 to the provider's authorization endpoint. */
export const start = defineRoute({
  method: 'GET',
  path: '/v1/auth/sso/:providerId/start',
  summary: 'Start single sign-on: redirects (302) to the provider',
  tags: ['auth'],
  access: publicAccess,
  params: SsoProviderParams,
  query: z.object({
    email: z.string().max(320).optional(),
    remember: z.enum(['true', 'false']).optional(),
  }),
  response: z.undefined(),
});

/** Where the provider returns the browser; answers 302 to /login?sso=<code> or /login?ssoError=<message>. */
export const callback = defineRoute({
  method: 'GET',
  path: '/v1/auth/sso/:providerId/callback',
  summary: 'Provider callback of single sign-on: redirects (302) to the login page',
  tags: ['auth'],
  access: publicAccess,
  params: SsoProviderParams,
  // The provider adds parameters of its own (iss, session_state, error_description, …); all are read
  // by the OpenID Connect client, so the schema only bounds their size.
  query: z.record(z.string(), z.string().max(4096)),
  response: z.undefined(),
});

export const exchange = defineRoute({
  method: 'POST',
  path: '/v1/auth/sso/exchange',
  summary: 'Trade the one-time code of a finished single sign-on for session tokens (once, within 60 s)',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ code: z.string().min(1).max(128) }),
  response: z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int(),
    /** The remember-me choice made when sign-in started: where the login page keeps the tokens. */
    remember: z.boolean(),
  }),
});
