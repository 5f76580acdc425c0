/** What a DataGrid is given by the table that uses it (the slide tables now; annotation grids later). */
import type { ReactNode } from 'react';
import type { FieldDescriptor } from '@tessera/domain';
import type { FilterModel, GridRequest, GridResponse } from '@tessera/contract';
import type { BoundAction } from '../actions/action.ts';
import type { AssayVocabulary } from './cell-value.ts';
import type { ColumnState } from './column-state.ts';
import type { SetValue } from './set-filter.ts';
import type { Row } from './row-tree.ts';

export interface CellChangeRequest {
  row: Row;
  field: string;
  value: unknown;
}

/** What the table can do to a mounted grid. */
export interface DataGridApi {
  /** Shows rows as saved elsewhere (undo, redo), wherever they are loaded. */
  replaceRows(rows: Row[]): void;
}

export interface DataGridProps {
  apiRef?: React.Ref<DataGridApi>;
  /** Names the grid for assistive technology. */
  label: string;
  fields: readonly FieldDescriptor[];
  columnState: ColumnState;
  onColumnStateChange(state: ColumnState): void;
  filterModel: FilterModel;
  onFilterModelChange(model: FilterModel): void;
  globalSearchText: string;
  /** Bump to load every row again. */
  refresh: number;
  fetchRows(request: GridRequest, signal: AbortSignal): Promise<GridResponse>;
  fetchValues(
    field: string,
    filterModel: FilterModel,
    globalSearchText: string,
    signal: AbortSignal,
  ): Promise<{ values: SetValue[]; isTruncated: boolean }>;
  onFilteredCount?(count: number): void;
  onLoadError(error: unknown): void;
  /** Whether the cell may be edited (the domain's editing rights for this row and user). */
  canEdit(field: FieldDescriptor, row: Row): boolean;
  /** Saves checked values; answers the rows as saved, or null when the save failed (the table says why). */
  onCommit(changes: CellChangeRequest[]): Promise<Row[] | null>;
  /** A value refused by the cell check, with the message. */
  onInvalid(message: string): void;
  /** The fill handle drags a range's values down (spec 1 §2: on in the main table, off in the QC table). */
  fillHandle: boolean;
  /** Opens a custom editor (the assay popup) instead of the inline one; answers true when it did. */
  openCustomEditor?(field: FieldDescriptor, row: Row): boolean;
  /** Fields every row is read with even when their column is hidden (the slide table names rows by fileName). */
  alwaysRead?: readonly string[];
  /** The marker and chromogen vocabularies pasted or filled assays are checked against (the field's own markers otherwise). */
  assayVocabulary?: AssayVocabulary;
  renderCell?(field: FieldDescriptor, row: Row): ReactNode | undefined;
  onRowContextMenu?(event: React.MouseEvent, rows: Row[]): void;
  onEditingChange?(editing: boolean): void;
  /**
   * The host's commands its keys perform while the grid has the focus and no cell is edited (the slide
   * table's Undo and Redo); the grid's own keys come first.
   */
  actions?: readonly BoundAction[];
  /** The row the host shows now (the viewer's open slide): marked current and highlighted. */
  isRowCurrent?(row: Row): boolean;
  /** The label of a group row's value (default the value, '(Blanks)' for null). */
  emptyMessage?: string;
}

export type { Row };
