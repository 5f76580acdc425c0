/**
 * Drops the B-tree indexes of the slide columns the grid's column store serves (issue #4/#5; docs/
 * architecture.md "Column store"): controlled vocabularies, booleans and numbers. Their filters, counts,
 * group rows, set-filter values and sorted blocks come from the store's per-code bitmaps and sorted slot
 * order — an index in memory — while every index on `slides` costs every write: PostgreSQL writes a new
 * entry into each index for each changed row (no HOT update when an indexed column changes), measured at
 * 0.57 ms a slide with 58 indexes and 0.34 ms without these 24, which decides whether a 10,000-line CSV
 * import fits its 5 s. Requests the store cannot answer (text conditions, the global search) narrow the
 * rows through the trigram indexes first, and the database sorts what is left.
 * Immutable.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export const STORE_SERVED_COLUMNS = [
  'file_extension',
  'status',
  'created_by',
  'tissue_type',
  'organ',
  'consent_obtained',
  'privacy_class',
  'image_qc_pass',
  'slide_qc_pass',
  'visit',
  'sample_type',
  'results_qc_pass',
  'indication_v2',
  'indication_subtype_v2',
  'staining_platform',
  'scanner',
  'scan_magnification',
  'section_thickness',
  'predicted_class',
  'prediction_score',
  'tumor_content',
  'necrosis',
  'ihc_score',
  'h_score',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of STORE_SERVED_COLUMNS) await db.schema.dropIndex(`slides_${column}_idx`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const nulls = isSqlite(db) ? '' : ' NULLS FIRST';
  for (const column of STORE_SERVED_COLUMNS)
    await sql
      .raw(`CREATE INDEX slides_${column}_idx ON slides (project_id, ${column}${nulls}, id)`)
      .execute(db);
}
