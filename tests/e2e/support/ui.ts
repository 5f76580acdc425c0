/** Steps through the real screens that several scenarios share. */
import { expect, type Page } from '@playwright/test';

export const accountButton = (page: Page) => page.getByRole('button', { name: /^Account: / });

/** The login form's first two steps (e-mail, then password), as a person types them. */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function enterPassword(page: Page, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signed in: the app left /login and the account menu shows. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(accountButton(page)).toBeVisible();
  expect(new URL(page.url()).pathname).not.toBe('/login');
}

/** Logout through the account menu and its confirmation dialog (spec 1 §2). */
export async function signOut(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** The MUI snackbar (spec 1 §2: top-centre notifications). */
export const snackbar = (page: Page) => page.locator('.MuiSnackbar-root');

/** Closes the open notification (its Close button) so a screenshot shows the page, not the notice. */
export async function dismissSnackbar(page: Page): Promise<void> {
  await snackbar(page).getByRole('button', { name: 'Close' }).click();
  await expect(snackbar(page)).toHaveCount(0);
}
