/**
 * The e2e tier: real Chromium (Debian's) against the built web app served by a real Tessera server,
 * with real SMTP and OpenID Connect peers (global-setup.ts). One worker: the server is shared and the
 * machine small. scripts/test.js sets PLAYWRIGHT_JSON_OUTPUT_NAME for the JSON report it counts.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Playwright would resolve PLAYWRIGHT_JSON_OUTPUT_NAME against this folder; scripts/test.js reads it
// from the directory it runs in, so resolve it there (and keep a file, not stdout, when it is unset).
const jsonReport = path.resolve(
  process.cwd(),
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e/results.json',
);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: jsonReport }]],
  outputDir: '../../test-results/e2e',
  globalSetup: './global-setup.ts',
  use: {
    // Set by global setup before the workers start (a free port chosen per run).
    baseURL: process.env.TESSERA_E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Software WebGL (the fluorescence layer) without a GPU: Chromium is removing the silent fallback.
        '--enable-unsafe-swiftshader',
      ],
    },
  },
});
