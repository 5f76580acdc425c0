/**
 * A version per table for the lookups the server remembers (db/prepared.ts): every statement that writes
 * one of these tables adds one to its row, in the writing transaction, so the new version is seen exactly
 * when the new data is. A remembered answer then holds while the tables it read keep their versions, and
 * a commit elsewhere (each token refresh writes `sessions`) no longer ends every answer of every table, as
 * the database-wide data version and snapshot did. Tables read by a remembered lookup must be listed here
 * (a lookup reading another table is never remembered), and so must those the grid's keyset anchors
 * depend on (grid/keyset-anchors.ts).
 * Immutable: change the schema in a new migration.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

const TABLES = [
  'api_keys',
  'grid_versions',
  'images',
  'project_fields',
  'project_members',
  'projects',
  'sessions',
  'settings',
  'slide_assays',
  'slide_project_values',
  'slide_values',
  'slides',
  'user_system_roles',
  'users',
];

/**
 * Updates of these columns alone leave a table's version: `sessions.refresh_token_hash` turns with every
 * token refresh (four a minute per signed-in tab at most), and no remembered lookup reads it (the
 * rotation reads the row in its own transaction), so refreshes no longer end every remembered session.
 */
const UPDATES_OF: Record<string, string[]> = {
  sessions: ['id', 'user_id', 'remember', 'created_at', 'expires_at', 'revoked_at'],
};
const updateOf = (table: string) =>
  UPDATES_OF[table] ? `UPDATE OF ${UPDATES_OF[table].join(', ')}` : 'UPDATE';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('table_versions')
    .addColumn('name', 'varchar(63)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('table_versions' as never)
    .values(TABLES.map((name) => ({ name, version: 0 })) as never)
    .execute();
  if (isSqlite(db)) {
    // SQLite has row triggers only; it runs one writer at a time, so the row is never contended.
    for (const table of TABLES)
      for (const event of ['INSERT', 'UPDATE', 'DELETE'])
        await sql
          .raw(
            `CREATE TRIGGER ${table}_version_${event.toLowerCase()} AFTER ${event === 'UPDATE' ? updateOf(table) : event} ON ${table} BEGIN UPDATE table_versions SET version = version + 1 WHERE name = '${table}'; END`,
          )
          .execute(db);
    return;
  }
  await sql`CREATE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of TABLES)
    await sql
      .raw(
        `CREATE TRIGGER ${table}_version AFTER INSERT OR ${updateOf(table)} OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const table of TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_version_${event}`).execute(db);
  } else {
    for (const table of TABLES)
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_version ON ${table}`).execute(db);
    await sql`DROP FUNCTION IF EXISTS bump_table_version()`.execute(db);
  }
  await db.schema.dropTable('table_versions').execute();
}
