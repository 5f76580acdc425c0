/**
 * The optimized pyramid of an image (issue #3 point 7, DESIGN §7, spec 2 §2): where the conversion job
 * put it (recorded only after the writer's atomic rename, so a set path always names a complete file),
 * the conversion counts (JSON: converted/total per level and channel) and why the last conversion failed.
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('optimized_path', 'text').execute();
  await db.schema.alterTable('images').addColumn('conversion_counts', 'text').execute();
  await db.schema.alterTable('images').addColumn('conversion_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('conversion_error').execute();
  await db.schema.alterTable('images').dropColumn('conversion_counts').execute();
  await db.schema.alterTable('images').dropColumn('optimized_path').execute();
}
