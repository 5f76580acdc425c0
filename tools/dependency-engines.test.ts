/**
 * The README promises Node ≥ 20.19 (package.json `engines`): every package the lockfile installs must
 * run there. npm only warns (EBADENGINE) when one does not, so this test is what catches a dependency
 * update that quietly raises the floor (light-my-request 6.8 pulled cookie 2, which needs Node 22).
 * Optional packages are left out: npm skips them where their engines do not fit.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

describe('dependency engines', () => {
  const floor = semver.minVersion(
    readJson<{ engines: { node: string } }>('package.json').engines.node,
  )!.version;
  const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');

  it('states a Node floor', () => {
    expect(floor).toBe('20.19.0');
  });

  it('installs no package that needs a newer Node than the floor', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([name, p]) => name.includes('node_modules/') && !p.optional)
      .map(([name, p]) => ({
        name,
        version: p.version,
        node: Array.isArray(p.engines) ? undefined : p.engines?.node,
      }))
      .filter((p) => p.node !== undefined && !semver.satisfies(floor, p.node))
      .map((p) => `${p.name}@${p.version} needs Node ${p.node}`);
    expect(tooNew).toEqual([]);
  });
});
