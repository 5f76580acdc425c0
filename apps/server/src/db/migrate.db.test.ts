/**
 * A fresh database and a migrated one are the same: one database takes every migration at once, the
 * other one step at a time (as a long-lived installation does); their schemas must not differ.
 */
import { expect, it, describe } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, openTestDatabase } from '../../test/harness.ts';
import type { Db, Dialect } from './database.ts';
import { MIGRATIONS, migrateToLatest, migratorFor } from './migrate.ts';

async function describeSchema(db: Db, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ type: string; name: string; sql: string | null }>`
      SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(
      db,
    );
    return rows.rows.map((r) => `${r.type} ${r.name} ${r.sql ?? ''}`);
  }
  const cols = await sql<{ line: string }>`
    SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS line
    FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`.execute(
    db,
  );
  const idx = await sql<{ line: string }>`
    SELECT tablename || ' ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`.execute(
    db,
  );
  return [...cols.rows, ...idx.rows].map((r) => r.line);
}

describe.each(DIALECTS)('migrations [%s]', (dialect) => {
  it('all at once and one by one give the same schema', async () => {
    const fresh = await openTestDatabase(dialect);
    const stepped = await openTestDatabase(dialect);
    try {
      await migrateToLatest(fresh.db);
      const migrator = migratorFor(stepped.db);
      for (let i = 0; i < Object.keys(MIGRATIONS).length; i++) {
        const { error } = await migrator.migrateUp();
        expect(error).toBeUndefined();
      }
      const a = await describeSchema(fresh.db, dialect);
      expect(a.length).toBeGreaterThan(10);
      expect(await describeSchema(stepped.db, dialect)).toEqual(a);
    } finally {
      await fresh.dispose();
      await stepped.dispose();
    }
  });

  it('migrates down to nothing and up again', async () => {
    const db = await openTestDatabase(dialect);
    try {
      await migrateToLatest(db.db);
      const before = await describeSchema(db.db, dialect);
      const migrator = migratorFor(db.db);
      for (let i = 0; i < Object.keys(MIGRATIONS).length; i++)
        expect((await migrator.migrateDown()).error).toBeUndefined();
      await migrateToLatest(db.db);
      expect(await describeSchema(db.db, dialect)).toEqual(before);
    } finally {
      await db.dispose();
    }
  });
});
