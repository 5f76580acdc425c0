/**
 * The import rules of eslint.config.js fire where they should and stay quiet elsewhere: each rule is
 * shown on a fixture linted as if it lived at a path of the repository (ESLint picks the rules by path).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

// The first lint loads the config, the plugins and the TypeScript parser: seconds on a busy machine,
// which the first test's 5 s would otherwise pay for.
beforeAll(() => eslint.lintText('export {};\n', { filePath: path.join(root, 'tools/warm-up.ts') }), 60_000);

/** The messages of the rule `ruleId` for `code` placed at `file` (relative to the repository). */
async function messagesOf(code: string, file: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

describe('layer rules', () => {
  it('packages/* never import apps/*, by path or by package name', async () => {
    for (const source of ['../../../apps/server/src/context.ts', '@tessera/server/context', '@tessera/web']) {
      const messages = await messagesOf(
        `import { x } from '${source}';\nexport const y = x;\n`,
        'packages/domain/src/fixture.ts',
        'no-restricted-imports',
      );
      expect(messages, source).toEqual([expect.stringContaining('packages/* never import apps/*')]);
    }
  });

  it('services and jobs never import http/; routes and tests may', async () => {
    const code = `import { addRoute } from '../../http/route.ts';\nexport const y = addRoute;\n`;
    for (const file of [
      'apps/server/src/modules/slides/fixture.service.ts',
      'apps/server/src/modules/slides/fixture.queries.ts',
    ]) {
      expect(await messagesOf(code, file, 'no-restricted-imports'), file).toEqual([
        expect.stringContaining('Services and jobs never import http/'),
      ]);
    }
    expect(
      await messagesOf(
        `import { x } from '../http/app.ts';\nexport const y = x;\n`,
        'apps/server/src/jobs/fixture.job.ts',
        'no-restricted-imports',
      ),
    ).toEqual([expect.stringContaining('Services and jobs never import http/')]);
    for (const file of [
      'apps/server/src/modules/slides/fixture.routes.ts',
      'apps/server/src/modules/slides/fixture.db.test.ts',
    ]) {
      expect(await messagesOf(code, file, 'no-restricted-imports'), file).toEqual([]);
    }
  });

  it('lets apps import the packages, and packages import each other', async () => {
    expect(
      await messagesOf(
        `import { x } from '@tessera/domain';\nexport const y = x;\n`,
        'apps/server/src/fixture.ts',
        'no-restricted-imports',
      ),
    ).toEqual([]);
    expect(
      await messagesOf(
        `import { x } from '@tessera/domain';\nexport const y = x;\n`,
        'packages/contract/src/fixture.ts',
        'no-restricted-imports',
      ),
    ).toEqual([]);
  });
});

describe('small files and functions in the DataGrid', () => {
  /** A function of `lines` statements, each on its own line. */
  const functionOf = (name: string, lines: number) =>
    `export function ${name}(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines)}  return n;\n}\n`;

  it('a function over 60 lines in apps/web/src/grid/ is refused; blank lines and comments do not count', async () => {
    expect(
      await messagesOf(functionOf('tooLong', 60), 'apps/web/src/grid/fixture.ts', 'max-lines-per-function'),
    ).toEqual([expect.stringContaining("Function 'tooLong' has too many lines (64)")]);
    const padded = functionOf('fits', 56).replace(
      '  let n = 0;\n',
      `  let n = 0;\n${'\n  // why\n'.repeat(20)}`,
    );
    expect(await messagesOf(padded, 'apps/web/src/grid/fixture.ts', 'max-lines-per-function')).toEqual([]);
  });

  it('a file over 400 lines in apps/web/src/grid/ is refused', async () => {
    const code = Array.from({ length: 9 }, (_, i) => functionOf(`part${i}`, 45)).join('');
    expect(await messagesOf(code, 'apps/web/src/grid/fixture.ts', 'max-lines')).toEqual([
      expect.stringContaining('File has too many lines'),
    ]);
  });

  it('elsewhere, and in the grid tests, the limits do not apply', async () => {
    expect(
      await messagesOf(
        functionOf('tooLong', 60),
        'apps/web/src/features/fixture.ts',
        'max-lines-per-function',
      ),
    ).toEqual([]);
    expect(
      await messagesOf(
        functionOf('tooLong', 60),
        'apps/web/src/grid/fixture.test.ts',
        'max-lines-per-function',
      ),
    ).toEqual([]);
  });
});
