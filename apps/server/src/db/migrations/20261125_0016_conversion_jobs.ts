/**
 * The conversion job of an image (issue #10 point 10): registering a slide queues its image's conversion
 * once, and this column says which job that is, so a second registration (another project, a re-import)
 * or a retry sees it and queues no duplicate. The image's conversion status follows that job's state
 * (images.service conversionOf). A job deleted with its project would leave the column empty, which a
 * start-up pass of `tessera serve` queues again.
 * Immutable: change the schema in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('conversion_job_id', 'varchar(24)', (c) => c.references('jobs.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('conversion_job_id').execute();
}
