/**
 * The grid's two header rows: the column groups, then the columns with sort, filter, menu, resize and
 * drag (to reorder, or onto the grouping panel).
 */
import { useState } from 'react';
import { flexRender, type Header, type Table } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import FilterList from '@mui/icons-material/FilterList';
import MoreVert from '@mui/icons-material/MoreVert';
import type { FieldDescriptor } from '@tessera/domain';
import type { ColumnState } from './column-state.ts';
import { COLUMN_DRAG_TYPE } from './GroupPanel.tsx';

export const HEADER_HEIGHT = 36;

interface HeaderProps {
  table: Table<Record<string, unknown>>;
  fields: ReadonlyMap<string, FieldDescriptor>;
  state: ColumnState;
  activeFilters: ReadonlySet<string>;
  onSort(field: string, multi: boolean): void;
  onOpenFilter(field: string, anchor: HTMLElement): void;
  onMove(field: string, before: string): void;
  onPin(field: string, side: 'left' | 'right' | null): void;
  onHide(field: string): void;
  onGroup(field: string): void;
}

export function GridHeader(props: HeaderProps) {
  const { table } = props;
  const rows = [
    [table.getLeftHeaderGroups(), table.getCenterHeaderGroups(), table.getRightHeaderGroups()].map(
      (groups) => groups[0]!,
    ),
    [table.getLeftHeaderGroups(), table.getCenterHeaderGroups(), table.getRightHeaderGroups()].map(
      (groups) => groups[1]!,
    ),
  ];
  return (
    <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 3, bgcolor: 'background.paper' }}>
      {rows.map((sections, level) => (
        <Box
          key={level}
          role="row"
          sx={{ display: 'flex', height: HEADER_HEIGHT, borderBottom: 1, borderColor: 'divider' }}
        >
          {sections.map((group, s) =>
            group?.headers.map((header) =>
              level === 0 ? (
                <GroupHeaderCell
                  key={header.id}
                  header={header}
                  side={(['left', 'center', 'right'] as const)[s]!}
                />
              ) : (
                <ColumnHeaderCell key={header.id} header={header} {...props} />
              ),
            ),
          )}
        </Box>
      ))}
    </Box>
  );
}

type H = Header<Record<string, unknown>, unknown>;

/** Sticky placement of a pinned column's cells. */
export function pinnedStyle(column: H['column']) {
  const side = column.getIsPinned();
  if (!side) return {};
  return side === 'left'
    ? {
        position: 'sticky' as const,
        left: column.getStart('left'),
        zIndex: 2,
        bgcolor: 'background.paper',
        boxShadow: column.getIsLastColumn('left') ? '2px 0 4px -2px rgba(0,0,0,.25)' : undefined,
      }
    : {
        position: 'sticky' as const,
        right: column.getAfter('right'),
        zIndex: 2,
        bgcolor: 'background.paper',
        boxShadow: column.getIsFirstColumn('right') ? '-2px 0 4px -2px rgba(0,0,0,.25)' : undefined,
      };
}

function GroupHeaderCell({ header, side }: { header: H; side: 'left' | 'center' | 'right' }) {
  const offset =
    side === 'left'
      ? { position: 'sticky' as const, left: header.getStart('left'), zIndex: 2 }
      : side === 'right'
        ? { position: 'sticky' as const, right: 0, zIndex: 2 }
        : {};
  return (
    <Box
      role="columnheader"
      aria-colspan={header.colSpan}
      sx={{
        width: header.getSize(),
        flex: 'none',
        px: 1,
        display: 'flex',
        alignItems: 'center',
        fontSize: 12,
        fontWeight: 600,
        color: 'text.secondary',
        textTransform: 'uppercase',
        letterSpacing: 0.4,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        ...offset,
      }}
    >
      {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
    </Box>
  );
}

function ColumnHeaderCell({
  header,
  fields,
  state,
  activeFilters,
  onSort,
  onOpenFilter,
  onMove,
  onPin,
  onHide,
  onGroup,
}: HeaderProps & { header: H }) {
  const field = fields.get(header.column.id)!;
  const sortIndex = state.sort.findIndex((s) => s.colId === field.fieldName);
  const sort = state.sort[sortIndex];
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [isOver, setOver] = useState(false);
  const isFiltered = activeFilters.has(field.fieldName);
  return (
    <Box
      role="columnheader"
      aria-sort={sort ? (sort.sort === 'asc' ? 'ascending' : 'descending') : 'none'}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(COLUMN_DRAG_TYPE, field.fieldName);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(COLUMN_DRAG_TYPE)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const moved = e.dataTransfer.getData(COLUMN_DRAG_TYPE);
        if (moved && moved !== field.fieldName) onMove(moved, field.fieldName);
      }}
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
      <Box
        component="button"
        type="button"
        title={field.headerTooltip ?? field.headerName}
        disabled={field.suppressSort}
        onClick={(e: React.MouseEvent) => onSort(field.fieldName, e.shiftKey)}
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
      {!field.suppressFilter && field.primaryType !== 'image' && (
        <IconButton
          size="small"
          aria-label={`Filter ${field.headerName}`}
          onClick={(e) => onOpenFilter(field.fieldName, e.currentTarget)}
          color={isFiltered ? 'primary' : 'default'}
          sx={{ p: 0.25 }}
        >
          <FilterList sx={{ fontSize: 16 }} />
        </IconButton>
      )}
      <IconButton
        size="small"
        aria-label={`Column menu of ${field.headerName}`}
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ p: 0.25, mr: 0.5 }}
      >
        <MoreVert sx={{ fontSize: 16 }} />
      </IconButton>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {field.enableRowGroup && !state.groups.includes(field.fieldName) && (
          <MenuItem onClick={() => (setMenu(null), onGroup(field.fieldName))}>
            <ListItemText>Group by {field.headerName}</ListItemText>
          </MenuItem>
        )}
        {header.column.getIsPinned() !== 'left' && (
          <MenuItem onClick={() => (setMenu(null), onPin(field.fieldName, 'left'))}>Pin left</MenuItem>
        )}
        {header.column.getIsPinned() !== 'right' && (
          <MenuItem onClick={() => (setMenu(null), onPin(field.fieldName, 'right'))}>Pin right</MenuItem>
        )}
        {header.column.getIsPinned() && (
          <MenuItem onClick={() => (setMenu(null), onPin(field.fieldName, null))}>No pin</MenuItem>
        )}
        <MenuItem onClick={() => (setMenu(null), onHide(field.fieldName))}>Hide column</MenuItem>
      </Menu>
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
    </Box>
  );
}
