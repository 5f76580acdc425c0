/**
 * Encoded annotation answers shared by every serving process (issue #14 point 9). Each process keeps
 * the answers it made in memory (annotation-answers.ts), but a server runs several processes, and a
 * million markers take seconds to read: the first request for a set on each process paid them again.
 * An answer made once is now written here, and a process that has not kept it reads it back (a tenth of
 * the time). `family` names the answers of a set's working state of one kind: once a newer revision's is
 * written the older ones are stale and go. A set's answers go with it. Immutable: change in a new
 * migration.
 */
import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('annotation_answers')
    .addColumn('key', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('set_id', 'varchar(24)', (c) =>
      c.notNull().references('annotation_sets.id').onDelete('cascade'),
    )
    .addColumn('family', 'varchar(160)')
    .addColumn('bytes', isSqlite(db) ? 'blob' : 'bytea', (c) => c.notNull())
    .addColumn('made_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('annotation_answers_set_idx')
    .on('annotation_answers')
    .column('set_id')
    .execute();
  await db.schema
    .createIndex('annotation_answers_family_idx')
    .on('annotation_answers')
    .column('family')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('annotation_answers').execute();
}
