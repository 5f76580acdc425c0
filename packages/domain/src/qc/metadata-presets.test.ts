import { describe, expect, it } from 'vitest';
import { SLIDE_FIELDS } from '../fields/slide-fields.ts';
import {
  checkPresetFields,
  DEFAULT_PRESET_FIELDS,
  isDefaultPresetFields,
  MAX_PRESET_FIELDS,
  METADATA_PRESET_IDS,
  METADATA_PRESET_MESSAGES,
  METADATA_PRESET_NAMES,
  presetFieldsOf,
} from './metadata-presets.ts';

const FIXED = SLIDE_FIELDS.map((f) => f.fieldName);

describe('the QC metadata presets', () => {
  it('are the six of spec 3 §2, in its order', () => {
    expect(METADATA_PRESET_IDS.map((id) => METADATA_PRESET_NAMES[id])).toEqual([
      'All metadata',
      'Minimal Preset',
      'CPM: Incoming Inspection',
      'CPM: Results vQC',
      'PMB: App Validation',
      'TP: Real-Time QC',
    ]);
  });

  it('default to fields of the registry, each once', () => {
    for (const [id, fields] of Object.entries(DEFAULT_PRESET_FIELDS)) {
      expect(checkPresetFields(fields, FIXED), id).toBeNull();
      expect(fields[0], id).toBe('fileName');
    }
  });
});

describe('checkPresetFields', () => {
  const project = [...FIXED, 'qcReviewer'];

  it('accepts known fields, project fields included', () => {
    expect(checkPresetFields(['blockId', 'qcReviewer'], project)).toBeNull();
  });

  it('refuses an empty list, unknown fields, duplicates and too many', () => {
    expect(checkPresetFields([], project)).toBe(METADATA_PRESET_MESSAGES.empty);
    expect(checkPresetFields(['blockId', 'anatomicLocation'], project)).toBe(
      "The project has no field 'anatomicLocation'",
    );
    expect(checkPresetFields(['blockId', 'organ', 'blockId'], project)).toBe(
      "The field 'blockId' is listed twice",
    );
    expect(checkPresetFields(Array(MAX_PRESET_FIELDS + 1).fill('blockId'), project)).toBe(
      METADATA_PRESET_MESSAGES.tooMany,
    );
    // Names every object answers are no fields.
    expect(checkPresetFields(['constructor'], project)).toBe("The project has no field 'constructor'");
  });
});

describe('presetFieldsOf', () => {
  const project = ['fileName', 'blockId', 'assays', 'indicationV2', 'qcComments', 'qcReviewer'];

  it("shows every field of the project for 'All metadata'", () => {
    expect(presetFieldsOf('all', ['blockId'], project)).toEqual(project);
  });

  it('shows the stored list, else the default, in its order', () => {
    expect(presetFieldsOf('minimal', ['qcReviewer', 'blockId'], project)).toEqual(['qcReviewer', 'blockId']);
    expect(presetFieldsOf('minimal', null, project)).toEqual([
      'fileName',
      'blockId',
      'assays',
      'indicationV2',
      'qcComments',
    ]);
  });

  it('leaves out fields the project no longer has', () => {
    expect(presetFieldsOf('cpmResultsVqc', ['blockId', 'gone'], project)).toEqual(['blockId']);
  });
});

describe('isDefaultPresetFields', () => {
  it('is the default list in the default order only', () => {
    const defaults = DEFAULT_PRESET_FIELDS.minimal;
    expect(isDefaultPresetFields('minimal', [...defaults])).toBe(true);
    expect(isDefaultPresetFields('minimal', [...defaults].reverse())).toBe(false);
    expect(isDefaultPresetFields('minimal', defaults.slice(1))).toBe(false);
  });
});
