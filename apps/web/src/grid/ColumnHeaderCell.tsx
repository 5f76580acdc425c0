/**
 * A column's header cell: the sort button (Shift adds the column to the sort), the filter button, the
 * column menu (drawn from the column actions), the resize handle, and dragging to reorder or group.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import FilterList from '@mui/icons-material/FilterList';
import MoreVert from '@mui/icons-material/MoreVert';
import type { Table } from '@tanstack/react-table';
import type { FieldDescriptor } from '@tessera/domain';
import { ActionMenuItem } from '../actions/ActionButton.tsx';
import { COLUMN_ACTIONS } from './column-actions.ts';
import { moveColumn, toggleSort, type ColumnState } from './column-state.ts';
import { COLUMN_DRAG_TYPE } from './GroupPanel.tsx';
import { pinnedStyle, type H } from './pinned-style.ts';

export interface HeaderProps {
  table: Table<Record<string, unknown>>;
  fields: ReadonlyMap<string, FieldDescriptor>;
  state: ColumnState;
  onColumnStateChange(state: ColumnState): void;
  activeFilters: ReadonlySet<string>;
  onOpenFilter(field: string, anchor: HTMLElement): void;
}

export function ColumnHeaderCell(props: HeaderProps & { header: H }) {
  const { header, state, onColumnStateChange } = props;
  const field = props.fields.get(header.column.id)!;
  const sort = state.sort.find((s) => s.colId === field.fieldName);
  const { isOver, ...drag } = useColumnDrag(field.fieldName, (moved) =>
    onColumnStateChange(
      moveColumn(state, moved, state.order.filter((x) => x !== moved).indexOf(field.fieldName)),
    ),
  );
  return (
    <Box
      role="columnheader"
      aria-sort={sort ? (sort.sort === 'asc' ? 'ascending' : 'descending') : 'none'}
      draggable
      {...drag}
      sx={{
        width: header.getSize(),
        flex: 'none',
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        pl: 1,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        borderLeft: isOver ? 2 : 0,
        borderLeftColor: 'primary.main',
        ...pinnedStyle(header.column),
      }}
    >
      <SortButton {...props} field={field} />
      {!field.suppressFilter && field.primaryType !== 'image' && (
        <IconButton
          size="small"
          aria-label={`Filter ${field.headerName}`}
          onClick={(e) => props.onOpenFilter(field.fieldName, e.currentTarget)}
          color={props.activeFilters.has(field.fieldName) ? 'primary' : 'default'}
          sx={{ p: 0.25 }}
        >
          <FilterList sx={{ fontSize: 16 }} />
        </IconButton>
      )}
      <ColumnMenu {...props} field={field} />
      <ResizeHandle header={header} field={field} />
    </Box>
  );
}

function SortButton({ state, onColumnStateChange, field }: HeaderProps & { field: FieldDescriptor }) {
  const sortIndex = state.sort.findIndex((s) => s.colId === field.fieldName);
  const sort = state.sort[sortIndex];
  return (
    <Box
      component="button"
      type="button"
      title={field.headerTooltip ?? field.headerName}
      disabled={field.suppressSort}
      onClick={(e: React.MouseEvent) => onColumnStateChange(toggleSort(state, field.fieldName, e.shiftKey))}
      sx={{
        all: 'unset',
        flex: 1,
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        cursor: field.suppressSort ? 'default' : 'pointer',
        fontSize: 13,
        fontWeight: 600,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {field.headerName}
        {field.isMandatory && (
          <Box component="span" sx={{ color: 'error.main' }} aria-label="mandatory">
            {' *'}
          </Box>
        )}
      </Box>
      {sort &&
        (sort.sort === 'asc' ? (
          <ArrowUpward sx={{ fontSize: 14 }} />
        ) : (
          <ArrowDownward sx={{ fontSize: 14 }} />
        ))}
      {sort && state.sort.length > 1 && (
        <Box component="span" sx={{ fontSize: 10, color: 'text.secondary' }}>
          {sortIndex + 1}
        </Box>
      )}
    </Box>
  );
}

function ColumnMenu({
  header,
  state,
  onColumnStateChange,
  field,
}: HeaderProps & { header: H; field: FieldDescriptor }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const actions = COLUMN_ACTIONS.bind({
    field,
    pinned: header.column.getIsPinned(),
    state,
    onColumnStateChange,
  });
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Column menu of ${field.headerName}`}
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ p: 0.25, mr: 0.5 }}
      >
        <MoreVert sx={{ fontSize: 16 }} />
      </IconButton>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {actions.list.map((action) => (
          <ActionMenuItem key={action.id} action={action} onDone={() => setMenu(null)} />
        ))}
      </Menu>
    </>
  );
}

function ResizeHandle({ header, field }: { header: H; field: FieldDescriptor }) {
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${field.headerName}`}
      onMouseDown={header.getResizeHandler()}
      onTouchStart={header.getResizeHandler()}
      onDoubleClick={() => header.column.resetSize()}
      sx={{
        position: 'absolute',
        right: -3,
        top: 0,
        bottom: 0,
        width: 6,
        cursor: 'col-resize',
        zIndex: 3,
        '&:hover': { bgcolor: 'primary.light' },
      }}
    />
  );
}

/** A header dragged onto another moves before it (or onto the grouping panel, which groups by it). */
function useColumnDrag(fieldName: string, moveBefore: (moved: string) => void) {
  const [isOver, setOver] = useState(false);
  return {
    isOver,
    onDragStart: (e: React.DragEvent) => {
      e.dataTransfer.setData(COLUMN_DRAG_TYPE, fieldName);
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e: React.DragEvent) => {
      if (!e.dataTransfer.types.includes(COLUMN_DRAG_TYPE)) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: React.DragEvent) => {
      setOver(false);
      const moved = e.dataTransfer.getData(COLUMN_DRAG_TYPE);
      if (moved && moved !== fieldName) moveBefore(moved);
    },
  };
}
