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

  it('web features import another feature only through its entry; inside a feature anything goes', async () => {
    const rule = 'tessera/feature-entry-imports';
    const lint = (source: string, file: string) =>
      messagesOf(`import { x } from '${source}';\nexport const y = x;\n`, file, rule);
    for (const [source, file] of [
      ['../slides/SlideTable.tsx', 'apps/web/src/features/projects/fixture.tsx'],
      ['../../slides/use-slide-edits.ts', 'apps/web/src/features/auth/steps/fixture.tsx'],
      ['../../features/members/MembersTab.tsx', 'apps/web/src/features/settings/fixture.tsx'],
      ['../projects/index/more.ts', 'apps/web/src/features/settings/fixture.tsx'],
    ] as const) {
      expect(await lint(source, file), source).toEqual([expect.stringContaining('through its public entry')]);
    }
    expect(
      await messagesOf(
        `export { SlideTable } from '../slides/SlideTable.tsx';\nexport const y = () => import('../members/MembersTab.tsx');\n`,
        'apps/web/src/features/projects/fixture.ts',
        rule,
      ),
    ).toHaveLength(2);
    for (const [source, file] of [
      ['../slides/index.ts', 'apps/web/src/features/projects/fixture.tsx'],
      ['../slides', 'apps/web/src/features/projects/fixture.tsx'],
      ['../../slides/index.ts', 'apps/web/src/features/auth/steps/fixture.tsx'],
      ['./SlideTableToolbar.tsx', 'apps/web/src/features/slides/fixture.tsx'],
      ['../login-steps.ts', 'apps/web/src/features/auth/steps/fixture.tsx'],
      ['../../ui/SearchField.tsx', 'apps/web/src/features/slides/fixture.tsx'],
      ['../features/auth/LoginPage.tsx', 'apps/web/src/app/fixture.ts'],
    ] as const) {
      expect(await lint(source, file), `${source} from ${file}`).toEqual([]);
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

  it('only *.queries.ts and db/ talk SQL: no kysely values, no query builder, no sql template elsewhere', async () => {
    const cases: [string, string][] = [
      [
        `import { sql } from 'kysely';\nexport const q = sql.raw('x');\n`,
        '@typescript-eslint/no-restricted-imports',
      ],
      [
        `export const q = (db: { selectFrom(t: string): unknown }) => db.selectFrom('slides');\n`,
        'no-restricted-syntax',
      ],
      [
        `declare const db: { deleteFrom(t: string): unknown };\nexport const q = () => db\n  .deleteFrom('slides');\n`,
        'no-restricted-syntax',
      ],
      [
        `declare const sql: (s: TemplateStringsArray) => unknown;\nexport const q = sql\`SELECT 1\`;\n`,
        'no-restricted-syntax',
      ],
    ];
    for (const file of [
      'apps/server/src/modules/slides/fixture.service.ts',
      'apps/server/src/grid/fixture.ts',
      'apps/server/src/cli/fixture.ts',
      'apps/server/src/jobs/fixture.job.ts',
    ]) {
      for (const [code, ruleId] of cases) {
        expect(await messagesOf(code, file, ruleId), `${file}: ${code}`).toEqual([
          expect.stringContaining('Only *.queries.ts and db/ talk SQL'),
        ]);
      }
    }
    // Types of kysely may pass through any layer (a service hands a transaction to its queries).
    expect(
      await messagesOf(
        `import type { Kysely } from 'kysely';\nexport type D = Kysely<unknown>;\n`,
        'apps/server/src/modules/slides/fixture.service.ts',
        '@typescript-eslint/no-restricted-imports',
      ),
    ).toEqual([]);
    for (const file of [
      'apps/server/src/modules/slides/fixture.queries.ts',
      'apps/server/src/db/fixture.ts',
      'apps/server/src/modules/slides/fixture.db.test.ts',
    ]) {
      for (const [code, ruleId] of cases) expect(await messagesOf(code, file, ruleId), file).toEqual([]);
    }
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

  it('a source file over 400 lines is refused anywhere in apps/ and packages/, a test file is not', async () => {
    const code = Array.from({ length: 9 }, (_, i) => functionOf(`part${i}`, 45)).join('');
    for (const file of [
      'apps/web/src/grid/fixture.ts',
      'apps/server/src/modules/slides/fixture.service.ts',
      'packages/domain/src/fixture.ts',
      'apps/web/src/features/slides/Fixture.tsx',
    ]) {
      expect(await messagesOf(code, file, 'max-lines'), file).toEqual([
        expect.stringContaining('File has too many lines'),
      ]);
    }
    expect(await messagesOf(code, 'packages/domain/src/fixture.test.ts', 'max-lines')).toEqual([]);
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
