import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureEntryImports from './tools/eslint-rules/feature-entry-imports.js';

const SQL_LAYER =
  "Only *.queries.ts and db/ talk SQL (STYLE habit 1): put the query in the module's queries file and call it.";

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'docs/openapi.json', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', 'apps/server/**', 'packages/**', 'tests/**', 'tools/**', 'bench/**'],
    languageOptions: { globals: globals.node },
  },
  { files: ['apps/web/**'], languageOptions: { globals: globals.browser } },
  // The layers of STYLE habit 1, as import rules (each fires on a fixture in tools/lint-rules.test.ts).
  {
    files: ['apps/server/src/modules/**', 'apps/server/src/jobs/**'],
    ignores: ['**/*.routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http/',
              message:
                'Services and jobs never import http/: routes call services, not the other way round (the error and the actor live in src/errors.ts and src/actor.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**'],
    ignores: ['**/*.queries.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: SQL_LAYER,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: SQL_LAYER,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_LAYER },
      ],
    },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/|^@tessera/(server|web)(/|$)',
              message:
                'packages/* never import apps/*: the shared packages sit below the server and the web app.',
            },
          ],
        },
      ],
    },
  },
  // Small files (STYLE habit 13): no source file of apps/ or packages/ past 400 lines; tests may run
  // longer (a describe block of cases reads best whole).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  // And small functions where the DataGrid lives: it was one 470-line function (issue #11 point 5).
  // Both shown firing on fixtures in tools/lint-rules.test.ts.
  {
    files: ['apps/web/src/grid/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Web features use each other only through a feature's entry (features/<name>/index.ts). A local rule,
    // not a no-restricted-imports pattern: whether a relative import leaves its feature depends on where
    // the importing file sits, which a pattern over the import string cannot see.
    files: ['apps/web/src/features/**'],
    plugins: { tessera: { rules: { 'feature-entry-imports': featureEntryImports } } },
    rules: { 'tessera/feature-entry-imports': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A note for React Compiler, which the web app does not use: TanStack Virtual's useVirtualizer
      // answers functions the compiler cannot memoize, and it says so on every use.
      'react-hooks/incompatible-library': 'off',
    },
  },
);
