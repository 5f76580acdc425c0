/** What the parts of a DataGrid's body read: the grid's state and handlers, gathered once per render. */
import type { FieldDescriptor } from '@tessera/domain';
import type { DisplayRow, Row } from './row-tree.ts';
import type { DataGridProps } from './types.ts';
import type { CellEditing } from './use-cell-editing.ts';
import type { GridColumn } from './use-grid-columns.ts';
import type { GridSelection } from './use-grid-selection.ts';

export interface GridView {
  props: DataGridProps;
  fieldByName: ReadonlyMap<string, FieldDescriptor>;
  leafColumns: readonly GridColumn[];
  /** The grouped fields, outermost first. */
  groups: readonly string[];
  totalWidth: number;
  selection: GridSelection;
  editing: CellEditing;
  /** Closes the editor on a saved value, moving on as Enter (down) or Tab (right) asks. */
  finishEdit(raw: unknown, move?: 'down' | 'right'): void;
  /** The last row of a fill-handle drag in progress, or null. */
  fillTo: number | null;
  startFill(): void;
  rowAt(index: number): DisplayRow | undefined;
  leafAt(index: number): Row | undefined;
  toggleGroup(row: DisplayRow): void;
}
