/**
 * Slide metadata (issue #4, spec 1 §3, DESIGN §5): the fields of the slide tables as typed columns of
 * `slides`, each with an index led by project_id so every sort and filter the grid offers is an index
 * range; multi-value fields (drugIds, qcComments, molecularSubtype) and assay channels in side tables so
 * their set filters are index lookups too; 'contains' served by trigram indexes (SQLite FTS5 trigram over
 * the text columns; PostgreSQL pg_trgm GIN per column). Controlled vocabularies and saved column states.
 * Booleans are integers and dates ISO text on both dialects, like every other table.
 * Immutable: change the schema in a new migration.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

/** [column, SQL type] added to slides, in registry order. */
const COLUMNS: [string, 'text' | 'integer' | 'real'][] = [
  ['block_id', 'text'],
  ['assay_markers_formatted', 'text'],
  ['tissue_type', 'text'],
  ['organ', 'text'],
  ['consent_obtained', 'integer'],
  ['privacy_class', 'text'],
  ['technical_info', 'text'],
  ['image_qc_pass', 'integer'],
  ['slide_qc_pass', 'integer'],
  ['study_id', 'text'],
  ['acronym', 'text'],
  ['patient_id', 'text'],
  ['visit', 'text'],
  ['sample_type', 'text'],
  ['collection_date', 'text'],
  ['results_qc_pass', 'integer'],
  ['results_qc_comment', 'text'],
  ['indication_v2', 'text'],
  ['indication_subtype_v2', 'text'],
  ['tumor_subtype', 'text'],
  ['staining_date', 'text'],
  ['staining_platform', 'text'],
  ['scanner', 'text'],
  ['scan_date', 'text'],
  ['scan_magnification', 'integer'],
  ['section_thickness', 'real'],
  ['section_date', 'text'],
  ['predicted_class', 'text'],
  ['prediction_score', 'real'],
  ['he_assessed_by', 'text'],
  ['he_secondary_reviewer', 'text'],
  ['tumor_content', 'integer'],
  ['necrosis', 'real'],
  ['ihc_score', 'integer'],
  ['h_score', 'integer'],
];

/** Columns sorted or filtered by value (besides the text columns' trigram indexes). */
const INDEXED = [
  'file_name',
  'name',
  'file_extension',
  'status',
  'created_at',
  'created_by',
  'updated_at',
  'id',
  ...COLUMNS.map(([c]) => c).filter((c) => c !== 'technical_info' && c !== 'results_qc_comment'),
];

/** Free-text columns a 'contains' filter or the global search reads through a trigram index. */
export const TRIGRAM_COLUMNS_0009 = [
  'id',
  'file_name',
  'name',
  'block_id',
  'assay_markers_formatted',
  'technical_info',
  'study_id',
  'acronym',
  'patient_id',
  'results_qc_comment',
  'tumor_subtype',
  'he_assessed_by',
  'he_secondary_reviewer',
  'checksum',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  const real = sqlite ? 'real' : 'double precision';
  for (const [column, type] of COLUMNS) {
    await db.schema
      .alterTable('slides')
      .addColumn(column, type === 'real' ? sql.raw(real) : type)
      .execute();
  }
  // Lists as JSON text for reading rows; their values are also rows of slide_values / slide_assays.
  for (const column of ['assays', 'drug_ids', 'qc_comments', 'molecular_subtype']) {
    await db.schema
      .alterTable('slides')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
  // Editing rights of the row (spec 1 §5): an allow-list of fields (JSON, or null) and the two flags.
  await db.schema.alterTable('slides').addColumn('editable_fields', 'text').execute();
  await db.schema
    .alterTable('slides')
    .addColumn('can_edit_slide_fields', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('slides')
    .addColumn('can_edit_project_fields', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('slides').addColumn('annotation_set_id', 'varchar(24)').execute();

  // Blanks sort first ascending on both dialects (SQLite's own order); PostgreSQL's indexes are built in
  // that order so ascending and descending pages are forward and backward index scans.
  for (const column of INDEXED) {
    await sql
      .raw(
        `CREATE INDEX slides_${column}_idx ON slides (project_id, ${column}${sqlite ? '' : ' NULLS FIRST'}, id)`,
      )
      .execute(db);
  }

  await db.schema
    .createTable('slide_values')
    .addColumn('slide_id', 'varchar(24)', (c) => c.notNull().references('slides.id').onDelete('cascade'))
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('field', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('slide_values_pk', ['slide_id', 'field', 'value'])
    .execute();
  await db.schema
    .createIndex('slide_values_lookup_idx')
    .on('slide_values')
    .columns(['project_id', 'field', 'value', 'slide_id'])
    .execute();

  await db.schema
    .createTable('slide_assays')
    .addColumn('slide_id', 'varchar(24)', (c) => c.notNull().references('slides.id').onDelete('cascade'))
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('id', 'varchar(24)', (c) => c.notNull())
    .addColumn('marker', 'text', (c) => c.notNull())
    .addColumn('chromogen_fluorophores', 'text')
    .addColumn('primary_antibody', 'text')
    .addColumn('secondary_antibody', 'text')
    .addColumn('qc_pass', 'integer')
    .addColumn('qc_comment', 'text')
    .addColumn('qc_freetext', 'text')
    .addPrimaryKeyConstraint('slide_assays_pk', ['slide_id', 'channel'])
    .execute();
  await db.schema
    .createIndex('slide_assays_marker_idx')
    .on('slide_assays')
    .columns(['project_id', 'marker', 'slide_id'])
    .execute();

  // The QC table's rows: one per channel, with its slide's file name (the grid engine reads it as a table).
  await sql
    .raw(
      `CREATE VIEW qc_rows AS SELECT a.id AS id, a.project_id AS project_id, a.slide_id AS slide_id, s.file_name AS file_name, ` +
        `a.channel AS channel, a.marker AS marker, a.chromogen_fluorophores AS chromogen_fluorophores, ` +
        `a.primary_antibody AS primary_antibody, a.secondary_antibody AS secondary_antibody, a.qc_pass AS qc_slide_channel_pass, ` +
        `a.qc_comment AS qc_slide_channel_comment, a.qc_freetext AS qc_slide_channel_freetext, s.updated_at AS updated_at ` +
        `FROM slide_assays a JOIN slides s ON s.id = a.slide_id`,
    )
    .execute(db);

  await db.schema
    .createTable('vocabulary_values')
    .addColumn('vocabulary', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('deprecated_since', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vocabulary_values_pk', ['vocabulary', 'parent', 'value'])
    .execute();

  await db.schema
    .createTable('grid_column_states')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('table_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('grid_column_states_pk', ['user_id', 'project_id', 'table_id'])
    .execute();

  if (sqlite) {
    const cols = TRIGRAM_COLUMNS_0009.join(', ');
    const news = TRIGRAM_COLUMNS_0009.map((c) => `new.${c}`).join(', ');
    const olds = TRIGRAM_COLUMNS_0009.map((c) => `old.${c}`).join(', ');
    await sql
      .raw(
        `CREATE VIRTUAL TABLE slides_fts USING fts5(${cols}, content='slides', content_rowid='rowid', tokenize='trigram')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER slides_fts_insert AFTER INSERT ON slides BEGIN INSERT INTO slides_fts(rowid, ${cols}) VALUES (new.rowid, ${news}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER slides_fts_delete AFTER DELETE ON slides BEGIN INSERT INTO slides_fts(slides_fts, rowid, ${cols}) VALUES ('delete', old.rowid, ${olds}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER slides_fts_update AFTER UPDATE OF ${cols} ON slides BEGIN ` +
          `INSERT INTO slides_fts(slides_fts, rowid, ${cols}) VALUES ('delete', old.rowid, ${olds}); ` +
          `INSERT INTO slides_fts(rowid, ${cols}) VALUES (new.rowid, ${news}); END`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO slides_fts(slides_fts) VALUES ('rebuild')`).execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const column of TRIGRAM_COLUMNS_0009) {
      await sql
        .raw(`CREATE INDEX slides_${column}_trgm ON slides USING gin (${column} gin_trgm_ops)`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const t of ['slides_fts_insert', 'slides_fts_delete', 'slides_fts_update'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
    await sql.raw('DROP TABLE IF EXISTS slides_fts').execute(db);
  } else {
    for (const column of TRIGRAM_COLUMNS_0009)
      await sql.raw(`DROP INDEX IF EXISTS slides_${column}_trgm`).execute(db);
  }
  await sql.raw('DROP VIEW qc_rows').execute(db);
  for (const table of ['grid_column_states', 'vocabulary_values', 'slide_assays', 'slide_values'])
    await db.schema.dropTable(table).execute();
  for (const column of INDEXED) await db.schema.dropIndex(`slides_${column}_idx`).execute();
  const added = [
    ...COLUMNS.map(([c]) => c),
    'assays',
    'drug_ids',
    'qc_comments',
    'molecular_subtype',
    'editable_fields',
    'can_edit_slide_fields',
    'can_edit_project_fields',
    'annotation_set_id',
  ];
  for (const column of added) await db.schema.alterTable('slides').dropColumn(column).execute();
}
