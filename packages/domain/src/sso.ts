/**
 * Single sign-on (spec 1 §1, §5, §9): OpenID Connect providers come from configuration, each serving a
 * list of e-mail domains; the user's e-mail domain picks the provider. Users of such a domain sign in
 * through their provider, so the product hides the forgot-password link for them and never lets an SSO
 * user change a password.
 */
import { checkEmail, emailDomain, normalizeEmail } from './email.ts';

/** What the rule needs to know of a configured provider. */
export interface SsoProviderRef {
  id: string;
  name: string;
  domains: readonly string[];
}

/** Messages shown on the login page after a failed single sign-on (passed back as ?ssoError=). */
export const SSO_MESSAGES = {
  failed: 'Single sign-on failed. Please try again.',
  expired: 'Single sign-on took too long or was started in another browser. Please try again.',
  cancelled: 'Single sign-on was cancelled.',
  emailMissing: 'The single sign-on provider did not share a verified e-mail address.',
  emailNotAllowed: 'Your e-mail address cannot sign in with this single sign-on provider.',
  exchangeFailed: 'Single sign-on has expired. Please sign in again.',
  unknownProvider: 'Single sign-on provider could not be found',
} as const;

/** How long a started sign-in may take at the provider, and how long its one-time exchange code lives. */
export const SSO_LOGIN_TTL_SECONDS = 10 * 60;
export const SSO_EXCHANGE_TTL_SECONDS = 60;

// Configuration may write a domain as "Example.COM" or "@example.com"; both mean example.com.
const normalizeDomain = (domain: string): string => domain.trim().toLowerCase().replace(/^@/, '');

/** True when the provider serves the e-mail's domain (exact domain match; subdomains are listed separately). */
export function providerServesEmail(provider: SsoProviderRef, email: string): boolean {
  if (checkEmail(email) !== null) return false;
  const domain = emailDomain(email);
  return provider.domains.some((d) => normalizeDomain(d) === domain);
}

/** The provider a user signs in with, by the domain of their e-mail; null for password sign-in. First match wins. */
export function ssoProviderFor<P extends SsoProviderRef>(email: string, providers: readonly P[]): P | null {
  return providers.find((p) => providerServesEmail(p, normalizeEmail(email))) ?? null;
}
