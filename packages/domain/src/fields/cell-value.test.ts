import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeField } from './field-types.ts';
import {
  canEditCell,
  checkCellValue,
  checkLinkedValue,
  CELL_MESSAGES,
  isMissingMandatory,
  linkedChoices,
  normalizeCellValue,
  parseLocalDate,
  sameCellValue,
} from './cell-value.ts';
import { SLIDE_FIELDS } from './slide-fields.ts';

const fieldOf = (
  name: string,
  allowed: { value: string; deprecatedSince?: string | null; parent?: string | null }[] | null = null,
) => describeField(SLIDE_FIELDS.find((f) => f.fieldName === name)!, allowed);

describe('metadata cell value check (spec 1 §5)', () => {
  it('accepts empty and null for every type', () => {
    for (const f of SLIDE_FIELDS)
      for (const v of [null, undefined, '']) expect(checkCellValue(describeField(f, null), v)).toBeNull();
  });

  it('numbers: integers for int, non-negative for uint, 0–100 integers for percentageUint, 0–100 for percentageFloat', () => {
    const uint = fieldOf('hScore');
    expect(checkCellValue(uint, 3)).toBeNull();
    expect(checkCellValue(uint, 3.5)).toBe(CELL_MESSAGES.wholeNumber('H-Score'));
    expect(checkCellValue(uint, -1)).toBe(CELL_MESSAGES.notNegative('H-Score'));
    expect(checkCellValue(uint, '3')).toBe(CELL_MESSAGES.wholeNumber('H-Score')); // not normalized: refused
    const pct = fieldOf('tumorContent');
    expect(checkCellValue(pct, 100)).toBeNull();
    expect(checkCellValue(pct, 101)).toBe(CELL_MESSAGES.percentage('Tumor Content (%)'));
    expect(checkCellValue(pct, 50.5)).toBe(CELL_MESSAGES.wholeNumber('Tumor Content (%)'));
    const pctFloat = fieldOf('necrosis');
    expect(checkCellValue(pctFloat, 50.5)).toBeNull();
    expect(checkCellValue(pctFloat, -0.1)).toBe(CELL_MESSAGES.percentage('Necrosis (%)'));
    expect(checkCellValue(fieldOf('sectionThickness'), Number.NaN)).toBe(
      CELL_MESSAGES.number('Section Thickness (µm)'),
    );
  });

  it('controlled values: a non-deprecated allowed value; tumorSubtype is exempt', () => {
    const organ = fieldOf('organ', [{ value: 'Lung' }, { value: 'Old', deprecatedSince: '2020-01-01' }]);
    expect(checkCellValue(organ, 'Lung')).toBeNull();
    expect(checkCellValue(organ, 'lung')).toBe(CELL_MESSAGES.controlledVocabulary);
    expect(checkCellValue(organ, 'Old')).toBe(CELL_MESSAGES.controlledVocabulary);
    expect(checkCellValue(organ, 'Old', '2019-12-31')).toBeNull(); // not deprecated yet on that day
    expect(checkCellValue(fieldOf('tumorSubtype', [{ value: 'Squamous' }]), 'anything typed')).toBeNull();
  });

  it('arrays: a list whose items are all allowed', () => {
    const drugs = fieldOf('drugIds', [{ value: 'D-1' }, { value: 'D-2' }]);
    expect(checkCellValue(drugs, ['D-1', 'D-2'])).toBeNull();
    expect(checkCellValue(drugs, ['D-3'])).toBe(CELL_MESSAGES.controlledVocabulary);
    expect(checkCellValue(drugs, 'D-1')).toBe(CELL_MESSAGES.list('Drug IDs'));
  });

  it('dates and booleans', () => {
    expect(checkCellValue(fieldOf('collectionDate'), '2024-02-29')).toBeNull();
    expect(checkCellValue(fieldOf('collectionDate'), '2023-02-29')).toBe(
      CELL_MESSAGES.date('Collection Date'),
    );
    expect(checkCellValue(fieldOf('scanDate'), '2024-02-29T10:00:00.000Z')).toBeNull();
    expect(checkCellValue(fieldOf('scanDate'), '2024-02-29')).toBe(CELL_MESSAGES.dateTime('Scan Date'));
    expect(checkCellValue(fieldOf('imageQcPass'), 'yes')).toBe(CELL_MESSAGES.bool('Image QC Pass'));
  });

  it('never throws, whatever the value (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLIDE_FIELDS), fc.anything(), (f, v) => {
        const result = checkCellValue(describeField(f, [{ value: 'A' }]), v);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
    );
  });
});

describe('normalization (spec 1 §5)', () => {
  it('empty becomes null, numbers become numbers, numbers given to text become text', () => {
    expect(normalizeCellValue(fieldOf('blockId'), '  ')).toBeNull();
    expect(normalizeCellValue(fieldOf('hScore'), ' 12 ')).toBe(12);
    expect(normalizeCellValue(fieldOf('hScore'), 'twelve')).toBe('twelve');
    expect(normalizeCellValue(fieldOf('blockId'), 42)).toBe('42');
  });

  it('booleans: false, no, 0, null and empty are false, anything else true', () => {
    for (const v of ['false', 'No', '0', 'null', '', null, undefined])
      expect(normalizeCellValue(fieldOf('imageQcPass'), v)).toBe(false);
    for (const v of ['true', 'yes', 'x', '1'])
      expect(normalizeCellValue(fieldOf('imageQcPass'), v)).toBe(true);
  });

  it("dates in the browser's order, two-digit years + 2000, or ISO; others left for the check", () => {
    expect(parseLocalDate('3/4/24', 'MDY')).toBe('2024-03-04');
    expect(parseLocalDate('3.4.2024', 'DMY')).toBe('2024-04-03');
    expect(parseLocalDate('2024-04-03', 'DMY')).toBe('2024-04-03');
    expect(parseLocalDate('31/02/2024', 'DMY')).toBeNull();
    expect(normalizeCellValue(fieldOf('collectionDate'), '12/31/99', 'MDY')).toBe('2099-12-31');
    expect(normalizeCellValue(fieldOf('collectionDate'), 'soon', 'MDY')).toBe('soon');
    expect(normalizeCellValue(fieldOf('scanDate'), '12/31/2023', 'MDY')).toBe('2023-12-31T00:00:00.000Z');
  });

  it('lists pasted as text are split at commas', () => {
    expect(normalizeCellValue(fieldOf('drugIds'), 'D-1, D-2,')).toEqual(['D-1', 'D-2']);
  });
});

describe('linked values: indication → subtype', () => {
  const allowed = [
    { value: 'Adenocarcinoma', parent: 'NSCLC' },
    { value: 'Triple negative', parent: 'Breast cancer' },
  ];
  it('accepts only subtypes of the row indication', () => {
    expect(checkLinkedValue('Adenocarcinoma', 'NSCLC', allowed)).toBeNull();
    expect(checkLinkedValue('Triple negative', 'NSCLC', allowed)).toBe(
      "The subtype 'Triple negative' is not a valid entry of the 'NSCLC' indication.",
    );
    expect(checkLinkedValue('Adenocarcinoma', null, allowed)).toBe('No indication selected');
    expect(linkedChoices(allowed, 'NSCLC').map((a) => a.value)).toEqual(['Adenocarcinoma']);
    expect(linkedChoices(allowed, '')).toEqual([]);
  });
});

describe('editing rights (spec 1 §5)', () => {
  const row = { canEditSlideSpecificFields: true, canEditProjectSpecificFields: false };
  it('needs slideMetadataManage and allowEdit, then the allow-list or the flags', () => {
    expect(canEditCell(fieldOf('blockId'), row, true)).toBe(true);
    expect(canEditCell(fieldOf('blockId'), row, false)).toBe(false);
    expect(canEditCell(fieldOf('fileName'), row, true)).toBe(false);
    expect(canEditCell({ fieldName: 'x', allowEdit: true, isProjectSpecificField: true }, row, true)).toBe(
      false,
    );
    expect(canEditCell(fieldOf('blockId'), { ...row, editableFields: ['organ'] }, true)).toBe(false);
    expect(canEditCell(fieldOf('organ'), { ...row, editableFields: ['organ'] }, true)).toBe(true);
  });
  it('an edit to the same value is no edit', () => {
    expect(sameCellValue('', null)).toBe(true);
    expect(sameCellValue(['a'], ['a'])).toBe(true);
    expect(sameCellValue(1, '1')).toBe(false);
  });
});

describe('isMissingMandatory', () => {
  const blockId = describeField(SLIDE_FIELDS.find((f) => f.fieldName === 'blockId')!, null);
  const organ = describeField(SLIDE_FIELDS.find((f) => f.fieldName === 'organ')!, []);

  it('flags a mandatory field without a value, an empty list included, and nothing else', () => {
    for (const empty of [null, undefined, '', []]) expect(isMissingMandatory(blockId, empty)).toBe(true);
    expect(isMissingMandatory(blockId, 'B-1')).toBe(false);
    expect(isMissingMandatory(blockId, 0)).toBe(false);
    expect(isMissingMandatory(organ, null)).toBe(false);
  });
});
