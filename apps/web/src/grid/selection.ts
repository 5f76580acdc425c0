/** The grid's selection as plain values: a focused cell, an anchor, and the range between them. */

export interface CellPos {
  row: number;
  col: number;
}

/** Inclusive bounds of the selected cells. */
export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The range spanned by the anchor (where a Shift-selection started) and the focused cell. */
export function rangeOf(anchor: CellPos | null, focus: CellPos): CellRange {
  const a = anchor ?? focus;
  return {
    top: Math.min(a.row, focus.row),
    bottom: Math.max(a.row, focus.row),
    left: Math.min(a.col, focus.col),
    right: Math.max(a.col, focus.col),
  };
}

export const isInRange = (range: CellRange, row: number, col: number): boolean =>
  row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;

/** More than one cell selected (a single focused cell is not tinted as a range). */
export const isMultiCell = (range: CellRange): boolean =>
  range.bottom > range.top || range.right > range.left;

/** A position kept inside a grid of `rows` × `cols` cells. */
export const clampPos = (pos: CellPos, rows: number, cols: number): CellPos => ({
  row: Math.max(0, Math.min(rows - 1, pos.row)),
  col: Math.max(0, Math.min(cols - 1, pos.col)),
});

/** A block of the range's size holding `value` in every cell (Delete clears with null). */
export const filledBlock = (range: CellRange, value: unknown): unknown[][] =>
  Array.from({ length: range.bottom - range.top + 1 }, () =>
    Array<unknown>(range.right - range.left + 1).fill(value),
  );

/** What a paste writes from the range's top-left cell: a single value pasted over a range fills it. */
export function pastedBlock(block: string[][], range: CellRange): unknown[][] {
  const isSingle = block.length === 1 && block[0]!.length === 1;
  return isSingle && isMultiCell(range) ? filledBlock(range, block[0]![0]) : block;
}

/** Rows a PageDown moves: the rows in view, less two kept for context. */
export const pageRows = (viewHeight: number, rowHeight: number): number =>
  Math.max(1, Math.floor(viewHeight / rowHeight) - 2);
