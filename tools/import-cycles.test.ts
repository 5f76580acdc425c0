/**
 * No import cycles in apps/ and packages/ (issue #11 point 1), and the check shown finding one on a
 * fixture, so a silent pass means no cycle rather than a blind check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles } from './import-cycles.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('import cycles', () => {
  it('finds a cycle of type-only imports through a workspace package, and none in a chain', () => {
    const files: Record<string, string> = {
      '/r/apps/server/src/a.ts': `import type { B } from './b.ts';\nexport type A = B;`,
      '/r/apps/server/src/b.ts': `import { c } from '@tessera/domain';\nexport type B = typeof c;`,
      '/r/packages/domain/src/index.ts': `export { c } from './c.ts';`,
      '/r/packages/domain/src/c.ts': `import type { A } from '../../../apps/server/src/a';\nexport const c = 1 as unknown as A;`,
      '/r/apps/server/src/d.ts': `import { e } from './e';\nimport x from 'kysely';\nexport const d = [e, x];`,
      '/r/apps/server/src/e.ts': `export const e = 1;`,
    };
    const graph = importGraph(
      '/r',
      Object.keys(files),
      (f) => files[f]!,
      (f) => f in files,
    );
    expect(findCycles(graph)).toEqual([
      [
        '/r/apps/server/src/a.ts',
        '/r/apps/server/src/b.ts',
        '/r/packages/domain/src/c.ts',
        '/r/packages/domain/src/index.ts',
      ],
    ]);
  });

  it('finds none in apps/ and packages/', () => {
    const files = sourceFiles(root, ['apps', 'packages']);
    expect(files.length).toBeGreaterThan(300);
    const graph = importGraph(
      root,
      files,
      (f) => fs.readFileSync(f, 'utf8'),
      (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
    );
    const cycles = findCycles(graph).map((c) => c.map((f) => path.relative(root, f)));
    expect(cycles).toEqual([]);
  });
});
