/**
 * A slide's annotation sets and what the viewer reads of one (spec 2 §7 "Annotation loading"): the
 * region annotations of a viewport, at a level of detail, and the cell markers, both as typed arrays (the
 * binary transport: no JSON to parse). Both are background reads, as tiles are: outside the busy
 * indicator.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decodeCellMarkers,
  decodeRegions,
  type AnnotationDetail,
  type BinaryCellMarkers,
  type BinaryRegions,
  type PixelBox,
} from '@tessera/domain';
import { annotationEdits, annotations, type RegionAnnotation } from '@tessera/contract';
import { call, fetchBlob, pathOf } from './client.ts';
import { queryKeys } from './queries.ts';

export function useSlideAnnotationSets(projectId: string, slideId: string) {
  return useQuery({
    queryKey: queryKeys.slideAnnotationSets(projectId, slideId),
    queryFn: ({ signal }) =>
      call(annotations.listSlideAnnotationSets, { params: { projectId, slideId }, signal }),
  });
}

/** Creates an empty set on the slide (spec 2 §2 "create or rename annotation set"); answers its id. */
export function useCreateAnnotationSet(projectId: string, slideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(annotations.createAnnotationSet, { params: { projectId, slideId }, body: { name } }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: queryKeys.slideAnnotationSets(projectId, slideId) }),
  });
}

/** Renames a set (in every project it is linked to). */
export function useRenameAnnotationSet(projectId: string, slideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ setId, name }: { setId: string; name: string }) =>
      call(annotations.renameAnnotationSet, { params: { projectId, setId }, body: { name } }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: queryKeys.slideAnnotationSets(projectId, slideId) }),
  });
}

/** Which set, and which of its versions (undefined: the working state), a viewer shows. */
export interface ShownSet {
  projectId: string;
  setId: string;
  version?: number | undefined;
}

/**
 * The set's region annotations whose boxes meet `box` (image pixels), at most `limit`, at a level of
 * detail, as typed arrays (`truncated`: more met the box).
 */
export async function fetchRegionViewport(
  set: ShownSet,
  box: PixelBox,
  detail: { detail: AnnotationDetail; tolerance: number; limit: number },
  signal?: AbortSignal,
): Promise<BinaryRegions> {
  const bbox = [Math.floor(box.minX), Math.floor(box.minY), Math.ceil(box.maxX), Math.ceil(box.maxY)].join(
    ',',
  );
  const url = pathOf(
    annotations.getAnnotationFeaturesBinary,
    { projectId: set.projectId, setId: set.setId },
    { version: set.version, bbox, ...detail },
  );
  return decodeRegions(await (await fetchBlob(url, signal)).arrayBuffer());
}

/** The set's cell markers, every one, as typed arrays. */
export async function fetchCellMarkers(set: ShownSet, signal?: AbortSignal): Promise<BinaryCellMarkers> {
  const url = pathOf(
    annotations.getCellMarkersBinary,
    { projectId: set.projectId, setId: set.setId },
    { version: set.version },
  );
  return decodeCellMarkers(await (await fetchBlob(url, signal)).arrayBuffer());
}

/**
 * Every region of the set as its centre, class and lock, for the side panel's list (spec 3 §2): the
 * binary transport at centroid detail, read again when `revision` moves (an edit).
 */
export function useRegionList(set: ShownSet | null, revision: number) {
  return useQuery({
    queryKey: ['annotation-region-list', set?.projectId, set?.setId, set?.version ?? null, revision],
    queryFn: async ({ signal }) => {
      const url = pathOf(
        annotations.getAnnotationFeaturesBinary,
        { projectId: set!.projectId, setId: set!.setId },
        { version: set!.version, detail: 'centroid' },
      );
      return decodeRegions(await (await fetchBlob(url, signal)).arrayBuffer());
    },
    enabled: set !== null,
    placeholderData: keepPreviousData,
  });
}

/** The regions of the set whose boxes hold this image point, as stored ('Zoom to' finds one's box). */
export async function fetchRegionsAt(set: ShownSet, x: number, y: number): Promise<RegionAnnotation[]> {
  const bbox = [Math.floor(x), Math.floor(y), Math.floor(x) + 1, Math.floor(y) + 1].join(',');
  const answer = await call(annotations.getAnnotationFeatures, {
    params: { projectId: set.projectId, setId: set.setId },
    query: { version: set.version, bbox, detail: 'full', tolerance: 1, limit: 1000 },
  });
  return answer.features;
}

/** The set's cell markers counted per class (spec 3 §2 Cell Marker grid), read again on `revision`. */
export function useCellMarkerStats(set: ShownSet | null, revision: number) {
  return useQuery({
    queryKey: ['annotation-marker-stats', set?.projectId, set?.setId, set?.version ?? null, revision],
    queryFn: ({ signal }) =>
      call(annotationEdits.getCellMarkerStats, {
        params: { projectId: set!.projectId, setId: set!.setId },
        query: { version: set!.version },
        signal,
      }),
    enabled: set !== null,
    placeholderData: keepPreviousData,
  });
}
