/**
 * The grid's column model in TanStack Table: the fields under their column groups, in the column
 * state's order, pinning, visibility and widths. Resizing a column writes its width to the state.
 */
import { useMemo } from 'react';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { COLUMN_GROUPS, type FieldDescriptor } from '@tessera/domain';
import { setWidth, visibleColumns, type ColumnState } from './column-state.ts';

const columnHelper = createColumnHelper<Record<string, unknown>>();

export function useGridColumns(
  fields: readonly FieldDescriptor[],
  state: ColumnState,
  onColumnStateChange: (state: ColumnState) => void,
) {
  const columns = useMemo(() => columnDefsOf(fields), [fields]);
  const visible = visibleColumns(state);
  const table = useReactTable({
    data: [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualGrouping: true,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    state: {
      columnOrder: state.order,
      columnVisibility: Object.fromEntries(state.hidden.map((f) => [f, false])),
      columnPinning: { left: visible.left, right: visible.right },
      columnSizing: state.widths,
    },
    onColumnSizingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(state.widths) : updater;
      let s = state;
      for (const [f, w] of Object.entries(next)) if (w !== state.widths[f]) s = setWidth(s, f, w);
      if (s !== state) onColumnStateChange(s);
    },
  });
  // The cells of a row in the order drawn: pinned left, scrolled, pinned right.
  const leafColumns = [
    ...table.getLeftVisibleLeafColumns(),
    ...table.getCenterVisibleLeafColumns(),
    ...table.getRightVisibleLeafColumns(),
  ];
  return { table, leafColumns };
}

export type GridTable = ReturnType<typeof useGridColumns>['table'];
export type GridColumn = ReturnType<typeof useGridColumns>['leafColumns'][number];

function columnDefsOf(fields: readonly FieldDescriptor[]): ColumnDef<Record<string, unknown>, unknown>[] {
  const groups = [...new Set(fields.map((f) => f.columnType))];
  return groups.map((group) =>
    columnHelper.group({
      id: `group:${group}`,
      header: COLUMN_GROUPS[group],
      columns: fields
        .filter((f) => f.columnType === group)
        .map((f) =>
          columnHelper.display({ id: f.fieldName, header: f.headerName, minSize: 60, maxSize: 1200 }),
        ),
    }),
  );
}
