/** Copy and paste of the selected range as TSV, the way spreadsheets exchange cells. */
import type { FieldDescriptor } from '@tessera/domain';
import { editText } from './cell-format.ts';
import { fromTsv, toTsv } from './clipboard.ts';
import type { Row } from './row-tree.ts';
import { pastedBlock, type CellRange } from './selection.ts';

export interface ClipboardGrid {
  range: CellRange;
  isEditing: boolean;
  leafAt(row: number): Row | undefined;
  fieldAt(col: number): FieldDescriptor | undefined;
  applyBlock(top: number, left: number, values: unknown[][]): void;
}

/** The grid's copy and paste handlers; while a cell is edited, its editor's own apply. */
export function useGridClipboard(grid: ClipboardGrid) {
  const { range } = grid;
  const onCopy = (e: React.ClipboardEvent) => {
    if (grid.isEditing) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', copiedText(grid));
  };
  const onPaste = (e: React.ClipboardEvent) => {
    if (grid.isEditing) return;
    e.preventDefault();
    const block = fromTsv(e.clipboardData.getData('text/plain'));
    grid.applyBlock(range.top, range.left, pastedBlock(block, range));
  };
  return { onCopy, onPaste };
}

/** The range's cells as they are edited (not as shown: a date copies as it is typed). */
function copiedText({ range, leafAt, fieldAt }: ClipboardGrid): string {
  const lines: string[][] = [];
  for (let r = range.top; r <= range.bottom; r++) {
    const row = leafAt(r);
    if (!row) continue;
    const line: string[] = [];
    for (let c = range.left; c <= range.right; c++) {
      const field = fieldAt(c)!;
      line.push(editText(field, row[field.fieldName]));
    }
    lines.push(line);
  }
  return toTsv(lines);
}
