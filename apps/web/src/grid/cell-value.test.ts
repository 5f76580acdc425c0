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
});
