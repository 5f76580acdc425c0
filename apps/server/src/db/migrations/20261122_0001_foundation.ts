/** Users, sign-in, projects, members, audit and settings. Immutable: change the schema in a new migration. */
import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('password_changed_at', 'varchar(32)')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('is_sso_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manual_version_read', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_system_roles')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_system_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('refresh_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();

  // Pending sign-in steps (TOTP challenge, new password required) and password-reset codes.
  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_challenges_user_idx')
    .on('auth_challenges')
    .columns(['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(70)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(280)', (c) => c.notNull().unique())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('folder_id', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_home', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user_idx').on('project_members').column('user_id').execute();

  await db.schema
    .createTable('folder_ids')
    .addColumn('folder_id', 'varchar(4)', (c) => c.primaryKey())
    .execute();

  // SQLite: an INTEGER PRIMARY KEY is the rowid and auto-increments. PostgreSQL: an identity column.
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) =>
      sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_user_id', 'varchar(24)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'settings',
    'audit_log',
    'folder_ids',
    'project_members',
    'projects',
    'auth_challenges',
    'api_keys',
    'sessions',
    'user_system_roles',
    'users',
  ])
    await db.schema.dropTable(t).execute();
}
