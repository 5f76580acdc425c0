/** Calls and query hooks of the slide tables (spec 1 §7): descriptors, grid blocks, values, edits, column state. */
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { slideGrid, slides, type FilterModel, type GridRequest, type GridResponse } from '@tessera/contract';
import type { TableId } from '@tessera/domain';
import { call, callForBlob } from './client.ts';
import { queryKeys } from './queries.ts';

export type SlideTableId = Extract<TableId, 'slideMetadataView' | 'qcSlideMetadataView'>;

/**
 * The slide table's messages (spec 1 §2 'Slides'). Here beside the calls rather than in the slides feature:
 * the CSV import updates the same slides and says its failure in the same words, and the two features
 * import each other otherwise (the table opens the import wizard).
 */
export const SLIDE_TABLE_MESSAGES = {
  updateFailed: (message: string) => `Unable to update project slide: ${message}`,
  loadFailed: (message: string) => `Unable to load project slides: ${message}`,
  searchUnavailable: (source: string) => `${source} search is currently unavailable. Please try again later.`,
  descriptorsFailed: (message: string) => `Metadata descriptors load failed: ${message}`,
  changedSince: 'The cell was changed since; the edit cannot be undone.',
  noQcData: 'There is no QC table data!',
  readIdsFailed: (message: string) => `Failed to read slide ids: ${message}`,
} as const;

export function useFieldDescriptors(projectId: string, tableId: TableId) {
  return useQuery({
    queryKey: queryKeys.fieldDescriptors(projectId, tableId),
    queryFn: ({ signal }) => call(slideGrid.getFieldDescriptors, { params: { projectId, tableId }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useColumnState(projectId: string, tableId: TableId) {
  return useQuery({
    queryKey: queryKeys.columnState(projectId, tableId),
    queryFn: ({ signal }) => call(slideGrid.getColumnState, { params: { projectId, tableId }, signal }),
    staleTime: Infinity,
  });
}

export const saveColumnState = (projectId: string, tableId: TableId, state: unknown) =>
  call(slideGrid.saveColumnState, { params: { projectId, tableId }, body: { state } });

/**
 * Rows whose keys are field names from data, as objects without a prototype: a row without a value for a
 * field named `constructor` reads as missing, never as Object's own function (DESIGN §14).
 */
const withoutPrototype = <T extends { data: Record<string, unknown>[] }>(answer: T): T => ({
  ...answer,
  data: answer.data.map((row) => Object.assign(Object.create(null) as Record<string, unknown>, row)),
});

/** A block of a slide table's rows, asked for as arrays (half the bytes of objects) and made into rows here. */
export const fetchGrid = async (
  projectId: string,
  tableId: SlideTableId,
  request: GridRequest,
  signal: AbortSignal,
): Promise<GridResponse> => {
  const answer = await call(
    tableId === 'qcSlideMetadataView' ? slideGrid.getQcGrid : slideGrid.getSlidesGrid,
    { params: { projectId }, body: { ...request, rowShape: 'arrays' }, signal },
  );
  return 'rows' in answer ? slideGrid.gridRowsOf(answer) : withoutPrototype(answer);
};

export const fetchFilterValues = (
  projectId: string,
  field: string,
  filterModel: FilterModel,
  globalSearchText: string,
  signal: AbortSignal,
) =>
  call(slideGrid.getFilterValues, {
    params: { projectId },
    body: { field, filterModel, globalSearchText },
    signal,
  });

export const fetchSlides = async (projectId: string, slideIds: string[]) =>
  withoutPrototype(await call(slideGrid.getSlidesBatch, { params: { projectId }, body: { slideIds } }));

export const updateSlides = async (
  projectId: string,
  changes: ({ id: string; updatedAt: string } & Record<string, unknown>)[],
) =>
  withoutPrototype(await call(slideGrid.updateSlides, { params: { projectId }, body: { slides: changes } }));

export const deleteSlides = (projectId: string, slideIds: string[]) =>
  call(slideGrid.deleteSlides, { params: { projectId }, body: { slideIds } });

export function useSlideCount(projectId: string, refresh: number) {
  return useQuery({
    queryKey: [...queryKeys.slideCount(projectId), refresh],
    queryFn: ({ signal }) => call(slideGrid.getSlideCount, { params: { projectId }, signal }),
  });
}

/** The picture the slide table's Label column shows for a row (the server's `labelImage`). */
export type LabelImage = 'label' | 'thumbnail';

/**
 * A slide's label or thumbnail as an object URL (the bearer token cannot travel in an <img src>); null
 * while loading or when it failed. Asked only for rows whose `labelImage` says the picture exists. The
 * query caches the bytes; each mounted cell makes its own URL and revokes it when it unmounts, so rows
 * scrolled past do not keep their pictures' URLs alive.
 */
export function useSlideImageUrl(projectId: string, slideId: string, kind: LabelImage): string | null {
  const image = useQuery({
    queryKey: queryKeys.slideImage(projectId, slideId, kind),
    queryFn: ({ signal }) =>
      callForBlob(kind === 'label' ? slides.getSlideLabel : slides.getSlideThumbnail, {
        params: { projectId, slideId },
        query: { format: 'jpeg' },
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });
  const blob = image.data;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * One slide's metadata row, as the slide table reads it (the batch read of spec 1 §7 with one id), for
 * the viewer's QC tab; null when the project has no such slide.
 */
export function useSlideRow(projectId: string, slideId: string) {
  return useQuery({
    queryKey: queryKeys.slideRow(projectId, slideId),
    queryFn: async () => (await fetchSlides(projectId, [slideId])).data[0] ?? null,
  });
}

/** What the slide table shows: its filter, search text and sort. */
export interface TableQuery {
  filterModel: FilterModel;
  globalSearchText: string;
  sortModel: slideGrid.GridRequest['sortModel'];
}

/**
 * The ids of the table's filtered slides, in its order, at most `limit`: the wizards (copy, transfer)
 * read them when they start, so they act on what the table shows then.
 */
export async function readFilteredSlideIds(
  projectId: string,
  query: TableQuery,
  limit: number,
): Promise<string[]> {
  const answer = await call(slideGrid.getSlidesGrid, {
    params: { projectId },
    body: { ...query, startRow: 0, endRow: limit, fields: ['id'], rowShape: 'arrays' },
  });
  const { data } = 'rows' in answer ? slideGrid.gridRowsOf(answer) : answer;
  return data.map((row) => String(row.id));
}
