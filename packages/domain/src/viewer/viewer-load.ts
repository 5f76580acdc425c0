/**
 * A viewer's load status (spec 2 §4 "Viewer load"): one of not started, pending, succeeded and failed,
 * put together from the reads a viewer makes before it is ready — the slide, its annotation sets, the
 * project's tool configs, the equalization, the block's slides and, when it has a block, its landmarks.
 */

export const LOAD_STATUSES = ['notStarted', 'pending', 'succeeded', 'failed'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/**
 * The reads of one viewer. A read left out does not apply (a slide without a block has no block slides
 * or landmarks to read; a part of the viewer that is not built yet reads nothing).
 */
export interface ViewerLoads {
  slide: LoadStatus;
  annotationSets?: LoadStatus;
  toolConfigs?: LoadStatus;
  equalization?: LoadStatus;
  blockSlides?: LoadStatus;
  landmarks?: LoadStatus;
}

/**
 * Failed when any read failed; succeeded once every read has; not started while none has begun;
 * pending otherwise.
 */
export function viewerLoadStatus(loads: ViewerLoads): LoadStatus {
  const statuses = Object.values(loads).filter((s): s is LoadStatus => s !== undefined);
  if (statuses.includes('failed')) return 'failed';
  if (statuses.every((s) => s === 'succeeded')) return 'succeeded';
  if (statuses.every((s) => s === 'notStarted')) return 'notStarted';
  return 'pending';
}
