/**
 * The blocking app-state dialog (spec 1 §2, §4): a new version (the version file answers another
 * version), maintenance (switched on the running server with `tessera maintenance on`), connection
 * lost (the version file cannot be fetched), and the user manual not read (`tessera manual-version`).
 * The run-time switches are always switched back, so later scenarios see a normal server.
 */
import { test, expect } from './fixtures.ts';
import { apiCall } from './support/api.ts';
import { tessera } from './support/cli.ts';
import { expectOnEveryServer } from './support/every-server.ts';
import { signInPage, USERS } from './support/users.ts';
import { accountButton } from './support/ui.ts';

const appState = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('dialog', { name: title });

/**
 * What a scenario switched on the running server, switched back after it even when it failed or timed
 * out (a finally block does not run when Playwright abandons a timed-out test).
 */
const switched = { maintenance: false, manual: false, manualAskedOf: '' };
test.afterEach(async () => {
  // Switched back, and waited for until every serving process has noticed, so later scenarios start clean.
  if (switched.maintenance) {
    tessera('maintenance', 'off');
    await expectOnEveryServer('/version.json', (answer) => answer.status === 200);
  }
  if (switched.manual) {
    tessera('manual-version', '');
    const token = switched.manualAskedOf;
    if (token)
      await expectOnEveryServer(
        '/v1/me',
        (answer) => (JSON.parse(answer.body) as { manualVersion?: string }).manualVersion === '',
        token,
      );
  }
  switched.maintenance = switched.manual = false;
  switched.manualAskedOf = '';
});

/** Running servers re-read their settings every 2 seconds; wait until every serving process answers so. */
const expectVersionStatus = (status: number) =>
  expectOnEveryServer('/version.json', (answer) => answer.status === status);

test('new version: another version in the version file blocks the app until the page is refreshed', async ({
  page,
  shot,
}) => {
  await signInPage(page, USERS.admin);
  await page.route('**/version.json', (route) =>
    route.fulfill({ json: { version: '2.2.0' }, headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/');
  const dialog = appState(page, 'New version available');
  await expect(dialog.getByText('A new version of the Portal is available.', { exact: false })).toBeVisible();
  // Blocking: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await shot('dialog-new-version');

  await page.unroute('**/version.json');
  const checked = page.waitForResponse((r) => r.url().endsWith('/version.json'));
  await dialog.getByRole('button', { name: 'Refresh' }).click();
  expect((await checked).status()).toBe(200);
  await expect(accountButton(page)).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('connection lost: a failed version fetch blocks the app and it recovers on the 5-second re-poll', async ({
  page,
  shot,
}) => {
  await signInPage(page, USERS.admin);
  await page.route('**/version.json', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const dialog = appState(page, 'Connection lost');
  await expect(
    dialog.getByText('Please check your internet connection and refresh the page.', { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByText('contact support', { exact: false })).toBeVisible();
  await shot('dialog-connection-lost');

  // Unavailable is re-polled every 5 seconds (spec 1 §4): the dialog goes away by itself.
  await page.unroute('**/version.json');
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(accountButton(page)).toBeVisible();
});

test('maintenance: `tessera maintenance on` blocks the running app; `off` brings it back', async ({
  page,
  shot,
}) => {
  await signInPage(page, USERS.admin);
  switched.maintenance = true;
  tessera('maintenance', 'on');
  await expectVersionStatus(503);
  await page.goto('/');
  const dialog = appState(page, 'Down for maintenance');
  await expect(
    dialog.getByText('Sorry, the Portal is down for maintenance. It will be back in a few minutes.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await shot('dialog-maintenance');

  tessera('maintenance', 'off');
  switched.maintenance = false;
  await expectVersionStatus(200);
  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  await expect(appState(page, 'Down for maintenance')).toBeHidden();
});

test('user manual: a new manual version must be confirmed once, then the app opens', async ({
  page,
  shot,
}) => {
  const tokens = await signInPage(page, USERS.writer);
  switched.manual = true;
  switched.manualAskedOf = tokens.accessToken;
  tessera('manual-version', '2026.1');
  // /v1/me stays open to a user who has not confirmed; it says which version is asked.
  await expectOnEveryServer(
    '/v1/me',
    (answer) => (JSON.parse(answer.body) as { manualVersion?: string }).manualVersion === '2026.1',
    tokens.accessToken,
  );
  await page.goto('/');
  const dialog = appState(page, 'Please read the user manual');
  await expect(dialog.getByText('(version 2026.1)', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await shot('dialog-manual');

  const confirmed = page.waitForResponse((r) => r.url().endsWith('/v1/me/manual-confirmation'));
  await dialog.getByRole('button', { name: 'I have read and understood the user manual' }).click();
  expect((await confirmed).status()).toBe(200);
  // Success reloads the page (spec 1 §2); afterwards the manual is not asked again.
  await expect(accountButton(page)).toBeVisible();
  await expect(dialog).toBeHidden();
  const me = await apiCall<{ manualConfirmed: boolean }>('GET', '/v1/me', { token: tokens.accessToken });
  expect(me.manualConfirmed).toBe(true);
  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  await expect(dialog).toBeHidden();
});
