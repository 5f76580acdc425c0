/**
 * Migrations are immutable and timestamped; they run at every start. The list is static (not read from
 * the folder) so bundling and tsx behave the same and the order is reviewable in one place.
 */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as m20261122_0001_foundation from './migrations/20261122_0001_foundation.ts';
import * as m20261122_0002_auth from './migrations/20261122_0002_auth.ts';
import * as m20261122_0004_sso from './migrations/20261122_0004_sso.ts';
import * as m20261122_0005_slides from './migrations/20261122_0005_slides.ts';
import * as m20261122_0006_jobs from './migrations/20261122_0006_jobs.ts';
import * as m20261122_0007_conversion from './migrations/20261122_0007_conversion.ts';
import * as m20261122_0008_equalization from './migrations/20261122_0008_equalization.ts';
import * as m20261123_0009_slide_metadata from './migrations/20261123_0009_slide_metadata.ts';
import * as m20261123_0010_vocabularies from './migrations/20261123_0010_vocabularies.ts';
import * as m20261123_0011_project_fields from './migrations/20261123_0011_project_fields.ts';
import * as m20261124_0012_grid_changes from './migrations/20261124_0012_grid_changes.ts';
import * as m20261124_0013_shared_views from './migrations/20261124_0013_shared_views.ts';
import * as m20261124_0014_store_served_indexes from './migrations/20261124_0014_store_served_indexes.ts';
import * as m20261125_0015_session_security from './migrations/20261125_0015_session_security.ts';
import * as m20261125_0016_conversion_jobs from './migrations/20261125_0016_conversion_jobs.ts';
import * as m20261125_0017_table_versions from './migrations/20261125_0017_table_versions.ts';
import * as m20261127_0018_optimized_levels from './migrations/20261127_0018_optimized_levels.ts';
import * as m20261128_0019_landmarks from './migrations/20261128_0019_landmarks.ts';
import * as m20261128_0020_metadata_presets from './migrations/20261128_0020_metadata_presets.ts';
import * as m20261128_0021_annotations from './migrations/20261128_0021_annotations.ts';
import * as m20261128_0022_annotation_revisions from './migrations/20261128_0022_annotation_revisions.ts';
import * as m20261128_0023_annotation_set_boxes from './migrations/20261128_0023_annotation_set_boxes.ts';
import * as m20261128_0024_annotation_answer_properties from './migrations/20261128_0024_annotation_answer_properties.ts';
import * as m20261128_0025_uploads from './migrations/20261128_0025_uploads.ts';
import * as m20261207_0026_annotation_answers from './migrations/20261207_0026_annotation_answers.ts';
import * as m20261207_0027_upload_items_and_parts from './migrations/20261207_0027_upload_items_and_parts.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '20261122_0001_foundation': m20261122_0001_foundation,
  '20261122_0002_auth': m20261122_0002_auth,
  '20261122_0004_sso': m20261122_0004_sso,
  '20261122_0005_slides': m20261122_0005_slides,
  '20261122_0006_jobs': m20261122_0006_jobs,
  '20261122_0007_conversion': m20261122_0007_conversion,
  '20261122_0008_equalization': m20261122_0008_equalization,
  '20261123_0009_slide_metadata': m20261123_0009_slide_metadata,
  '20261123_0010_vocabularies': m20261123_0010_vocabularies,
  '20261123_0011_project_fields': m20261123_0011_project_fields,
  '20261124_0012_grid_changes': m20261124_0012_grid_changes,
  '20261124_0013_shared_views': m20261124_0013_shared_views,
  '20261124_0014_store_served_indexes': m20261124_0014_store_served_indexes,
  '20261125_0015_session_security': m20261125_0015_session_security,
  '20261125_0016_conversion_jobs': m20261125_0016_conversion_jobs,
  '20261125_0017_table_versions': m20261125_0017_table_versions,
  '20261127_0018_optimized_levels': m20261127_0018_optimized_levels,
  '20261128_0019_landmarks': m20261128_0019_landmarks,
  '20261128_0020_metadata_presets': m20261128_0020_metadata_presets,
  '20261128_0021_annotations': m20261128_0021_annotations,
  '20261128_0022_annotation_revisions': m20261128_0022_annotation_revisions,
  '20261128_0023_annotation_set_boxes': m20261128_0023_annotation_set_boxes,
  '20261128_0024_annotation_answer_properties': m20261128_0024_annotation_answer_properties,
  '20261128_0025_uploads': m20261128_0025_uploads,
  '20261207_0026_annotation_answers': m20261207_0026_annotation_answers,
  '20261207_0027_upload_items_and_parts': m20261207_0027_upload_items_and_parts,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export function migratorFor(db: Db): Migrator {
  return new Migrator({ db, provider });
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  return (results ?? []).map((r) => r.migrationName);
}
