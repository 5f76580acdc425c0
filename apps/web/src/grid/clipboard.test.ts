import { describe, expect, it } from 'vitest';
import { fillValues, fromTsv, toTsv } from './clipboard.ts';

describe('clipboard', () => {
  it('round-trips cells with tabs, quotes and line breaks', () => {
    const rows = [
      ['a', 'b\tc'],
      ['say "hi"', 'two\nlines'],
    ];
    expect(fromTsv(toTsv(rows))).toEqual(rows);
  });
  it('reads what spreadsheets copy: CRLF rows, a trailing line break', () => {
    expect(fromTsv('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(fromTsv('single')).toEqual([['single']]);
  });
  it('fills by repeating the range rows', () => {
    expect(fillValues([['x'], ['y']], 3)).toEqual([['x'], ['y'], ['x']]);
  });
});
