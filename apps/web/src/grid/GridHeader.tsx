/**
 * The grid's two header rows: the column groups, then the columns with sort, filter, menu, resize and
 * drag (to reorder, or onto the grouping panel).
 */
import { flexRender } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import { ColumnHeaderCell, type HeaderProps } from './ColumnHeaderCell.tsx';
import type { H } from './pinned-style.ts';

export const HEADER_HEIGHT = 36;

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
