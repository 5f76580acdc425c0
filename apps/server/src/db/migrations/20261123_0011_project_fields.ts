/**
 * Project-specific fields (issue #4 point 1): the fields a project adds to its slide table, and their
 * values, one row per slide and field, indexed so a filter on a project field is an index lookup.
 * Text values in value_text; numbers, booleans (1/0) in value_num. Immutable.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_fields')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('field_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('header_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('primary_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_fields_pk', ['project_id', 'field_name'])
    .execute();
  await db.schema
    .createTable('slide_project_values')
    .addColumn('slide_id', 'varchar(24)', (c) => c.notNull().references('slides.id').onDelete('cascade'))
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('field_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('value_text', 'text')
    .addColumn('value_num', 'double precision')
    .addPrimaryKeyConstraint('slide_project_values_pk', ['slide_id', 'field_name'])
    .execute();
  await db.schema
    .createIndex('slide_project_values_text_idx')
    .on('slide_project_values')
    .columns(['project_id', 'field_name', 'value_text', 'slide_id'])
    .execute();
  await db.schema
    .createIndex('slide_project_values_num_idx')
    .on('slide_project_values')
    .columns(['project_id', 'field_name', 'value_num', 'slide_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('slide_project_values').execute();
  await db.schema.dropTable('project_fields').execute();
}
