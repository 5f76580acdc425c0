/**
 * The rows of a DataGrid: a RowTree filled block by block through the BlockLoader as the virtualizer
 * shows them. A change of the query (filters, sort, grouping, search, refresh) starts over.
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GridRequest, GridResponse } from '@tessera/contract';
import { BlockLoader } from './block-loader.ts';
import {
  BLOCK_SIZE,
  RowTree,
  type BlockRequest,
  type DisplayRow,
  type GroupKey,
  type Row,
} from './row-tree.ts';

export const ROW_HEIGHT = 32;

export interface GridQuery {
  filterModel: GridRequest['filterModel'];
  sortModel: GridRequest['sortModel'];
  groups: string[];
  globalSearchText: string;
  /** Bumped to load everything again (refresh). */
  refresh: number;
  /** The fields rows are read with: what the grid shows, not every field (a wide row costs the server most). */
  fields: string[];
}

export interface UseGridRowsOptions {
  query: GridQuery;
  fetchRows(request: GridRequest, signal: AbortSignal): Promise<GridResponse>;
  onFilteredCount?(count: number): void;
  onError(error: unknown): void;
}

export function useGridRows(scrollRef: React.RefObject<HTMLDivElement | null>, options: UseGridRowsOptions) {
  const { query } = options;
  // Blocks land in the RowTree (outside React state): a bump re-renders the rows.
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // By content: a query built anew with the same parts does not start the rows over.
  const queryKey = JSON.stringify(query);
  const [tree] = useState(() => new RowTree(query.groups.length));
  const [loader] = useState(
    // eslint-disable-next-line react-hooks/refs -- the loader reads `latest` when a block's answer arrives, never while rendering
    () =>
      new BlockLoader({
        fetch: async (request: BlockRequest, signal: AbortSignal) => {
          const generation = tree.generation;
          const { query: q, fetchRows, onFilteredCount } = latest.current;
          const response = await fetchRows(requestOf(q, request), signal);
          if (generation !== tree.generation) return;
          tree.setBlock(request, response.data, response.rowCount);
          if (request.path.length === 0) onFilteredCount?.(response.filteredSlideCount);
          bump();
        },
        onError: (error) => latest.current.onError(error),
      }),
  );

  // The rows of an older query are dropped in the render that sees the new one, not in an effect after
  // it: that render would otherwise draw the old rows under the new grouping (a group row of a level
  // that no longer exists, which blanked the app when a grouping was removed).
  const [shownKey, setShownKey] = useState(queryKey);
  if (shownKey !== queryKey) {
    tree.reset(query.groups.length);
    setShownKey(queryKey);
  }
  useEffect(() => {
    loader.reset();
    bump();
  }, [queryKey, loader]);
  useScrollToTop(query, scrollRef);
  useEffect(() => () => loader.reset(), [loader]);

  const { virtualizer, items, rows, missing, start } = useRowsInView(scrollRef, tree);
  // Asked again only when the set of missing blocks changes, so re-renders do not restart the debounce.
  const missingKey = JSON.stringify([tree.generation, missing]);
  useEffect(() => {
    const [, wanted] = JSON.parse(missingKey) as [number, BlockRequest[]];
    if (wanted.length === 0) return;
    // The first block of a level (fresh query, a group just opened) loads at once; scrolling waits.
    loader.want(
      wanted,
      wanted.some((m) => m.block === 0),
    );
  }, [missingKey, loader]);

  return {
    virtualizer,
    items,
    rowAt: (index: number) => rows[index - start],
    size: tree.size,
    ...useRowChanges(tree, query.groups, bump),
    isLoading: loader.running > 0,
  };
}

/** Other rows (filters, sort, grouping, search) start at the top; a refresh keeps the place. */
function useScrollToTop(query: GridQuery, scrollRef: React.RefObject<HTMLDivElement | null>) {
  const rowsKey = JSON.stringify([query.filterModel, query.sortModel, query.groups, query.globalSearchText]);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [rowsKey, scrollRef]);
}

/** The rows the virtualizer shows, and the blocks they need that are not loaded. */
function useRowsInView(scrollRef: React.RefObject<HTMLDivElement | null>, tree: RowTree) {
  const virtualizer = useVirtualizer({
    count: tree.size,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = (items.at(-1)?.index ?? 0) + 1;
  const { rows, missing } = tree.window(start, Math.max(end, start + 1));
  return { virtualizer, items, rows, missing, start };
}

/** Opening and closing group rows, and showing rows as saved elsewhere. */
function useRowChanges(tree: RowTree, groups: string[], bump: () => void) {
  const toggleGroup = useCallback(
    (row: DisplayRow) => {
      const field = groups[row.path.length];
      if (field === undefined) return;
      tree.toggle(row.path, row.index, (row.row?.[field] ?? null) as GroupKey);
      bump();
    },
    [tree, groups, bump],
  );
  const replaceRows = useCallback(
    (updated: Row[]) => {
      for (const row of updated) tree.replaceRow(row.id, row);
      bump();
    },
    [tree, bump],
  );
  return { toggleGroup, replaceRows };
}

function requestOf(query: GridQuery, block: BlockRequest): GridRequest {
  return {
    startRow: block.block * BLOCK_SIZE,
    endRow: block.block * BLOCK_SIZE + BLOCK_SIZE,
    filterModel: query.filterModel,
    sortModel: query.sortModel,
    rowGroupCols: query.groups.map((id) => ({ id })),
    groupKeys: block.path,
    valueCols: [],
    pivotCols: [],
    pivotMode: false,
    globalSearchText: query.globalSearchText,
    fields: query.fields,
  };
}
