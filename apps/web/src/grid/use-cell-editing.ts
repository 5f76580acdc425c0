/**
 * Editing cells: the inline editor's state, and writing values typed, pasted, filled or cleared. Every
 * value is checked by the domain's rules first; a block is saved as one step only when all of it passes.
 */
import { useState } from 'react';
import { sameCellValue, type FieldDescriptor } from '@tessera/domain';
import { browserDateOrder } from './cell-format.ts';
import { prepareCellValue } from './cell-value.ts';
import type { Row } from './row-tree.ts';
import type { CellPos } from './selection.ts';
import type { CellChangeRequest, DataGridProps } from './types.ts';

const DATE_ORDER = browserDateOrder();

/** What editing needs to know of the grid: its cells, and how to save and report. */
export interface EditedGrid {
  props: Pick<DataGridProps, 'canEdit' | 'onCommit' | 'onInvalid' | 'openCustomEditor' | 'assayVocabulary'>;
  fieldAt(col: number): FieldDescriptor | undefined;
  leafAt(row: number): Row | undefined;
  replaceRows(rows: Row[]): void;
  /** Gives the keyboard back to the grid when an editor closes. */
  focusGrid(): void;
}

export interface CellEditing {
  /** The cell being edited, and the character that opened the editor (null: opened on the value). */
  editing: { pos: CellPos; typed: string | null } | null;
  startEdit(pos: CellPos, typed: string | null): void;
  /** Saves the editor's value (when it passes the check) and closes it; answers the cell it was on. */
  finishEdit(raw: unknown): CellPos | null;
  cancelEdit(): void;
  /** Writes a block of raw values from (top, left) onward: all checked first, then saved as one step. */
  applyBlock(top: number, left: number, values: unknown[][]): void;
}

export function useCellEditing(grid: EditedGrid): CellEditing {
  const { props, fieldAt, leafAt } = grid;
  const [editing, setEditing] = useState<CellEditing['editing']>(null);

  /** Saves the changes that change something; the rows as saved replace those shown. */
  const commit = async (changes: CellChangeRequest[]) => {
    const real = changes.filter((c) => !sameCellValue(c.row[c.field], c.value));
    if (real.length === 0) return;
    const saved = await props.onCommit(real);
    if (saved) grid.replaceRows(saved);
  };

  const startEdit = (pos: CellPos, typed: string | null) => {
    const field = fieldAt(pos.col);
    const row = leafAt(pos.row);
    if (!field || !row || !props.canEdit(field, row)) return;
    if (props.openCustomEditor?.(field, row)) return;
    // A boolean has no editor: editing it toggles it.
    if (field.primaryType === 'bool') {
      void commit([{ row, field: field.fieldName, value: row[field.fieldName] !== true }]);
      return;
    }
    setEditing({ pos, typed });
  };

  const finishEdit = (raw: unknown): CellPos | null => {
    if (!editing) return null;
    const { pos } = editing;
    const field = fieldAt(pos.col)!;
    const row = leafAt(pos.row);
    setEditing(null);
    grid.focusGrid();
    if (row) {
      const prepared = prepareCellValue(field, row, raw, DATE_ORDER, props.assayVocabulary);
      if ('error' in prepared) props.onInvalid(prepared.error);
      else void commit([{ row, field: field.fieldName, value: prepared.value }]);
    }
    return pos;
  };

  const cancelEdit = () => {
    setEditing(null);
    grid.focusGrid();
  };

  const applyBlock = (top: number, left: number, values: unknown[][]) => {
    const changes: CellChangeRequest[] = [];
    for (let r = 0; r < values.length; r++) {
      const row = leafAt(top + r);
      if (!row) continue;
      for (let c = 0; c < values[r]!.length; c++) {
        const field = fieldAt(left + c);
        if (!field || !props.canEdit(field, row)) continue;
        const prepared = prepareCellValue(field, row, values[r]![c], DATE_ORDER, props.assayVocabulary);
        if ('error' in prepared) {
          props.onInvalid(`${field.headerName}: ${prepared.error}`);
          return;
        }
        changes.push({ row, field: field.fieldName, value: prepared.value });
      }
    }
    void commit(changes);
  };

  return { editing, startEdit, finishEdit, cancelEdit, applyBlock };
}
