import { describe, expect, it } from 'vitest';
import {
  clampPos,
  filledBlock,
  isInRange,
  isMultiCell,
  pageRows,
  pastedBlock,
  rangeOf,
} from './selection.ts';

describe('selection', () => {
  it('spans the anchor and the focus in any direction', () => {
    expect(rangeOf(null, { row: 3, col: 2 })).toEqual({ top: 3, bottom: 3, left: 2, right: 2 });
    const range = rangeOf({ row: 5, col: 4 }, { row: 3, col: 1 });
    expect(range).toEqual({ top: 3, bottom: 5, left: 1, right: 4 });
    expect(isInRange(range, 4, 4)).toBe(true);
    expect(isInRange(range, 6, 4)).toBe(false);
    expect(isMultiCell(range)).toBe(true);
    expect(isMultiCell(rangeOf(null, { row: 0, col: 0 }))).toBe(false);
  });

  it('keeps a moved focus inside the grid', () => {
    expect(clampPos({ row: -1, col: 9 }, 10, 5)).toEqual({ row: 0, col: 4 });
    expect(clampPos({ row: 12, col: -3 }, 10, 5)).toEqual({ row: 9, col: 0 });
  });

  it('a single pasted value fills a range; a block is pasted as it is', () => {
    const range = { top: 0, bottom: 1, left: 0, right: 2 };
    expect(pastedBlock([['x']], range)).toEqual([
      ['x', 'x', 'x'],
      ['x', 'x', 'x'],
    ]);
    expect(pastedBlock([['x']], { top: 0, bottom: 0, left: 0, right: 0 })).toEqual([['x']]);
    expect(pastedBlock([['a', 'b']], range)).toEqual([['a', 'b']]);
    expect(filledBlock({ top: 2, bottom: 2, left: 1, right: 2 }, null)).toEqual([[null, null]]);
  });

  it('a page is the rows in view less two, at least one', () => {
    expect(pageRows(320, 32)).toBe(8);
    expect(pageRows(40, 32)).toBe(1);
  });
});
