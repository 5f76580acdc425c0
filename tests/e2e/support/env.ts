/**
 * What global setup hands to the test workers. Playwright forks the workers after global setup, so
 * values put into process.env there are inherited; the workers read them through these accessors.
 */
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** Where the docs' screenshots live: `npm run screenshots` refreshes them (scripts/screenshots.js). */
export const DOCS_SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs/screenshots');
/**
 * Where `shot(name)` writes: an ignored folder unless TESSERA_SCREENSHOT_DIR says otherwise, so a test run
 * leaves the tracked documentation screenshots alone.
 */
export const SCREENSHOT_DIR = path.resolve(
  REPO_ROOT,
  process.env.TESSERA_SCREENSHOT_DIR ?? 'test-results/screenshots',
);

export const COMPANY_DOMAIN = 'tessera.test';
export const ADMIN_EMAIL = 'admin@tessera.test';
/** Meets every password rule of spec 1 §5 (upper, lower, digit, symbol, 8+). */
export const ADMIN_PASSWORD = 'Adm1n-Tessera!e2e';
export const SSO_DOMAIN = 'sso.test';
export const SSO_PROVIDER = { id: 'corp-sso', name: 'Corp SSO' };

export const ENV_KEYS = {
  baseUrl: 'TESSERA_E2E_BASE_URL',
  mailboxUrl: 'TESSERA_E2E_MAILBOX_URL',
  serverEnv: 'TESSERA_E2E_SERVER_ENV',
} as const;

function required(key: string): string {
  const value = process.env[key];
  if (!value)
    throw new Error(
      `${key} is not set: run the e2e tests through playwright.config.ts (its global setup sets it)`,
    );
  return value;
}

export const baseUrl = () => required(ENV_KEYS.baseUrl);
export const mailboxUrl = () => required(ENV_KEYS.mailboxUrl);
/** The environment the server runs with; CLI commands (maintenance, manual-version) need the same data dir. */
export const serverEnv = (): Record<string, string> =>
  JSON.parse(required(ENV_KEYS.serverEnv)) as Record<string, string>;

/** The OpenID Connect peer's issuer, as the server was configured with it. */
export const ssoIssuer = (): string => {
  const providers = JSON.parse(serverEnv().TESSERA_SSO_PROVIDERS ?? '[]') as { issuer: string }[];
  const issuer = providers[0]?.issuer;
  if (!issuer) throw new Error('no SSO provider configured');
  return issuer;
};
