/**
 * Single sign-on logins in flight. A row is created when the browser leaves for the provider (state,
 * nonce and PKCE verifier, bound to the browser by a cookie hash), completed by the provider's callback
 * (user and one-time exchange code set, expiry shortened to the code's 60 s) and closed by the exchange.
 * auth_challenges does not fit: its user_id is required, and the user is unknown until the callback.
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('provider_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'varchar(24)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('exchange_code_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('exchanged_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_expires_idx').on('sso_logins').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_logins').execute();
}
