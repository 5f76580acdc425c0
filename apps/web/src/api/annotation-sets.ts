/**
 * A slide's annotation sets and what the viewer reads of one (spec 2 §7 "Annotation loading"): the
 * region annotations of a viewport, at a level of detail, and the cell markers, both as typed arrays (the
 * binary transport: no JSON to parse). Both are background reads, as tiles are: outside the busy
 * indicator.
 */
import { useQuery } from '@tanstack/react-query';
import {
  decodeCellMarkers,
  decodeRegions,
  type AnnotationDetail,
  type BinaryCellMarkers,
  type BinaryRegions,
  type PixelBox,
} from '@tessera/domain';
import { annotations } from '@tessera/contract';
import { call, fetchBlob, pathOf } from './client.ts';
import { queryKeys } from './queries.ts';

export function useSlideAnnotationSets(projectId: string, slideId: string) {
  return useQuery({
    queryKey: queryKeys.slideAnnotationSets(projectId, slideId),
    queryFn: ({ signal }) =>
      call(annotations.listSlideAnnotationSets, { params: { projectId, slideId }, signal }),
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
