/**
 * QC metadata presets (spec 3 §2 "QC tab"): named lists of slide fields the viewer's QC tab shows for the
 * open slide. 'All metadata' is every field of the project, so it is never stored; the other five start
 * from the defaults below and a project may replace their lists (slideMetadataManage), or go back to them.
 *
 * The spec names the presets but not their fields; it mentions blockId, indication, sampleType,
 * anatomicLocation, magnification, thickness, qcPass, qcReviewer and qcReviewDate. Our field registry
 * names these indicationV2, organ, scanMagnification, sectionThickness and slideQcPass / imageQcPass; it
 * has no QC reviewer or review date, which a project can add as project fields and put into its presets.
 */
import { SLIDE_FIELDS } from '../fields/slide-fields.ts';
import { MAX_PROJECT_FIELDS } from '../fields/project-fields.ts';

/** The presets in the dropdown's order, by stable id (ids travel in URLs and localStorage; names may change). */
export const METADATA_PRESET_IDS = [
  'all',
  'minimal',
  'cpmIncomingInspection',
  'cpmResultsVqc',
  'pmbAppValidation',
  'tpRealTimeQc',
] as const;
export type MetadataPresetId = (typeof METADATA_PRESET_IDS)[number];
/** The presets whose fields a project may choose: every one but 'All metadata'. */
export type EditableMetadataPresetId = Exclude<MetadataPresetId, 'all'>;

/** Spec 3 §2: the names the 'Metadata Preset' dropdown shows. */
export const METADATA_PRESET_NAMES: Record<MetadataPresetId, string> = {
  all: 'All metadata',
  minimal: 'Minimal Preset',
  cpmIncomingInspection: 'CPM: Incoming Inspection',
  cpmResultsVqc: 'CPM: Results vQC',
  pmbAppValidation: 'PMB: App Validation',
  tpRealTimeQc: 'TP: Real-Time QC',
};

/** The preset the QC tab opens with before the user chose one. */
export const DEFAULT_METADATA_PRESET: MetadataPresetId = 'minimal';

/**
 * The default fields of each preset, in display order; all are fixed fields of the registry (a test holds
 * them to it). Each starts with the slide's identity (file name, block) so the reader knows what they check.
 */
export const DEFAULT_PRESET_FIELDS: Record<EditableMetadataPresetId, readonly string[]> = {
  // The mandatory fields and the slide's QC verdict: what every slide must have before anything else.
  minimal: ['fileName', 'blockId', 'assays', 'indicationV2', 'slideQcPass', 'qcComments'],
  // Checking slides as they arrive: where the sample comes from, how it was cut and stained, consent.
  cpmIncomingInspection: [
    'fileName',
    'blockId',
    'studyId',
    'patientId',
    'visit',
    'sampleType',
    'collectionDate',
    'tissueType',
    'organ',
    'indicationV2',
    'assays',
    'sectionThickness',
    'sectionDate',
    'stainingPlatform',
    'stainingDate',
    'consentObtained',
    'privacyClass',
    'slideQcPass',
    'qcComments',
  ],
  // Visual QC of analysis results: the prediction beside the results verdict.
  cpmResultsVqc: [
    'fileName',
    'blockId',
    'assays',
    'indicationV2',
    'indicationSubtypeV2',
    'predictedClass',
    'predictionScore',
    'resultsQcPass',
    'resultsQcComment',
  ],
  // Validating an analysis app against pathologists: the ground truth the app is compared with.
  pmbAppValidation: [
    'fileName',
    'blockId',
    'studyId',
    'indicationV2',
    'indicationSubtypeV2',
    'tumorSubtype',
    'molecularSubtype',
    'assays',
    'scanner',
    'scanMagnification',
    'tumorContent',
    'necrosis',
    'heAssessedBy',
    'heSecondaryReviewer',
    'ihcScore',
    'hScore',
    'predictedClass',
    'predictionScore',
  ],
  // QC at the scanner while slides come in: the image and the section it shows.
  tpRealTimeQc: [
    'fileName',
    'blockId',
    'assays',
    'organ',
    'sampleType',
    'sectionThickness',
    'scanner',
    'scanDate',
    'scanMagnification',
    'technicalInfo',
    'imageQcPass',
    'slideQcPass',
    'qcComments',
  ],
};

/** A preset lists each field of the project at most once: the fixed fields plus the most project fields. */
export const MAX_PRESET_FIELDS = SLIDE_FIELDS.length + MAX_PROJECT_FIELDS;

export const METADATA_PRESET_MESSAGES = {
  notEditable: `'${METADATA_PRESET_NAMES.all}' always shows every field of the project and cannot be changed`,
  empty: 'Choose at least one field',
  tooMany: `A preset has at most ${MAX_PRESET_FIELDS} fields`,
  duplicate: (field: string) => `The field '${field}' is listed twice`,
  unknownField: (field: string) => `The project has no field '${field}'`,
} as const;

export const isEditablePreset = (id: MetadataPresetId): id is EditableMetadataPresetId => id !== 'all';

/** Whether `fields` can be a preset's list in a project holding `projectFields`; the message when not. */
export function checkPresetFields(
  fields: readonly string[],
  projectFields: readonly string[],
): string | null {
  if (fields.length === 0) return METADATA_PRESET_MESSAGES.empty;
  if (fields.length > MAX_PRESET_FIELDS) return METADATA_PRESET_MESSAGES.tooMany;
  const known = new Set(projectFields);
  const seen = new Set<string>();
  for (const field of fields) {
    if (!known.has(field)) return METADATA_PRESET_MESSAGES.unknownField(field);
    if (seen.has(field)) return METADATA_PRESET_MESSAGES.duplicate(field);
    seen.add(field);
  }
  return null;
}

/**
 * The fields a preset shows in a project, in its order: every field for 'All metadata', else the stored
 * list (or the default). Fields the project no longer has are left out rather than shown empty.
 */
export function presetFieldsOf(
  id: MetadataPresetId,
  stored: readonly string[] | null,
  projectFields: readonly string[],
): string[] {
  if (!isEditablePreset(id)) return [...projectFields];
  const known = new Set(projectFields);
  return (stored ?? DEFAULT_PRESET_FIELDS[id]).filter((field) => known.has(field));
}

/** Whether a list is the preset's default (saving it is a reset: the project then follows the default). */
export const isDefaultPresetFields = (id: EditableMetadataPresetId, fields: readonly string[]): boolean => {
  const defaults = DEFAULT_PRESET_FIELDS[id];
  return defaults.length === fields.length && defaults.every((field, i) => field === fields[i]);
};
