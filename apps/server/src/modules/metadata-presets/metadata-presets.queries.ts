/** SQL of QC metadata presets. Only this file (and db/) talks to the metadata_presets table. */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';

export interface StoredPresetRow {
  preset_id: string;
  /** JSON text: the field names in display order. */
  fields: string;
}

/** The presets this project changed; the others follow their defaults. */
export async function findStoredPresets(db: Db, projectId: string): Promise<StoredPresetRow[]> {
  return db
    .selectFrom('metadata_presets')
    .select(['preset_id', 'fields'])
    .where('project_id', '=', projectId)
    .execute();
}

/** Creates or replaces the project's list of one preset. */
export async function upsertStoredPreset(
  db: Db,
  preset: { projectId: string; presetId: string; fields: string; updatedBy: string },
): Promise<void> {
  const values = { fields: preset.fields, updated_by: preset.updatedBy, updated_at: nowIso() };
  await db
    .insertInto('metadata_presets')
    .values({ project_id: preset.projectId, preset_id: preset.presetId, ...values })
    .onConflict((oc) => oc.columns(['project_id', 'preset_id']).doUpdateSet(values))
    .execute();
}

/** Removes the project's list of one preset (it follows its default again); nothing when there is none. */
export async function deleteStoredPreset(db: Db, projectId: string, presetId: string): Promise<void> {
  await db
    .deleteFrom('metadata_presets')
    .where('project_id', '=', projectId)
    .where('preset_id', '=', presetId)
    .execute();
}
