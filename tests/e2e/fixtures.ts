/**
 * The e2e test object: Playwright's test with a `shot(name)` that writes <name>.png once the page has
 * settled on what the name promises: into test-results/screenshots on a test run, into docs/screenshots
 * (the README shows them) through `npm run screenshots`.
 */
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './support/env.ts';

export const screenshot = async (page: Page, name: string, opts: { fullPage?: boolean } = {}) => {
  // Fonts and MUI transitions must have finished, or the picture shows a half-open dialog. Endless
  // animations (a spinner) never finish and are left alone.
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    animations: 'disabled',
    fullPage: opts.fullPage ?? false,
  });
};

export const test = base.extend<{
  shot: (name: string, opts?: { fullPage?: boolean }) => Promise<void>;
  browserErrors: void;
}>({
  shot: async ({ page }, use) => {
    await use((name, opts) => screenshot(page, name, opts));
  },
  // Uncaught errors in the page are attached to a failed test: a blank page then says why.
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus && errors.length)
        await testInfo.attach('browser-errors', { body: errors.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

export { expect };
