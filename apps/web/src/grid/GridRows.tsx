/** The rows in view, placed by the virtualizer: group rows and slide rows. */
import Box from '@mui/material/Box';
import type { VirtualItem } from '@tanstack/react-virtual';
import { GridCell } from './GridCell.tsx';
import type { GridView } from './grid-view.ts';
import { GroupRow } from './GroupRow.tsx';
import type { Row } from './row-tree.ts';
import { ROW_HEIGHT } from './use-grid-rows.ts';

export function GridRows({ view, items, height }: { view: GridView; items: VirtualItem[]; height: number }) {
  return (
    <Box role="rowgroup" sx={{ height, position: 'relative' }}>
      {items.map((item) => {
        const display = view.rowAt(item.index);
        if (!display) return null;
        const style = {
          position: 'absolute' as const,
          top: item.start,
          left: 0,
          height: ROW_HEIGHT,
          width: view.totalWidth,
          minWidth: '100%',
        };
        return display.isGroup ? (
          <GroupRow key={item.key} view={view} display={display} index={item.index} style={style} />
        ) : (
          <LeafRow
            key={item.key}
            view={view}
            row={display.row}
            depth={display.depth}
            index={item.index}
            style={style}
          />
        );
      })}
    </Box>
  );
}

const CURRENT_TINT = 'linear-gradient(rgba(0, 0, 0, 0.08), rgba(0, 0, 0, 0.08))';

interface LeafRowProps {
  view: GridView;
  row: Row | undefined;
  depth: number;
  index: number;
  style: React.CSSProperties;
}

function LeafRow({ view, row, depth, index, style }: LeafRowProps) {
  const isCurrent = row !== undefined && (view.props.isRowCurrent?.(row) ?? false);
  return (
    <Box
      role="row"
      data-row={index}
      aria-current={isCurrent || undefined}
      aria-rowindex={index + 2}
      aria-level={view.groups.length ? depth + 1 : undefined}
      onContextMenu={(e) => openRowMenu(view, e, row, index)}
      sx={{
        ...style,
        display: 'flex',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isCurrent ? 'action.selected' : undefined,
        // Pinned cells paint their own background; the current row tints them too.
        '& [data-pinned]': isCurrent ? { backgroundImage: CURRENT_TINT } : undefined,
        '&:hover': { bgcolor: isCurrent ? 'action.selected' : 'action.hover' },
        '&:hover [data-pinned]': {
          backgroundImage: 'linear-gradient(rgba(0, 0, 0, 0.04), rgba(0, 0, 0, 0.04))',
        },
      }}
    >
      {view.leafColumns.map((column, c) => (
        <GridCell key={column.id} view={view} column={column} row={row} index={index} col={c} />
      ))}
    </Box>
  );
}

/**
 * The row menu acts on the selected rows when the click is inside the selection, else on this row alone,
 * whose clicked cell takes the focus as a click gives it: in place, never scrolling the grid.
 */
function openRowMenu(view: GridView, e: React.MouseEvent, row: Row | undefined, index: number) {
  const { range, focus, clickCell } = view.selection;
  if (!row || !view.props.onRowContextMenu) return;
  e.preventDefault();
  const inSelection = index >= range.top && index <= range.bottom;
  const rows = inSelection
    ? Array.from({ length: range.bottom - range.top + 1 }, (_, i) => view.leafAt(range.top + i)).filter(
        (r): r is Row => !!r,
      )
    : [row];
  if (!inSelection) {
    const cell = (e.target as Element).closest('[data-cell]')?.getAttribute('data-cell');
    const col = cell ? Number(cell.split(':')[1]) : focus.col;
    clickCell({ row: index, col }, false);
  }
  view.props.onRowContextMenu(e, rows);
}
