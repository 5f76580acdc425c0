import { defineConfig } from 'vitest/config';

/** Two tiers run by vitest: `unit` (*.test.ts, pure) and `db` (*.db.test.ts, SQLite and PostgreSQL). e2e is Playwright. */
export default defineConfig({
  test: {
    // Two cores: more forks only contend. Each db test file makes its own databases, so files stay independent.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/**/*.db.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
