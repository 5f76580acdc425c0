/**
 * A slide's annotation sets and what the viewer reads of one (spec 2 §7 "Annotation loading"): the
 * region annotations of a viewport, at a level of detail, and the cell markers, both as typed arrays (the
 * binary transport: no JSON to parse). Both are background reads, as tiles are: outside the busy
 * indicator.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  decodeCellMarkers,
  decodeRegions,
  type AnnotationDetail,
  type BinaryCellMarkers,
  type BinaryRegions,
  type PixelBox,
  type QuPathCollection,
  MAX_VIEWPORT_FEATURES,
} from '@tessera/domain';
import {
  annotationCopy,
  annotationEdits,
  annotationLinks,
  annotations,
  annotationVersions,
  landmarks,
  type RegionAnnotation,
  type RouteInput,
} from '@tessera/contract';
import { viewerPath } from '../app/viewer-path.ts';
import { saveBlob } from './slide-export.ts';
import { call, fetchBytes, pathOf } from './client.ts';
import { cellMarkersUrl, takeEarly } from './early-answers.ts';
import { queryKeys } from './queries.ts';

export const slideAnnotationSetsQuery = (projectId: string, slideId: string) =>
  queryOptions({
    queryKey: queryKeys.slideAnnotationSets(projectId, slideId),
    queryFn: ({ signal }) =>
      call(annotations.listSlideAnnotationSets, { params: { projectId, slideId }, signal }),
  });

export const useSlideAnnotationSets = (projectId: string, slideId: string) =>
  useQuery(slideAnnotationSetsQuery(projectId, slideId));

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
  return decodeRegions(await fetchBytes(url, signal));
}

/** The set's cell markers, every one, as typed arrays. */
export async function fetchCellMarkers(set: ShownSet, signal?: AbortSignal): Promise<BinaryCellMarkers> {
  const url = cellMarkersUrl(set);
  return decodeCellMarkers(await (takeEarly(url, signal) ?? fetchBytes(url, signal)));
}

/** Reads the set's lists again (the region list, the marker totals): after an import wrote into it. */
export function useRefreshSetLists() {
  const client = useQueryClient();
  return (set: ShownSet) =>
    Promise.all(
      ['annotation-region-list', 'annotation-marker-stats'].map((name) =>
        client.invalidateQueries({ queryKey: [name, set.projectId, set.setId] }),
      ),
    );
}

/**
 * Every region of the set as its centre, class and lock, for the side panel's list (spec 3 §2): the
 * binary transport at centroid detail, read again when `revision` moves (an edit).
 */
export function useRegionList(set: ShownSet | null, revision: number) {
  return useQuery({
    queryKey: ['annotation-region-list', set?.projectId, set?.setId, set?.version ?? null, revision],
    queryFn: ({ signal }) => fetchRegionCentres(set!, signal),
    enabled: set !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every region of the set as its centre (the binary transport at centroid detail). */
export async function fetchRegionCentres(set: ShownSet, signal?: AbortSignal): Promise<BinaryRegions> {
  const url = pathOf(
    annotations.getAnnotationFeaturesBinary,
    { projectId: set.projectId, setId: set.setId },
    { version: set.version, detail: 'centroid' },
  );
  return decodeRegions(await fetchBytes(url, signal));
}

/**
 * One region of the set as stored, found by its id: its centre among all centres, then the regions
 * whose boxes hold that point. Null when the set has no such region.
 */
export async function fetchRegion(set: ShownSet, id: string): Promise<RegionAnnotation | null> {
  const centres = await fetchRegionCentres(set);
  const i = centres.ids.indexOf(Number(id));
  if (i < 0) return null;
  const vertex = centres.vertexStart[centres.ringStart[i]!]!;
  const found = await fetchRegionsAt(set, centres.xy[vertex * 2]!, centres.xy[vertex * 2 + 1]!);
  return found.find((r) => r.id === id) ?? null;
}

/** The viewer's address that opens this annotation (spec 2 §2 annotation_id; spec 3 Copy Annotation URL). */
export function annotationUrl(set: ShownSet, slideId: string, annotationId: string): string {
  const query = new URLSearchParams({ annotation_set_id: set.setId });
  if (set.version !== undefined) query.set('annotation_set_version', String(set.version));
  query.set('annotation_id', annotationId);
  return `${window.location.origin}${viewerPath(set.projectId, slideId)}?${query}`;
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

/** The set (or a version of it) as a QuPath GeoJSON file (spec 3 §4 "Export"). */
export async function exportSetGeoJson(set: ShownSet, name: string): Promise<void> {
  const collection = await call(annotations.exportAnnotationSetGeoJson, {
    params: { projectId: set.projectId, setId: set.setId },
    query: { version: set.version },
  });
  // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_') || 'annotations';
  saveBlob(new Blob([JSON.stringify(collection)], { type: 'application/geo+json' }), `${safe}.geojson`);
}

/** Imports a QuPath GeoJSON collection into the set's working state; answers what was created and skipped. */
export function importSetGeoJson(set: ShownSet, collection: QuPathCollection) {
  return call(annotations.importAnnotationSetGeoJson, {
    params: { projectId: set.projectId, setId: set.setId },
    body: collection,
  });
}

const versionsKey = (projectId: string, setId: string) => ['annotation-set-versions', projectId, setId];

/** A set's versions (the newest 100) and its version collections (the newest 100), for the version box. */
export function useSetVersions(projectId: string, setId: string) {
  return useQuery({
    queryKey: versionsKey(projectId, setId),
    queryFn: async ({ signal }) => {
      const params = { projectId, setId };
      const [versions, collections] = await Promise.all([
        call(annotations.listAnnotationSetVersions, { params, query: { page: 0, pageSize: 100 }, signal }),
        call(annotationVersions.listVersionCollections, {
          params,
          query: { page: 0, pageSize: 100 },
          signal,
        }),
      ]);
      return { versions: versions.versions, collections: collections.collections };
    },
  });
}

/** Version box edits: make a version, tag one, untag, queue a download. Each refreshes the box and the sets. */
export function useVersionEdits(projectId: string, slideId: string, setId: string) {
  const client = useQueryClient();
  const params = { projectId, setId };
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: versionsKey(projectId, setId) }),
      client.invalidateQueries({ queryKey: queryKeys.slideAnnotationSets(projectId, slideId) }),
    ]);
  return {
    make: useMutation({
      mutationFn: () => call(annotations.createAnnotationSetVersion, { params }),
      onSuccess: refresh,
    }),
    tag: useMutation({
      mutationFn: ({ version, tag }: { version: number; tag: string }) =>
        call(annotationVersions.createVersionCollection, { params: { ...params, version }, body: { tag } }),
      onSuccess: refresh,
    }),
    untag: useMutation({
      mutationFn: (collectionId: string) =>
        call(annotationVersions.deleteVersionCollection, { params: { ...params, collectionId } }),
      onSuccess: refresh,
    }),
    download: useMutation({
      mutationFn: (version: number) =>
        call(annotationVersions.downloadAnnotationSetVersion, { params: { ...params, version } }),
    }),
  };
}

/** Every region of the set's working state as stored (Fix Annotations reads them all). */
export async function fetchSetRegions(set: ShownSet): Promise<RegionAnnotation[]> {
  const answer = await call(annotations.getAnnotationFeatures, {
    params: { projectId: set.projectId, setId: set.setId },
    query: { detail: 'full', tolerance: 1, limit: MAX_VIEWPORT_FEATURES },
  });
  return answer.features;
}

/** The projects the set can show in (the link wizard's candidates). */
export function useLinkTargets(projectId: string, setId: string) {
  return useQuery({
    queryKey: ['annotation-link-targets', projectId, setId],
    queryFn: ({ signal }) => call(annotationLinks.listLinkTargets, { params: { projectId, setId }, signal }),
    staleTime: 0,
  });
}

/** Links the set into the target project (true) or unlinks it (false). */
export function changeSetLink(projectId: string, setId: string, targetProjectId: string, isLinked: boolean) {
  const params = { projectId, setId, targetProjectId };
  return isLinked
    ? call(annotationLinks.linkAnnotationSet, { params })
    : call(annotationLinks.unlinkAnnotationSet, { params });
}

/** A block's slides, id and file name (the annotation-copy wizard lists them). */
export function useBlockSlides(projectId: string, blockId: string | null) {
  return useQuery({
    queryKey: ['block-slides-named', projectId, blockId],
    queryFn: ({ signal }) =>
      call(landmarks.getBlockSlides, { params: { projectId, blockId: blockId! }, signal }),
    enabled: blockId !== null,
  });
}

/** The annotation sets of each of these slides (cached per slide, as the viewer reads them). */
export function useSetsOfSlides(projectId: string, slideIds: readonly string[]) {
  return useQueries({
    queries: slideIds.map((slideId) => ({
      queryKey: queryKeys.slideAnnotationSets(projectId, slideId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(annotations.listSlideAnnotationSets, { params: { projectId, slideId }, signal }),
    })),
  });
}

/** Queues the copy of one source set's annotations to the target slides; answers the job. */
export const submitAnnotationCopy = (
  projectId: string,
  body: RouteInput<typeof annotationCopy.copyAnnotations, 'body'>,
) => call(annotationCopy.copyAnnotations, { params: { projectId }, body });
