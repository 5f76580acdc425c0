/**
 * Durable jobs (DESIGN §10, §14): one row per job with its state, progress, attempts and the lease of the
 * worker running it (locked_by, heartbeat_at). A worker whose heartbeat goes stale loses its lease and the
 * job is queued again, so a killed worker loses nothing. Log lines live in job_logs, append-only.
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('heartbeat_at', 'varchar(32)')
    .addColumn('error_message', 'text')
    .addColumn('result', 'text')
    .addColumn('project_id', 'varchar(24)', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('created_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  // Claiming: the oldest due queued job of the kinds a worker knows.
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['state', 'run_after']).execute();
  // The stale-lease sweep looks at running jobs by heartbeat.
  await db.schema.createIndex('jobs_heartbeat_idx').on('jobs').columns(['state', 'heartbeat_at']).execute();
  // The jobs panel lists a project's or a user's jobs, newest first.
  await db.schema.createIndex('jobs_project_idx').on('jobs').columns(['project_id', 'created_at']).execute();
  await db.schema
    .createIndex('jobs_created_by_idx')
    .on('jobs')
    .columns(['created_by', 'created_at'])
    .execute();

  // SQLite: an INTEGER PRIMARY KEY is the rowid and auto-increments. PostgreSQL: an identity column.
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('job_logs')
    .addColumn('id', 'integer', (c) =>
      sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('job_id', 'varchar(24)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_logs_job_idx').on('job_logs').columns(['job_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_logs').execute();
  await db.schema.dropTable('jobs').execute();
}
