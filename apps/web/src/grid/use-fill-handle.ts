/**
 * The fill handle (spec 1 §2): dragged down from a range's bottom-right corner, it writes the range's
 * values, repeated, into the rows it passes.
 */
import { useEffect, useState } from 'react';
import { fillValues } from './clipboard.ts';
import type { Row } from './row-tree.ts';
import type { CellPos, CellRange } from './selection.ts';

export interface FilledGrid {
  range: CellRange;
  leafAt(row: number): Row | undefined;
  fieldNameAt(col: number): string | undefined;
  applyBlock(top: number, left: number, values: unknown[][]): void;
  setFocus(pos: CellPos): void;
}

/** The last row of a drag in progress (null when none), and what starts one. */
export function useFillHandle(grid: FilledGrid): { fillTo: number | null; startFill(): void } {
  const [fillTo, setFillTo] = useState<number | null>(null);
  const { range } = grid;
  useEffect(() => {
    if (fillTo === null) return;
    const onMove = (e: MouseEvent) => {
      const el = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-row]');
      if (el) setFillTo(Math.max(range.bottom, Number(el.dataset.row)));
    };
    const onUp = () => {
      const count = fillTo - range.bottom;
      setFillTo(null);
      if (count <= 0) return;
      const source = sourceRows(grid);
      if (source.length) {
        grid.applyBlock(range.bottom + 1, range.left, fillValues(source, count));
        grid.setFocus({ row: range.bottom + count, col: range.right });
      }
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp, { once: true });
    return () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
  }); // re-bound each render while dragging: it reads the current range and rows
  return { fillTo, startFill: () => setFillTo(range.bottom) };
}

/** The selected range's values, row by row (rows not loaded are left out). */
function sourceRows({ range, leafAt, fieldNameAt }: FilledGrid): unknown[][] {
  const source: unknown[][] = [];
  for (let r = range.top; r <= range.bottom; r++) {
    const row = leafAt(r);
    if (!row) continue;
    const values: unknown[] = [];
    for (let c = range.left; c <= range.right; c++) values.push(row[fieldNameAt(c) ?? '']);
    source.push(values);
  }
  return source;
}
