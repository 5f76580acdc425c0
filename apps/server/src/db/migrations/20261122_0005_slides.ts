/**
 * Images and slides (issue #3, DESIGN §5). An image is one scanned file (or file set), content-addressed
 * by its checksum and shared by every slide made from it; a slide is a project's row pointing at an image,
 * unique per (project, checksum) so a project never holds the same file twice. Storage paths are the
 * absolute paths of the original files as a JSON array (multi-file formats store all). The slide metadata
 * columns of spec 1 §3 come with the slide-table issue. Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('checksum', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_paths', 'text', (c) => c.notNull())
    .addColumn('format', 'varchar(64)', (c) => c.notNull())
    .addColumn('image_info', 'text', (c) => c.notNull())
    .addColumn('conversion_status', 'varchar(32)', (c) => c.notNull().defaultTo('NotConverted'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('slides')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('image_id', 'varchar(24)', (c) => c.notNull().references('images.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_extension', 'varchar(32)', (c) => c.notNull())
    .addColumn('checksum', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('available'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('slides_project_checksum_unique', ['project_id', 'checksum'])
    .execute();
  await db.schema.createIndex('slides_image_idx').on('slides').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('slides').execute();
  await db.schema.dropTable('images').execute();
}
