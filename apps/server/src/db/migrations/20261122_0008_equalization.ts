/**
 * Equalization presets (issue #3 point 9, spec 3 §3–§4): a slide's saved channel windows for one user
 * ('user', "for me only"), for the whole project ('project') or as the slide's default ('default').
 * At most one preset per (slide, scope, user): user_id is set only for the 'user' scope, so two partial
 * unique indexes carry the key (a plain unique key would let NULL user ids repeat on both dialects).
 * The preset itself is JSON text (the domain's equalizationPresetSchema). Immutable: change in a new migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('equalization_presets')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('slide_id', 'varchar(24)', (c) => c.notNull().references('slides.id').onDelete('cascade'))
    .addColumn('scope', 'varchar(16)', (c) => c.notNull().check(sql`scope in ('user', 'project', 'default')`))
    .addColumn('user_id', 'varchar(24)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('equalization_presets_user_scope', sql`(scope = 'user') = (user_id is not null)`)
    .execute();
  await db.schema
    .createIndex('equalization_presets_user_unique')
    .on('equalization_presets')
    .columns(['slide_id', 'scope', 'user_id'])
    .unique()
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('equalization_presets_shared_unique')
    .on('equalization_presets')
    .columns(['slide_id', 'scope'])
    .unique()
    .where(sql.ref('user_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('equalization_presets_project_idx')
    .on('equalization_presets')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('equalization_presets').execute();
}
