/**
 * Sign-in additions. users.must_setup_totp: the account must set up an authenticator app at its next
 * sign-in (set by an administrator or the seed). users.totp_last_counter: the last accepted TOTP time
 * step, so one code cannot be used twice. auth_challenges.remember: the remember-me choice made at the
 * password step, carried through the later steps to the session they start.
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_setup_totp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_last_counter', 'integer').execute();
  await db.schema
    .alterTable('auth_challenges')
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_challenges').dropColumn('remember').execute();
  await db.schema.alterTable('users').dropColumn('totp_last_counter').execute();
  await db.schema.alterTable('users').dropColumn('must_setup_totp').execute();
}
