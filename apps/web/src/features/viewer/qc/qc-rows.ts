/**
 * The QC tab's pure parts (spec 3 §2): the transposed rows of the open slide for a preset — one row per
 * field, Column and Value — with the mandatory-empty flag and the editing right of each, the preset a
 * project last showed (remembered in this browser), and toggling a field of a preset's list.
 */
import {
  DEFAULT_METADATA_PRESET,
  isMissingMandatory,
  METADATA_PRESET_IDS,
  type FieldDescriptor,
  type MetadataPresetId,
} from '@tessera/domain';

/** One row of the transposed grid: a field of the preset and the slide's value of it. */
export interface QcRow {
  field: FieldDescriptor;
  value: unknown;
  /** A mandatory field left empty: highlighted (spec 3 §2). */
  isMissing: boolean;
  /** The user may change it (the domain's editing rights for this slide). */
  isEditable: boolean;
}

/**
 * The preset's fields the project has, in the preset's order, with the slide's values. A preset naming a
 * field the descriptors lack (removed since) skips it rather than showing a row without a type.
 */
export function qcRowsOf(
  presetFields: readonly string[],
  fieldByName: ReadonlyMap<string, FieldDescriptor>,
  slide: Readonly<Record<string, unknown>>,
  canEdit: (field: FieldDescriptor) => boolean,
): QcRow[] {
  return presetFields.flatMap((name) => {
    const field = fieldByName.get(name);
    if (!field) return [];
    const value = Object.hasOwn(slide, name) ? slide[name] : null;
    return [{ field, value, isMissing: isMissingMandatory(field, value), isEditable: canEdit(field) }];
  });
}

/**
 * A preset's list with `fieldName` switched: removed when listed, else added at the end, so the fields
 * already chosen keep their order.
 */
export const togglePresetField = (fields: readonly string[], fieldName: string): string[] =>
  fields.includes(fieldName) ? fields.filter((f) => f !== fieldName) : [...fields, fieldName];

const KEY = 'tessera.qcMetadataPreset';

const isPresetId = (value: unknown): value is MetadataPresetId =>
  typeof value === 'string' && (METADATA_PRESET_IDS as readonly string[]).includes(value);

/** The presets last chosen, by project id; anything unreadable (another version's, edited by hand) is none. */
function readChoices(storage: Pick<Storage, 'getItem'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The preset this project last showed in this browser, else the default one. */
export function loadLastPreset(
  projectId: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): MetadataPresetId {
  const choices = readChoices(storage);
  const chosen = Object.hasOwn(choices, projectId) ? choices[projectId] : undefined;
  return isPresetId(chosen) ? chosen : DEFAULT_METADATA_PRESET;
}

export function saveLastPreset(
  projectId: string,
  presetId: MetadataPresetId,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify({ ...readChoices(storage), [projectId]: presetId }));
  } catch {
    // Storage full or disabled: the choice holds while the panel is open.
  }
}
