import { describe, expect, it } from 'vitest';
import { describeField, SLIDE_FIELDS } from '@tessera/domain';
import { prepareCellValue } from './cell-value.ts';

const field = (name: string) => describeField(SLIDE_FIELDS.find((f) => f.fieldName === name)!, null);

describe('a raw cell value, prepared', () => {
  it('normalizes what passes and says why what is refused', () => {
    expect(prepareCellValue(field('hScore'), {}, '42', 'DMY')).toEqual({ value: 42 });
    expect(prepareCellValue(field('hScore'), {}, '', 'DMY')).toEqual({ value: null });
    expect(prepareCellValue(field('hScore'), {}, 'abc', 'DMY')).toEqual({
      error: 'H-Score must be a whole number',
    });
  });

  it('reads pasted assays as JSON', () => {
    expect(prepareCellValue(field('assays'), {}, '', 'DMY')).toEqual({ value: [] });
    expect(prepareCellValue(field('assays'), {}, '[not json', 'DMY')).toEqual({
      error: 'A pasted assay cell must be valid JSON',
    });
  });

  it("checks pasted assays as the server does: the assay vocabularies, the row's own deprecated markers kept", () => {
    const vocabulary = {
      markers: [{ value: 'CD3' }, { value: 'OLD', deprecatedSince: '2000-01-01' }],
      chromogens: [{ value: 'DAB' }],
    };
    const paste = (row: Record<string, unknown>, assays: object[]) =>
      prepareCellValue(field('assays'), row, JSON.stringify(assays), 'DMY', vocabulary);
    const refused = { error: 'Incorrect cell value of controlled vocabulary for the field' };
    expect(paste({}, [{ channel: 1, marker: 'CD3', chromogenFluorophores: 'DAB' }])).toHaveProperty('value');
    expect(paste({}, [{ channel: 1, marker: 'CD3', chromogenFluorophores: 'Glitter' }])).toEqual(refused);
    expect(paste({}, [{ channel: 1, marker: 'OLD' }])).toEqual(refused);
    expect(
      paste({ assays: [{ channel: 1, marker: 'OLD' }] }, [{ channel: 1, marker: 'OLD' }]),
    ).toHaveProperty('value');
  });
});
