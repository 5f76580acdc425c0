/**
 * The levels of an image's optimized pyramid (issue #12 point 6): JSON [{width, height, tileWidth,
 * tileHeight}] of the file optimized_path names, written with it when a conversion finishes, so slide
 * details can tell the viewer the `tile-converted` grid without opening the file. Null for pyramids
 * converted before this migration: the viewer then keeps to the `tile` path.
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('optimized_levels', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('optimized_levels').execute();
}
