/**
 * Session security (issue #10 point 9, DESIGN §14).
 *
 * retired_refresh_tokens: the hash of every refresh token a session has rotated away from, until the
 * session expires. A retired token presented again is a replay (a stolen copy, or the legitimate one
 * after the thief used it first), so the whole session is revoked.
 *
 * auth_rate_limits: the per-address sign-in rate limit shared by every serving process and kept across
 * restarts: one row per limit and client address (`bucket`), counting hits until `reset_at`, when the
 * next hit starts a new window. Rows whose window ended are pruned.
 *
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retired_refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(24)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Pruning finds expired rows by index; deleting a session finds its rows by index.
  await db.schema
    .createIndex('retired_refresh_tokens_expires_idx')
    .on('retired_refresh_tokens')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('retired_refresh_tokens_session_idx')
    .on('retired_refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('bucket', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_rate_limits_reset_idx')
    .on('auth_rate_limits')
    .column('reset_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_rate_limits').execute();
  await db.schema.dropTable('retired_refresh_tokens').execute();
}
