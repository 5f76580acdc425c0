/**
 * Upload items of several files (issue #15 point 1; spec 1 §3 "Upload item"): an MRXS file with its data
 * folder, or a folder of DICOM instances, is sent as one tus upload per file and registered as one slide
 * once every file is in. The files of one item share `item_key` (the client's, unique per user) and
 * `file_count`, and each names its place in the item's folder, `relative_path`; `file_name` and
 * `checksum` are then the item's. A single-file upload leaves the three empty.
 *
 * Parts (tus concatenation): a file sent in parts in parallel comes as partial uploads (`is_partial` 1),
 * which are never registered themselves; the final upload that names them is made of their bytes and
 * takes their place. Immutable: change in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('item_key', 'varchar(32)').execute();
  await db.schema.alterTable('uploads').addColumn('relative_path', 'varchar(1024)').execute();
  await db.schema.alterTable('uploads').addColumn('file_count', 'integer').execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('is_partial', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One row per file of an item (several single-file uploads, whose key is empty, never collide).
  await db.schema
    .createIndex('uploads_item_file_idx')
    .on('uploads')
    .columns(['user_id', 'item_key', 'relative_path'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_item_file_idx').execute();
  for (const column of ['is_partial', 'file_count', 'relative_path', 'item_key'])
    await db.schema.alterTable('uploads').dropColumn(column).execute();
}
