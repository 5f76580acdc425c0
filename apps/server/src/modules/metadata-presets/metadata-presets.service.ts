/**
 * QC metadata presets (spec 3 §2 "QC tab"): the six presets of a project with the fields each shows,
 * changing a preset's list and putting it back to its default. The presets, defaults and the rules of a
 * list are the domain's (qc/metadata-presets.ts); the fields a project has are its slide table's.
 */
import {
  checkPresetFields,
  isDefaultPresetFields,
  isEditablePreset,
  METADATA_PRESET_IDS,
  METADATA_PRESET_MESSAGES,
  METADATA_PRESET_NAMES,
  presetFieldsOf,
  type MetadataPresetId,
} from '@tessera/domain';
import type { MetadataPreset } from '@tessera/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { badRequest } from '../../errors.ts';
import { getFieldDescriptors } from '../slides/slide-grid.service.ts';
import * as q from './metadata-presets.queries.ts';

export const METADATA_PRESET_ERROR_CODES = { notEditable: 'METADATA_PRESET_NOT_EDITABLE' } as const;

const StoredFields = z.array(z.string());

/** Every field of the project's slide table (fixed and project-specific), in the table's order. */
async function projectFieldNames(ctx: AppContext, projectId: string): Promise<string[]> {
  return (await getFieldDescriptors(ctx, projectId, 'slideMetadataView')).map((f) => f.fieldName);
}

/**
 * A stored list as field names. A row that does not read as one (written by hand, or by a later server)
 * is taken as no row: the preset shows its default rather than failing the whole QC tab.
 */
function storedFieldsOf(text: string | undefined): string[] | null {
  if (text === undefined) return null;
  try {
    const parsed = StoredFields.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function presetOf(id: MetadataPresetId, stored: string[] | null, projectFields: string[]): MetadataPreset {
  return {
    id,
    name: METADATA_PRESET_NAMES[id],
    fields: presetFieldsOf(id, stored, projectFields),
    isEditable: isEditablePreset(id),
    isCustomized: stored !== null,
  };
}

export async function listMetadataPresets(ctx: AppContext, project: ProjectScope) {
  const fields = await projectFieldNames(ctx, project.id);
  const stored = new Map(
    (await q.findStoredPresets(ctx.db, project.id)).map((row) => [row.preset_id, row.fields]),
  );
  return { presets: METADATA_PRESET_IDS.map((id) => presetOf(id, storedFieldsOf(stored.get(id)), fields)) };
}

const refuseAllMetadata = () =>
  badRequest(METADATA_PRESET_MESSAGES.notEditable, METADATA_PRESET_ERROR_CODES.notEditable);

/**
 * Replaces a preset's fields. Saving its default list removes the project's own, so the preset follows
 * the default again (and is not shown as changed).
 */
export async function saveMetadataPreset(
  ctx: AppContext,
  actor: Actor,
  project: ProjectScope,
  presetId: MetadataPresetId,
  fields: string[],
): Promise<MetadataPreset> {
  if (!isEditablePreset(presetId)) throw refuseAllMetadata();
  const projectFields = await projectFieldNames(ctx, project.id);
  const problem = checkPresetFields(fields, projectFields);
  if (problem) throw badRequest(problem);
  if (isDefaultPresetFields(presetId, fields)) {
    await q.deleteStoredPreset(ctx.db, project.id, presetId);
    return presetOf(presetId, null, projectFields);
  }
  await q.upsertStoredPreset(ctx.db, {
    projectId: project.id,
    presetId,
    fields: JSON.stringify(fields),
    updatedBy: actor.userId,
  });
  return presetOf(presetId, fields, projectFields);
}

/** Puts a preset back to its default fields (a preset already at its default stays so). */
export async function resetMetadataPreset(
  ctx: AppContext,
  project: ProjectScope,
  presetId: MetadataPresetId,
): Promise<MetadataPreset> {
  if (!isEditablePreset(presetId)) throw refuseAllMetadata();
  await q.deleteStoredPreset(ctx.db, project.id, presetId);
  return presetOf(presetId, null, await projectFieldNames(ctx, project.id));
}
