/**
 * Slide uploads (issue #15 point 1): one row per tus upload (`/v1/uploads`), from its creation to the
 * slide it became. The row is what the server knows of an upload beyond the bytes: who sends it into
 * which project, the file name and the checksum the client computed, and where registration stands —
 * `receiving` (bytes arriving), `registering` (complete; checked and registered under a lease, so a
 * server killed meanwhile leaves it to be taken up again), `registered` (its slide) or `failed` (why).
 * The bytes themselves sit in the upload folder until registration moves them. Immutable: change in a
 * new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('checksum', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('slide_id', 'varchar(24)', (c) => c.references('slides.id').onDelete('set null'))
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A user's uploads, newest first; the recovery sweep's complete-but-unregistered uploads.
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('uploads_state_idx').on('uploads').column('state').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
