import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Small files and functions (STYLE habit 13) where the DataGrid lives: it was one 470-line function
  // (issue #11 point 5). Shown firing on a fixture in tools/lint-rules.test.ts.
  {
    files: ['apps/web/src/grid/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
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
