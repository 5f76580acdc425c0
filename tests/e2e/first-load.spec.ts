/**
 * First load (issue #11 point 7): every screen is its own chunk (apps/web/src/app/screens.ts), so the
 * sign-in page and the slide table download no code of other screens; the sign-in route's initial
 * JavaScript has a budget, measured from the build's files (support/web-build.ts), not timed; and a
 * screen whose chunk is gone after a redeploy says to reload instead of breaking the app.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openTable } from './support/slides.ts';
import { signInPage, USERS } from './support/users.ts';
import { listProjects } from './support/api.ts';
import { accountButton } from './support/ui.ts';
import {
  featuresIn,
  gzippedBytes,
  initialJsFiles,
  readChunkModules,
  readManifest,
  SCREEN,
} from './support/web-build.ts';

/** The sign-in route's initial JavaScript, gzipped: 234 kB when the budget was set (339 kB in one chunk before). */
const SIGN_IN_BUDGET_BYTES = 250_000;

/** The JavaScript files (dist-relative, `assets/…`) the page requests from now on. */
function recordJs(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) files.push(pathname.slice(1));
  });
  return files;
}

test('the sign-in route needs at most 250 kB of JavaScript, gzipped', async () => {
  const files = initialJsFiles(readManifest(), [SCREEN.login]);
  const bytes = gzippedBytes(files);
  test.info().annotations.push({
    type: 'sign-in initial JavaScript',
    description: `${(bytes / 1000).toFixed(1)} kB gzipped in ${files.length} files`,
  });
  expect(bytes).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
});

test('the sign-in page downloads its own chunks and no code of another screen', async ({ page }) => {
  const requested = recordJs(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Exactly what the budget above measures: the build's manifest and the browser agree.
  expect(new Set(requested)).toEqual(new Set(initialJsFiles(readManifest(), [SCREEN.login])));
  expect(featuresIn(readChunkModules(), requested)).toEqual(['auth']);
});

test('the slide table downloads no code of settings, members, profile, the dashboard, help or the viewer', async ({
  page,
}) => {
  const requested = recordJs(page);
  await openTable(page, USERS.admin);
  expect(new Set(requested)).toEqual(
    new Set(initialJsFiles(readManifest(), [SCREEN.shell, SCREEN.projectLayout, SCREEN.projectSlides])),
  );
  // The shell (navbar with its Jobs and upload buttons and their panels; the upload library loads with
  // the first upload), the project frame, and the table with the dialogs its toolbar opens.
  expect(featuresIn(readChunkModules(), requested)).toEqual([
    'jobs',
    'label-extract',
    'metadata-import',
    'projects',
    'shared-views',
    'shell',
    'slide-copy',
    'slide-export',
    'slide-transfer',
    'slides',
    'uploads',
  ]);
  expect(
    requested.flatMap((file) => readChunkModules()[file] ?? []).filter((id) => id.includes('tus-js-client')),
  ).toEqual([]);
  // The viewer, OpenLayers and the tab layout are the viewer's chunk alone (issue #12 point 10); the
  // domain's viewer rules are shared (the slide list's limit is the table's too).
  const modules = readChunkModules();
  const viewerCode = /(^|\/)(ol|flexlayout-react|apps\/web\/src\/viewer)\//;
  expect(requested.flatMap((file) => modules[file] ?? []).filter((id) => viewerCode.test(id))).toEqual([]);
});

test('a screen whose chunk is gone (a redeploy since the tab opened) asks for a reload', async ({ page }) => {
  const { accessToken } = await signInPage(page, USERS.admin);
  const demo = (await listProjects(accessToken)).find((p) => p.name === 'Demo project')!;
  // The chunk of the settings screen answers 404, as an old build's chunk does after a redeploy.
  const settingsChunk = `/${readManifest()[SCREEN.settings]!.file}`;
  const isSettingsChunk = (url: URL) => url.pathname === settingsChunk;
  await page.route(isSettingsChunk, (route) => route.fulfill({ status: 404 }));
  await page.goto(`/projects/${demo.id}/settings`);
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(alert).toContainText('Reload the page to load the current version');
  await expect(accountButton(page)).toBeVisible(); // the shell stands

  await page.unroute(isSettingsChunk);
  await alert.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('form', { name: 'General settings' })).toBeVisible();
});
