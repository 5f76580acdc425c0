/**
 * QC metadata presets (spec 3 §2 "QC tab"): the six presets of a project with their fields, and changing
 * or resetting the field list of one. The presets, their defaults and the rules of a list are
 * packages/domain/src/qc/metadata-presets.ts; which fields a project has is checked by the server.
 */
import { z } from 'zod';
import { MAX_PRESET_FIELDS, METADATA_PRESET_IDS, METADATA_PRESET_MESSAGES } from '@tessera/domain';
import { SafeText } from './text.ts';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

export const MetadataPresetId = z.enum(METADATA_PRESET_IDS);
const PresetParams = z.object({ projectId: Id, presetId: MetadataPresetId });
/** A field name as the field registry and project fields spell them (at most 40 characters there). */
const FieldName = SafeText.min(1).max(100);

export const MetadataPreset = z
  .object({
    id: MetadataPresetId,
    /** The name the 'Metadata Preset' dropdown shows. */
    name: z.string(),
    /** The fields the QC tab shows, in order: every field of the project for 'All metadata'. */
    fields: z.array(z.string()),
    /** False for 'All metadata', which always means every field. */
    isEditable: z.boolean(),
    /** The project replaced the default list (a reset goes back to it). */
    isCustomized: z.boolean(),
  })
  .meta({ id: 'MetadataPreset' });
export type MetadataPreset = z.infer<typeof MetadataPreset>;

/** The six presets in the dropdown's order, with the fields each shows in this project. */
export const listMetadataPresets = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/metadata-presets',
  summary: 'The QC metadata presets of the project, with the fields each shows',
  tags: ['metadata presets'],
  access: projectPermission(null),
  params: z.object({ projectId: Id }),
  response: z.object({ presets: z.array(MetadataPreset) }),
});

/**
 * Replaces a preset's fields (in display order): fields of the project, each once, at least one. Saving
 * the default list is a reset. 'All metadata' cannot be changed (400 METADATA_PRESET_NOT_EDITABLE).
 */
export const saveMetadataPreset = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/metadata-presets/:presetId',
  summary: 'Replaces the field list of a QC metadata preset in the project',
  tags: ['metadata presets'],
  access: projectPermission('slideMetadataManage'),
  params: PresetParams,
  body: z
    .object({ fields: z.array(FieldName).max(MAX_PRESET_FIELDS, METADATA_PRESET_MESSAGES.tooMany) })
    .strict(),
  response: MetadataPreset,
});

/** Puts a preset back to its default fields; answers it as it is then. */
export const resetMetadataPreset = defineRoute({
  method: 'DELETE',
  path: '/v1/projects/:projectId/metadata-presets/:presetId',
  summary: 'Puts a QC metadata preset of the project back to its default fields',
  tags: ['metadata presets'],
  access: projectPermission('slideMetadataManage'),
  params: PresetParams,
  response: MetadataPreset,
});
