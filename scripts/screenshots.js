#!/usr/bin/env node
// `npm run screenshots`: refreshes the documentation screenshots (docs/screenshots, shown by the README).
// A plain test run writes its screenshots to test-results/screenshots, so only this script changes the
// tracked pictures: it builds the web app and runs the e2e tier with TESSERA_SCREENSHOT_DIR pointing there.
// Extra arguments go to Playwright (e.g. `npm run screenshots -- slide-table.spec.ts`).
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run('npm', ['run', 'build:web']) !== 0) process.exit(1);
process.exit(
  run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)], {
    TESSERA_SCREENSHOT_DIR: 'docs/screenshots',
  }),
);
