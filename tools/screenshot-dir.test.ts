/**
 * A test run must leave the tracked documentation screenshots alone (issue #10 point 11): the e2e
 * tier's screenshots go to an ignored folder, and only `npm run screenshots` writes docs/screenshots.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_SCREENSHOT_DIR, REPO_ROOT, SCREENSHOT_DIR } from '../tests/e2e/support/env.ts';

/** Whether git ignores a file at `file` (check-ignore answers 0 for ignored, 1 for not). */
function isIgnored(file: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: REPO_ROOT });
    return true;
  } catch {
    return false;
  }
}

describe('e2e screenshots', () => {
  it('go to a folder git ignores when nothing else is asked', () => {
    expect(process.env.TESSERA_SCREENSHOT_DIR).toBeUndefined();
    expect(path.relative(REPO_ROOT, SCREENSHOT_DIR).startsWith('docs')).toBe(false);
    expect(isIgnored(path.join(SCREENSHOT_DIR, 'slide-table.png'))).toBe(true);
  });
  it('for the documentation are tracked', () => {
    expect(isIgnored(path.join(DOCS_SCREENSHOT_DIR, 'slide-table.png'))).toBe(false);
  });
});
