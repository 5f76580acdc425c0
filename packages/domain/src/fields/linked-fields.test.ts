import { describe, expect, it } from 'vitest';
import { describeField } from './field-types.ts';
import { clearedLinkedFields } from './linked-fields.ts';
import { SLIDE_FIELDS } from './slide-fields.ts';

const fieldOf = (name: string, allowed: { value: string; parent?: string | null }[] | null) =>
  describeField(SLIDE_FIELDS.find((f) => f.fieldName === name)!, allowed);
const fields = [
  fieldOf('indicationV2', [{ value: 'NSCLC' }, { value: 'Melanoma' }]),
  fieldOf('indicationSubtypeV2', [
    { value: 'Adenocarcinoma', parent: 'NSCLC' },
    { value: 'Acral', parent: 'Melanoma' },
  ]),
  fieldOf('tumorSubtype', [{ value: 'Squamous', parent: 'NSCLC' }]),
];
const slide = { indicationV2: 'NSCLC', indicationSubtypeV2: 'Adenocarcinoma', tumorSubtype: 'Squamous' };

describe('clearedLinkedFields', () => {
  it("clears a subtype that does not belong to the change's new indication, or to none", () => {
    expect(clearedLinkedFields(fields, { indicationV2: 'Melanoma' }, slide)).toEqual({
      indicationSubtypeV2: null,
    });
    expect(clearedLinkedFields(fields, { indicationV2: null }, slide)).toEqual({ indicationSubtypeV2: null });
  });

  it('keeps a subtype that still belongs, one the change sets itself, and free-text linked fields', () => {
    expect(clearedLinkedFields(fields, { indicationV2: 'NSCLC' }, slide)).toEqual({});
    expect(
      clearedLinkedFields(fields, { indicationV2: 'Melanoma', indicationSubtypeV2: 'Acral' }, slide),
    ).toEqual({});
    expect(clearedLinkedFields(fields, { studyId: 'S1' }, slide)).toEqual({});
    expect(clearedLinkedFields(fields, { indicationV2: 'Melanoma' }, { indicationV2: 'NSCLC' })).toEqual({});
  });
});
