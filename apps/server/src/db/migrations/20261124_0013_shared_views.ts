/**
 * Shared filter views (issue #5 point 3, spec 1 §7 "Shared filters storage"): a slide table view saved
 * under its content hash, which the share link carries. The hash covers the project, so it is the key
 * on its own; the value is the view's canonical JSON. A project's views go with it; a view outlives
 * the user who shared it. Immutable: change in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_views')
    .addColumn('hash', 'varchar(22)', (c) => c.primaryKey())
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Deleting a project (or a user) finds its rows by index rather than by reading the table.
  await db.schema.createIndex('shared_views_project_idx').on('shared_views').column('project_id').execute();
  await db.schema
    .createIndex('shared_views_created_by_idx')
    .on('shared_views')
    .column('created_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_views').execute();
}
