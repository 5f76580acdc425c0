/**
 * Sign-in scenarios of spec 1 §4 (Login) and §5 (Password) through the real login page: forgot
 * password with the code the server mailed to the SMTP peer, and single sign-on through the OpenID
 * Connect peer. Each uses its own account so the scenarios do not depend on one another.
 */
import * as OTPAuth from 'otpauth';
import { test, expect } from './fixtures.ts';
import { resetCodeFromMail } from './support/api.ts';
import { tessera } from './support/cli.ts';
import { COMPANY_DOMAIN, SSO_DOMAIN, ssoIssuer } from './support/env.ts';
import { tokensFor, USERS } from './support/users.ts';
import { accountButton, enterEmail, enterPassword, expectSignedIn, signOut } from './support/ui.ts';

test('forgot password: the e-mailed reset code sets a new password that signs in', async ({ page, shot }) => {
  const email = USERS.reader;
  const newPassword = `Reset-${Date.now()}-Aa!`;
  await tokensFor(email); // the account exists with a password (seeded, or set by an earlier run of this file)

  await page.goto('/login');
  await expect(page).toHaveTitle('Tessera');
  // The e-mail step validates before it asks the server (spec 1 §5).
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please provide a valid email address')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await shot('login-email');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('wrong username or password!')).toBeVisible();
  await shot('login-password');

  const requestedAt = new Date().toISOString();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();

  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText('Check email for password reset link')).toBeVisible();
  const code = await resetCodeFromMail(email, requestedAt);

  // Every field's rule first (spec 1 §5), then the real values.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Enter reset code')).toBeVisible();
  await expect(page.getByText('Enter new password')).toBeVisible();
  await expect(page.getByText('Repeat new password', { exact: true }).last()).toBeVisible();
  await page.getByLabel('Reset code').fill('12');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Repeat new password').fill('different');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Reset code is required')).toBeVisible();
  await expect(page.getByText('Minimum length must be 8 character')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('alllowercase1!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password does not match requirements')).toBeVisible();

  await page.getByLabel('Reset code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password').fill(newPassword);
  // Password changed, then the page signs in with it by itself (spec 1 §4): the success screen may be
  // gone before a locator sees it, so the two calls are what the test waits on.
  const confirmed = page.waitForResponse((r) => r.url().endsWith('/v1/auth/confirm-forgot-password'));
  const reLogin = page.waitForResponse(
    (r) => r.url().endsWith('/v1/auth/login') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await confirmed).status()).toBe(200);
  expect((await reLogin).status()).toBe(200);
  await expectSignedIn(page);

  await signOut(page);
  await enterEmail(page, email);
  await enterPassword(page, newPassword);
  await expectSignedIn(page);
});

test('single sign-on: an e-mail of the provider domain signs in at the OpenID Connect provider', async ({
  page,
}) => {
  const email = `sso.user.${Date.now()}@${SSO_DOMAIN}`;
  await page.goto('/login');
  await enterEmail(page, email);

  await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();
  await expect(page.getByText('Your organisation signs you in with Corp SSO.')).toBeVisible();
  // An SSO account's password lives at the provider: no password field, no forgot-password link (spec 1 §5).
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue with Corp SSO' }).click();

  // oidc-provider's development login form: any password; the login becomes the verified e-mail.
  const issuerLogin = page.locator('input[name="login"]');
  await expect(issuerLogin).toBeVisible();
  expect(new URL(page.url()).origin).toBe(ssoIssuer());
  await expect(issuerLogin).toHaveValue(email); // the server passed the e-mail on as login_hint
  await issuerLogin.fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.click();

  await expectSignedIn(page);
  // A first single sign-on creates the account; outside the company domain it is an external user
  // in no project yet, so the landing page says so (spec 1 §2).
  await expect(
    page.getByText(
      "You don't have access to any projects. Please create a new project or ask a manager of a project to add you.",
    ),
  ).toBeVisible();
  await accountButton(page).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await expect(page.getByRole('menu').getByText('External User')).toBeVisible();
});

/** The test plays the authenticator app: the same RFC 6238 parameters the QR code carries. */
const authenticator = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

test('sign-in with TOTP: first sign-in sets up the authenticator app, the next one answers its challenge', async ({
  page,
  shot,
}) => {
  const email = `totp.user.${Date.now().toString(36)}@${COMPANY_DOMAIN}`;
  const password = 'Totp-Pass-2026!';
  // An administrator creates the account and requires a second factor (cli/create-user.ts).
  tessera('user', 'create', email, '--role', 'internalUser', '--require-mfa', '--password', password);

  await page.goto('/login');
  await enterEmail(page, email);
  await enterPassword(page, password);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Please copy and retain MFA secret!')).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'QR code to add Tessera to your authenticator app' }),
  ).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot('login-totp-setup', { fullPage: true });

  const app = authenticator(secret);
  const setupStep = app.counter();
  await page.getByLabel('6-digit code').fill('12345');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await page.getByLabel('6-digit code').fill(app.generate({ timestamp: setupStep * 30_000 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expectSignedIn(page);

  await signOut(page);
  await enterEmail(page, email);
  await enterPassword(page, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeVisible();
  // The code used for the setup is spent (replay); a wrong code shows under the field (spec 1 §8).
  await page.getByLabel('6-digit code').fill(app.generate({ timestamp: setupStep * 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code received for user')).toBeVisible();
  await shot('login-totp');
  // The app's next code (one 30-second step later; the server accepts one step of drift) signs in.
  await page.getByLabel('6-digit code').fill(app.generate({ timestamp: (setupStep + 1) * 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
});
