import { describe, expect, it } from 'vitest';
import { browserDateOrder, editText, formatCell, INVALID_DATE } from './cell-format.ts';

describe('cell display', () => {
  it("shows dates in the browser's format and 'ERR' for text that is no date", () => {
    expect(formatCell({ fieldName: 'd', primaryType: 'stringUtcDate' }, '2024-03-04', 'en-US')).toBe(
      '3/4/2024',
    );
    expect(formatCell({ fieldName: 'd', primaryType: 'stringUtcDate' }, '2024-03-04', 'de-DE')).toBe(
      '4.3.2024',
    );
    expect(formatCell({ fieldName: 'd', primaryType: 'stringUtcDate' }, 'next week', 'en-US')).toBe(
      INVALID_DATE,
    );
    expect(editText({ fieldName: 'd', primaryType: 'stringUtcDate' }, '2024-03-04', 'en-GB')).toBe(
      '04/03/2024',
    );
  });
  it('booleans, lists and assays', () => {
    expect(formatCell({ fieldName: 'b', primaryType: 'bool' }, false)).toBe('No');
    expect(formatCell({ fieldName: 'drugIds', primaryType: 'array' }, ['A', 'B'])).toBe('A, B');
    expect(
      formatCell({ fieldName: 'assays', primaryType: 'array' }, [
        { channel: 2, marker: 'CD8' },
        { channel: 1, marker: 'CD3' },
      ]),
    ).toBe('CD3-CD8');
  });
  it('reads the date order of a locale', () => {
    expect(browserDateOrder('en-US')).toBe('MDY');
    expect(browserDateOrder('de-DE')).toBe('DMY');
    expect(browserDateOrder('sv-SE')).toBe('YMD');
  });
});
