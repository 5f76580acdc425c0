/**
 * Which slides changed, per project (issue #4, the grid's column store: apps/server/src/grid/column-store).
 * Every write to `slides` — by any process, any code path — bumps the project's `grid_versions` row and
 * logs the slide ids under the new version in `grid_changes`, by trigger, so a serving process holding
 * a project's columns in memory can tell in one indexed read whether they are current and patch exactly
 * the rows that changed.
 *
 * Versions are per project, contiguous, and visible in commit order: the version row stays locked by the
 * writing transaction until it commits (PostgreSQL; SQLite has one writer at a time), so a reader that
 * sees version V has seen every change up to V. SQLite logs per row; PostgreSQL per statement, from its
 * transition tables. `changed_at` (epoch seconds) lets old entries be pruned; a reader that finds a gap
 * reloads. Immutable.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('grid_versions')
    .addColumn('project_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('grid_changes')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('slide_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('grid_changes_version_idx')
    .on('grid_changes')
    .columns(['project_id', 'version'])
    .execute();
  await db.schema.createIndex('grid_changes_age_idx').on('grid_changes').column('changed_at').execute();

  if (isSqlite(db)) {
    const log = (row: 'new' | 'old', when = '') =>
      `INSERT INTO grid_versions (project_id, version) SELECT ${row}.project_id, 1 WHERE 1 ${when} ON CONFLICT (project_id) DO UPDATE SET version = version + 1; ` +
      `INSERT INTO grid_changes (project_id, version, slide_id, changed_at) SELECT ${row}.project_id, version, ${row}.id, unixepoch() FROM grid_versions WHERE project_id = ${row}.project_id ${when};`;
    await sql
      .raw(`CREATE TRIGGER slides_grid_insert AFTER INSERT ON slides BEGIN ${log('new')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER slides_grid_delete AFTER DELETE ON slides BEGIN ${log('old')} END`)
      .execute(db);
    // A slide moved to another project changes both.
    await sql
      .raw(
        `CREATE TRIGGER slides_grid_update AFTER UPDATE ON slides BEGIN ${log('new')} ${log('old', 'AND old.project_id <> new.project_id')} END`,
      )
      .execute(db);
    return;
  }
  const logFunction = (name: string, rows: string) =>
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        WITH changed AS (${rows}),
        v AS (
          INSERT INTO grid_versions AS g (project_id, version) SELECT DISTINCT project_id, 1 FROM changed
          ON CONFLICT (project_id) DO UPDATE SET version = g.version + 1
          RETURNING g.project_id, g.version
        )
        INSERT INTO grid_changes (project_id, version, slide_id, changed_at)
        SELECT c.project_id, v.version, c.id, extract(epoch FROM now())::bigint FROM changed c JOIN v ON v.project_id = c.project_id;
        RETURN NULL;
      END $$`);
  await logFunction('grid_log_inserted', 'SELECT project_id, id FROM new_rows').execute(db);
  await logFunction('grid_log_deleted', 'SELECT project_id, id FROM old_rows').execute(db);
  await logFunction(
    'grid_log_updated',
    'SELECT project_id, id FROM new_rows UNION SELECT project_id, id FROM old_rows',
  ).execute(db);
  await sql`CREATE TRIGGER slides_grid_insert AFTER INSERT ON slides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION grid_log_inserted()`.execute(
    db,
  );
  await sql`CREATE TRIGGER slides_grid_delete AFTER DELETE ON slides REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION grid_log_deleted()`.execute(
    db,
  );
  await sql`CREATE TRIGGER slides_grid_update AFTER UPDATE ON slides REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION grid_log_updated()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['slides_grid_insert', 'slides_grid_delete', 'slides_grid_update']) {
    await sql
      .raw(isSqlite(db) ? `DROP TRIGGER IF EXISTS ${trigger}` : `DROP TRIGGER IF EXISTS ${trigger} ON slides`)
      .execute(db);
  }
  if (!isSqlite(db)) {
    for (const fn of ['grid_log_inserted', 'grid_log_deleted', 'grid_log_updated'])
      await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  }
  await db.schema.dropTable('grid_changes').execute();
  await db.schema.dropTable('grid_versions').execute();
}
