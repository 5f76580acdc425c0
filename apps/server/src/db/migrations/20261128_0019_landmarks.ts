/**
 * Landmarks and project tool configs (spec 2 §3 "Landmarks", §7 "Landmarks" and "Other").
 *
 * `landmarks`: one row per (project, block), the block named by the slides' free-text blockId value
 * (at most 256 characters, checked by the domain). The block's slide list and its landmarks are JSON
 * text (the domain's BlockLandmarks): they are only ever read and replaced whole, a save at a time, and
 * their size is bounded by the domain's counts and the route's body limit. Slides are not foreign keys
 * here: the viewer matches them by id, and a slide that left the block simply finds no landmarks.
 *
 * `tool_configs`: one JSON object per (project, config id), the ids and their shapes in the domain
 * (tool-configs.ts); no row means the domain's default. It lives in this migration because the numbers
 * after it were already taken by other work when it was written.
 *
 * A project's rows go with it; a row outlives the user who saved it. Immutable: change in a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('landmarks')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('block_id', 'varchar(256)', (c) => c.notNull())
    .addColumn('slides', 'text', (c) => c.notNull())
    .addColumn('landmarks', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('landmarks_pk', ['project_id', 'block_id'])
    .execute();
  await db.schema
    .createTable('tool_configs')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('config_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('tool_configs_pk', ['project_id', 'config_id'])
    .execute();
  // Deleting a user sets updated_by to null: indexed so that finds the rows without reading the tables.
  await db.schema.createIndex('landmarks_updated_by_idx').on('landmarks').column('updated_by').execute();
  await db.schema
    .createIndex('tool_configs_updated_by_idx')
    .on('tool_configs')
    .column('updated_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tool_configs').execute();
  await db.schema.dropTable('landmarks').execute();
}
