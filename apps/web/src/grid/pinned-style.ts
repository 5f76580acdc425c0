/** Where pinned columns sit: their header and body cells stick to the grid's left or right edge. */
import type { Header } from '@tanstack/react-table';

export type H = Header<Record<string, unknown>, unknown>;

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
