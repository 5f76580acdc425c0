#!/usr/bin/env node
// `npm test`: every tier in one run — typecheck, lint and format checks, vitest (unit + db on SQLite and
// PostgreSQL), then Playwright e2e in Chromium against the built app — and one closing line
// 'N passed, N failed' that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;

// The house's rules first (issue #11): types, lint and formatting over the whole repository, each
// counted as one check that passes or fails.
for (const [name, cmd, args] of [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
]) {
  console.log(`\n> ${name}`);
  if (run(cmd, args) === 0) passed += 1;
  else {
    console.log(`${name} failed`);
    failed += 1;
  }
}

// Vitest: a crashed run (no report) counts as one failure, so nothing passes silently.
fs.rmSync('.vitest-results.json', { force: true });
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.vitest-results.json',
]);
const v = readJson('.vitest-results.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  if (vitestStatus !== 0 && v.numFailedTests === 0) failed += 1; // e.g. an unhandled error outside tests
} else failed += 1;

if (!process.argv.includes('--no-e2e')) {
  const buildStatus = run('npm', ['run', 'build:web']);
  if (buildStatus !== 0) failed += 1;
  else {
    fs.rmSync('.e2e-results.json', { force: true });
    const e2eStatus = run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: '.e2e-results.json',
    });
    const e = readJson('.e2e-results.json');
    if (e?.stats) {
      passed += e.stats.expected;
      failed += e.stats.unexpected + (e.stats.flaky ?? 0);
      skipped += e.stats.skipped;
      if (e2eStatus !== 0 && e.stats.unexpected === 0) failed += 1;
    } else failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
