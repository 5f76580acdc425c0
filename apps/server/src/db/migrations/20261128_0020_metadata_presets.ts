/**
 * QC metadata presets (spec 3 §2 "QC tab"): the field list a project chose for one of its presets. A
 * preset without a row shows its default (packages/domain qc/metadata-presets.ts), so only changed
 * presets are stored, and 'All metadata' never is. A project's presets go with it; a preset outlives
 * the user who changed it. Immutable: change in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('metadata_presets')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('preset_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('metadata_presets_pk', ['project_id', 'preset_id'])
    .execute();
  // Deleting a user finds the presets they changed by index rather than by reading the table.
  await db.schema
    .createIndex('metadata_presets_updated_by_idx')
    .on('metadata_presets')
    .column('updated_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metadata_presets').execute();
}
