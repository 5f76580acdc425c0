/**
 * A slide's annotation sets and what the viewer reads of one (spec 2 §7 "Annotation loading"): the
 * region annotations of a viewport, at a level of detail, and the cell markers as typed arrays (the
 * binary transport). Both are background reads, as tiles are: outside the busy indicator.
 */
import { useQuery } from '@tanstack/react-query';
import {
  decodeCellMarkers,
  type AnnotationDetail,
  type BinaryCellMarkers,
  type PixelBox,
} from '@tessera/domain';
import { annotations, type RegionAnnotation } from '@tessera/contract';
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

export interface RegionViewport {
  features: RegionAnnotation[];
  /** More annotations met the box than the limit asked for. */
  truncated: boolean;
}

/** The set's region annotations whose boxes meet `box` (image pixels), at most `limit`. */
export async function fetchRegionViewport(
  set: ShownSet,
  box: PixelBox,
  detail: { detail: AnnotationDetail; tolerance: number; limit: number },
  signal?: AbortSignal,
): Promise<RegionViewport> {
  const bbox = [Math.floor(box.minX), Math.floor(box.minY), Math.ceil(box.maxX), Math.ceil(box.maxY)].join(
    ',',
  );
  const url = pathOf(
    annotations.getAnnotationFeatures,
    { projectId: set.projectId, setId: set.setId },
    { version: set.version, bbox, ...detail },
  );
  const answer = JSON.parse(await (await fetchBlob(url, signal)).text()) as Partial<RegionViewport>;
  return { features: answer.features ?? [], truncated: answer.truncated === true };
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
