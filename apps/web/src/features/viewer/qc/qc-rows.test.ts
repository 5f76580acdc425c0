import { describe, expect, it } from 'vitest';
import { describeField, SLIDE_FIELDS, type FieldDescriptor } from '@tessera/domain';
import { loadLastPreset, qcRowsOf, saveLastPreset, togglePresetField } from './qc-rows.ts';

const fieldByName = new Map<string, FieldDescriptor>(
  SLIDE_FIELDS.map((f) => [f.fieldName, describeField(f, f.vocabulary ? [] : null)]),
);
fieldByName.set('qcReviewer', {
  ...describeField(
    {
      fieldName: 'qcReviewer',
      primaryType: 'string',
      group: 'resultsQc',
      headerName: 'QC Reviewer',
      allowEdit: true,
    },
    null,
  ),
  isProjectSpecificField: true,
});

const slide = {
  id: '0123456789abcdef01234567',
  fileName: 'S-001.svs',
  blockId: '',
  assays: [],
  indicationV2: 'NSCLC',
  sectionThickness: 4.5,
  qcReviewer: 'A. Moreau',
};

describe('qcRowsOf', () => {
  const editable = (f: FieldDescriptor) => f.allowEdit && !f.isProjectSpecificField;

  it('makes one row per preset field, in the preset’s order, with the slide’s values', () => {
    const rows = qcRowsOf(
      ['sectionThickness', 'fileName', 'qcReviewer', 'organ'],
      fieldByName,
      slide,
      editable,
    );
    expect(rows.map((r) => [r.field.headerName, r.value, r.isEditable])).toEqual([
      ['Section Thickness (µm)', 4.5, true],
      ['File Name', 'S-001.svs', false],
      ['QC Reviewer', 'A. Moreau', false],
      ['Organ', null, true],
    ]);
  });

  it('flags mandatory fields left empty, an empty list included', () => {
    const rows = qcRowsOf(['blockId', 'assays', 'indicationV2', 'organ'], fieldByName, slide, editable);
    expect(rows.map((r) => [r.field.fieldName, r.isMissing])).toEqual([
      ['blockId', true],
      ['assays', true],
      ['indicationV2', false],
      ['organ', false],
    ]);
  });

  it('skips fields the project does not describe, and never reads inherited keys', () => {
    const withProto = new Map(fieldByName).set(
      'constructor',
      describeField(
        { fieldName: 'constructor', primaryType: 'string', group: 'slide', headerName: 'C', allowEdit: true },
        null,
      ),
    );
    const rows = qcRowsOf(['gone', 'constructor', 'blockId'], withProto, slide, editable);
    expect(rows.map((r) => [r.field.fieldName, r.value])).toEqual([
      ['constructor', null],
      ['blockId', ''],
    ]);
  });
});

describe('togglePresetField', () => {
  it('removes a listed field and adds another at the end, keeping the order of the rest', () => {
    expect(togglePresetField(['blockId', 'organ', 'scanner'], 'organ')).toEqual(['blockId', 'scanner']);
    expect(togglePresetField(['scanner', 'blockId'], 'organ')).toEqual(['scanner', 'blockId', 'organ']);
  });
});

describe('the last preset of a project', () => {
  const memory = (text: string | null = null) => {
    let stored = text;
    return { getItem: () => stored, setItem: (_: string, v: string) => void (stored = v) };
  };

  it('defaults to the Minimal Preset, and reads back what was chosen, per project', () => {
    const storage = memory();
    expect(loadLastPreset('p1', storage)).toBe('minimal');
    saveLastPreset('p1', 'tpRealTimeQc', storage);
    saveLastPreset('p2', 'all', storage);
    expect(loadLastPreset('p1', storage)).toBe('tpRealTimeQc');
    expect(loadLastPreset('p2', storage)).toBe('all');
    expect(loadLastPreset('p3', storage)).toBe('minimal');
  });

  it('falls back to the default on anything unreadable', () => {
    expect(loadLastPreset('p1', memory('not json'))).toBe('minimal');
    expect(loadLastPreset('p1', memory('["all"]'))).toBe('minimal');
    expect(loadLastPreset('p1', memory('{"p1":"everything"}'))).toBe('minimal');
    expect(loadLastPreset('toString', memory('{}'))).toBe('minimal');
  });

  it('keeps working when storage refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveLastPreset('p1', 'all', full)).not.toThrow();
  });
});
