/**
 * The viewer's slide list (spec 2 §2 previous/next, spec 3 §2 Slides tab): the slides of the slide
 * table's current filter, search and sort. The table remembers what it last asked for in this browser
 * (per project); the viewer asks the grid for those slides' ids. Beyond SLIDE_LIST_LIMIT slides only the
 * open slide's block is loaded (spec 3 §8), and the list says so.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SLIDE_LIST_LIMIT } from '@tessera/domain';
import { slideGrid, type GridRequest } from '@tessera/contract';
import { call } from './client.ts';
import { queryKeys } from './queries.ts';

const SlideListQuery = z.object({
  filterModel: slideGrid.FilterModel,
  sortModel: slideGrid.SortModel,
  globalSearchText: z.string().max(500),
});
export type SlideListQuery = z.infer<typeof SlideListQuery>;

const NO_FILTER: SlideListQuery = { filterModel: {}, sortModel: [], globalSearchText: '' };
const keyOf = (projectId: string) => `tessera.slideList.${projectId}`;

/** Remembers the slide table's filter, search and sort (each block it asks for carries them). */
export function rememberSlideList(projectId: string, request: GridRequest): void {
  const { filterModel, sortModel, globalSearchText } = request;
  try {
    localStorage.setItem(keyOf(projectId), JSON.stringify({ filterModel, sortModel, globalSearchText }));
  } catch {
    // Storage full or disabled: the viewer lists the project's slides unfiltered.
  }
}

/** The remembered query; anything unreadable (another version's, edited by hand) is no filter. */
export function slideListQueryOf(projectId: string): SlideListQuery {
  try {
    const parsed = SlideListQuery.safeParse(JSON.parse(localStorage.getItem(keyOf(projectId)) ?? 'null'));
    return parsed.success ? parsed.data : NO_FILTER;
  } catch {
    return NO_FILTER;
  }
}

/** A slide of the list with its assays ('for all filtered slides of the same assay', spec 3 §4). */
export interface ListedSlide {
  id: string;
  assays: { channel: number; marker: string }[];
}

export interface SlideList {
  slideIds: string[];
  slides: ListedSlide[];
  /** Slides matching the table's filter: above SLIDE_LIST_LIMIT, only the block is listed. */
  filteredSlideCount: number;
  isBlockOnly: boolean;
}

/** The ids of the list, in order; the open slide's block only when the filter matches too many. */
export function useSlideList(projectId: string, blockId: string | null | undefined, isEnabled = true) {
  // Read at each render: the table may have changed the filter since; the key then changes with it.
  const query = slideListQueryOf(projectId);
  return useQuery({
    queryKey: [...queryKeys.slideList(projectId), blockId ?? null, query],
    enabled: isEnabled && blockId !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<SlideList> => {
      const all = await idsOf(projectId, query, signal);
      if (all.filteredSlideCount <= SLIDE_LIST_LIMIT) return { ...all, isBlockOnly: false };
      const blockFilter = { filterType: 'set' as const, values: [blockId ?? null] };
      const block = await idsOf(
        projectId,
        { ...query, filterModel: { ...query.filterModel, blockId: blockFilter } },
        signal,
      );
      return { ...block, filteredSlideCount: all.filteredSlideCount, isBlockOnly: true };
    },
  });
}

async function idsOf(projectId: string, query: SlideListQuery, signal: AbortSignal) {
  const answer = await call(slideGrid.getSlidesGrid, {
    params: { projectId },
    body: { ...query, startRow: 0, endRow: SLIDE_LIST_LIMIT, fields: ['id', 'assays'], rowShape: 'arrays' },
    signal,
  });
  const { data } = 'rows' in answer ? slideGrid.gridRowsOf(answer) : answer;
  const slides = data.map((row) => ({ id: String(row.id), assays: assaysOf(row.assays) }));
  return { slideIds: slides.map((s) => s.id), slides, filteredSlideCount: answer.filteredSlideCount };
}

/** A row's assays as channel and marker; anything else in the cell is no assay. */
function assaysOf(value: unknown): ListedSlide['assays'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((a: unknown) => {
    const { channel, marker } = (a ?? {}) as { channel?: unknown; marker?: unknown };
    return Number.isInteger(channel) && typeof marker === 'string'
      ? [{ channel: channel as number, marker }]
      : [];
  });
}
