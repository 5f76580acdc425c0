/**
 * The grid's selection: the focused cell and the anchor a Shift-selection extends from. Moving the
 * focus scrolls the cell into view, first the row (the virtualizer may not have drawn it yet), then,
 * once drawn, the cell sideways.
 */
import { useCallback, useMemo, useState } from 'react';
import { clampPos, pageRows, rangeOf, type CellPos } from './selection.ts';
import { ROW_HEIGHT } from './use-grid-rows.ts';

export interface GridSelection {
  focus: CellPos;
  anchor: CellPos | null;
  range: ReturnType<typeof rangeOf>;
  /** Moves the focus, kept inside the grid; `extend` keeps the anchor (Shift), else drops it. */
  moveFocus(row: number, col: number, extend: boolean): void;
  /** Focuses a cell under the pointer (no scrolling: it is in view). */
  clickCell(pos: CellPos, extend: boolean): void;
  /** Selects from the first cell to the last. */
  selectAll(): void;
  setFocus(pos: CellPos): void;
  /** Rows a PageDown moves: what the grid shows, less two. */
  pageRows(): number;
}

export function useGridSelection(
  scrollRef: React.RefObject<HTMLDivElement | null>,
  virtualizer: { scrollToIndex(index: number, options: { align: 'auto' }): void },
  rowCount: number,
  colCount: number,
): GridSelection {
  const [focus, setFocus] = useState<CellPos>({ row: 0, col: 0 });
  const [anchor, setAnchor] = useState<CellPos | null>(null);
  const range = useMemo(() => rangeOf(anchor, focus), [anchor, focus]);

  const moveFocus = useCallback(
    (row: number, col: number, extend: boolean) => {
      const to = clampPos({ row, col }, rowCount, colCount);
      if (extend) setAnchor((a) => a ?? focus);
      else setAnchor(null);
      setFocus(to);
      virtualizer.scrollToIndex(to.row, { align: 'auto' });
      requestAnimationFrame(() =>
        scrollRef.current
          ?.querySelector<HTMLElement>(`[data-cell="${to.row}:${to.col}"]`)
          ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      );
    },
    [rowCount, colCount, virtualizer, focus, scrollRef],
  );

  const clickCell = useCallback(
    (pos: CellPos, extend: boolean) => {
      if (extend) setAnchor((a) => a ?? focus);
      else setAnchor(null);
      setFocus(pos);
    },
    [focus],
  );

  const selectAll = useCallback(() => {
    setAnchor({ row: 0, col: 0 });
    setFocus({ row: rowCount - 1, col: colCount - 1 });
  }, [rowCount, colCount]);

  // Read when a key is pressed, not while rendering.
  const pageRowsNow = () => pageRows(scrollRef.current?.clientHeight ?? 400, ROW_HEIGHT);
  return { focus, anchor, range, moveFocus, clickCell, selectAll, setFocus, pageRows: pageRowsNow };
}
