/**
 * A DataGrid's state put together: columns, rows, selection, editing, clipboard, fill handle and the
 * keyboard's actions, gathered into the view its parts draw from.
 */
import { useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { performKey } from '../actions/action.ts';
import { GRID_ACTIONS } from './grid-actions.ts';
import { readFieldsOf } from './column-state.ts';
import type { GridView } from './grid-view.ts';
import type { Row } from './row-tree.ts';
import type { DataGridProps } from './types.ts';
import { useCellEditing, type CellEditing } from './use-cell-editing.ts';
import { useFillHandle } from './use-fill-handle.ts';
import { useGridClipboard } from './use-grid-clipboard.ts';
import { useGridColumns } from './use-grid-columns.ts';
import { useGridRows } from './use-grid-rows.ts';
import { useGridSelection, type GridSelection } from './use-grid-selection.ts';

export function useDataGrid(props: DataGridProps) {
  const { fields, columnState: state } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const fieldByName = useMemo(() => new Map(fields.map((f) => [f.fieldName, f])), [fields]);
  const { table, leafColumns } = useGridColumns(fields, state, props.onColumnStateChange);
  const grid = useGridRowsOf(props, scrollRef);
  useImperativeHandle(props.apiRef, () => ({ replaceRows: grid.replaceRows }), [grid.replaceRows]);
  const leafAt = (index: number): Row | undefined => {
    const r = grid.rowAt(index);
    return r && !r.isGroup ? r.row : undefined;
  };
  const fieldAt = (col: number) => fieldByName.get(leafColumns[col]?.id ?? '');
  const selection = useGridSelection(scrollRef, grid.virtualizer, grid.size, leafColumns.length);
  const focusGrid = () => scrollRef.current?.focus();
  const editing = useCellEditing({ props, fieldAt, leafAt, replaceRows: grid.replaceRows, focusGrid });
  const isEditing = editing.editing !== null;
  useEffect(() => props.onEditingChange?.(isEditing), [isEditing]); // eslint-disable-line react-hooks/exhaustive-deps -- reports changes of editing only
  const { applyBlock } = editing;
  const { range, setFocus } = selection;
  const clipboard = useGridClipboard({ range, isEditing, leafAt, fieldAt, applyBlock });
  const fieldNameAt = (col: number) => leafColumns[col]?.id;
  const fill = useFillHandle({ range, leafAt, fieldNameAt, applyBlock, setFocus });
  const actions = GRID_ACTIONS.bind({
    selection,
    editing,
    rowCount: grid.size,
    colCount: leafColumns.length,
    focusedRow: grid.rowAt(selection.focus.row),
    focusedField: fieldAt(selection.focus.col),
    toggleGroup: grid.toggleGroup,
  });
  const onKeyDown = (e: React.KeyboardEvent) => {
    // Keys pressed on a control inside the grid (a header's filter or menu button, a cell's link) are
    // that control's: Enter opened nothing and moved the grid to the focused cell instead.
    if (isEditing || e.target !== e.currentTarget) return;
    performKey([...actions.list, ...(props.actions ?? [])], e);
  };
  const view: GridView = {
    ...{ props, fieldByName, leafColumns, groups: state.groups, totalWidth: table.getTotalSize() },
    ...{ selection, editing, finishEdit: finishEditOf(editing, selection), ...fill },
    ...{ rowAt: grid.rowAt, leafAt, toggleGroup: grid.toggleGroup },
  };
  return { view, table, grid, scrollRef, onKeyDown, clipboard };
}

/** Closing the editor on a value moves on as Enter (down) or Tab (right) asks. */
function finishEditOf(editing: CellEditing, selection: GridSelection): GridView['finishEdit'] {
  return (raw, move) => {
    const pos = editing.finishEdit(raw);
    if (pos && move === 'down') selection.moveFocus(pos.row + 1, pos.col, false);
    if (pos && move === 'right') selection.moveFocus(pos.row, pos.col + 1, false);
  };
}

function useGridRowsOf(props: DataGridProps, scrollRef: React.RefObject<HTMLDivElement | null>) {
  return useGridRows(scrollRef, {
    query: {
      filterModel: props.filterModel,
      sortModel: props.columnState.sort,
      groups: props.columnState.groups,
      globalSearchText: props.globalSearchText,
      refresh: props.refresh,
      fields: readFieldsOf(props.columnState, props.alwaysRead ?? []),
    },
    fetchRows: props.fetchRows,
    onFilteredCount: props.onFilteredCount,
    onError: props.onLoadError,
  });
}
