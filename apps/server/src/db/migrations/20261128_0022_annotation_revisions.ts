/**
 * A revision of each set's items (issue #13 point 8): every transaction that writes a set's features or
 * markers takes the set's lock, and taking it counts one more revision (annotation-sets.queries.ts
 * lockSet). An encoded answer of the working state is then known to be current while the revision is
 * the one it was made at (annotation-buffers.ts). Immutable: change in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('annotation_sets')
    .addColumn('items_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('annotation_sets').dropColumn('items_revision').execute();
}
