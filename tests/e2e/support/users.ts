/**
 * The people of the e2e scenarios: the administrator from TESSERA_ADMIN_EMAIL/PASSWORD and the demo
 * users `tessera serve` seeds on a fresh data folder (apps/server/src/cli/seed-demo.ts). The demo
 * passwords are random, so a scenario first gives a demo user a known password through forgot
 * password and the real SMTP peer — the way a person who never saw the seed output would.
 */
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, COMPANY_DOMAIN } from './env.ts';
import { ApiError, setPasswordByReset, signInTokens, type Tokens } from './api.ts';

export const USERS = {
  admin: ADMIN_EMAIL, // systemSuperUser; Data Owner of "Demo project"
  projectAdmin: `admin.project@${COMPANY_DOMAIN}`, // internalUser; Project Admin of "Demo project"
  writer: `writer@${COMPANY_DOMAIN}`, // internalUser; Write in "Demo project"
  reader: `reader@${COMPANY_DOMAIN}`, // internalUser; Read in "Demo project"
  guest: 'guest@partner.example', // externalUser; External User in "Demo project"
} as const;

/** The password every demo user gets in these scenarios (meets the rules of spec 1 §5). */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export const passwordOf = (email: string) => (email === ADMIN_EMAIL ? ADMIN_PASSWORD : DEMO_PASSWORD);

/** Tokens for `email`, giving a demo user the known password first when it does not have it yet. */
export async function tokensFor(email: string): Promise<Tokens> {
  try {
    return await signInTokens(email, passwordOf(email));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'WRONG_CREDENTIALS' || email === ADMIN_EMAIL)
      throw error;
  }
  await setPasswordByReset(email, DEMO_PASSWORD);
  return signInTokens(email, DEMO_PASSWORD);
}

/**
 * Opens the page signed in as `email` without going through the login form (the login scenarios test
 * that): fresh tokens go into sessionStorage, where the web app keeps a sign-in without remember-me,
 * once, before the app's first script runs.
 */
export async function signInPage(page: Page, email: string): Promise<Tokens> {
  const tokens = await tokensFor(email);
  await signInWith(page, tokens);
  return tokens;
}

/** As signInPage, with tokens already at hand (from another server than the run's, say). */
export async function signInWith(page: Page, tokens: Tokens): Promise<void> {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e.signedIn')) return;
    sessionStorage.setItem('e2e.signedIn', '1');
    const session = {
      accessToken: t.accessToken,
      refreshToken: t.refreshToken,
      refreshAt: Date.now() + t.expiresIn * 800,
    };
    sessionStorage.setItem('tessera.session', JSON.stringify(session));
  }, tokens);
}
