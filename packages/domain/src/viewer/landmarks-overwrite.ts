/**
 * Overwrite landmarks (spec 2 §4 "Sync between open slides", §6): when the user may, and the save it
 * sends. The save replaces the block's location (automatic) landmark by the displayed slides' current
 * centres — the positions the user lined up by hand in Manual mode — and keeps the named landmarks,
 * whose coordinates no view changes.
 */
import type { Permission } from '../permissions.ts';
import type { Point } from './landmark-similarity.ts';
import type { BlockLandmarks, BlockLandmarksSave } from './landmarks.ts';
import { SYNC_MESSAGES, type SyncMode, type SyncViewer } from './sync.ts';

export type OverwriteState = { isEnabled: true; blockId: string } | { isEnabled: false; reason: string };

/**
 * Spec 2 §4: only when all displayed slides belong to one block, the user has landmarksWrite (the
 * server's rule too: 403 LANDMARKS_WRITE_REQUIRED) and the mode is Manual.
 */
export function overwriteLandmarksState(
  viewers: readonly SyncViewer[],
  mode: SyncMode,
  permissions: ReadonlySet<Permission>,
): OverwriteState {
  if (!permissions.has('landmarksWrite'))
    return { isEnabled: false, reason: SYNC_MESSAGES.overwriteNeedsWrite };
  const blocks = new Set(viewers.filter((v) => v.isDisplayed).map((v) => v.blockId));
  const [blockId] = blocks;
  if (blocks.size !== 1 || !blockId)
    return { isEnabled: false, reason: SYNC_MESSAGES.overwriteNeedsOneBlock };
  if (mode !== 'manual') return { isEnabled: false, reason: SYNC_MESSAGES.overwriteNeedsManual };
  return { isEnabled: true, blockId };
}

/** A displayed slide's place now: its centre in image pixels (unflipped, y down) and its flip. */
export interface PlacedSlide {
  slideId: string;
  center: Point;
  isFlipped: boolean;
}

/**
 * The block's save: the stored slides that are still the block's (`blockSlideIds`, when known: a slide
 * moved to another block would make the server refuse the save) then the placed slides not among them;
 * the named landmarks kept (the placed slides' positions taking their current flip); and one location
 * landmark at the placed centres, under the old one's index and name when there was one.
 */
export function overwriteLandmarksBody(
  blockId: string,
  stored: BlockLandmarks | null,
  placed: readonly PlacedSlide[],
  blockSlideIds: readonly string[] | null,
): BlockLandmarksSave {
  const inBlock = (slideId: string) => blockSlideIds === null || blockSlideIds.includes(slideId);
  const storedSlides = (stored?.slides ?? []).map((s) => s.slideId);
  const images = storedSlides.filter(inBlock);
  for (const p of placed) if (!images.includes(p.slideId)) images.push(p.slideId);
  const flips = new Map(placed.map((p) => [p.slideId, p.isFlipped]));

  const named = (stored?.landmarks ?? []).filter((l) => !l.isAutomatic);
  const location = stored?.landmarks.find((l) => l.isAutomatic);
  const kept = named
    .map((landmark) => ({
      index: landmark.index,
      name: landmark.name,
      pos: landmark.positions.flatMap((p) => {
        const slideId = storedSlides[p.slideIdx];
        const img_idx = slideId === undefined ? -1 : images.indexOf(slideId);
        if (img_idx < 0) return [];
        const isFlippedOnYAxis = flips.get(slideId!) ?? p.isFlippedOnYAxis;
        return [{ img_idx, x: p.x, y: p.y, angleDx: p.angleDx, angleDy: p.angleDy, isFlippedOnYAxis }];
      }),
    }))
    .filter((l) => l.pos.length > 0);

  const indices = new Set(kept.map((l) => l.index));
  const names = new Set(kept.map((l) => l.name));
  const index = location && !indices.has(location.index) ? location.index : Math.max(-1, ...indices) + 1;
  const name = location && !names.has(location.name) ? location.name : firstFreeName(names);
  const automatic = {
    index,
    isAutomatic: true,
    name,
    pos: placed.map((p) => ({
      img_idx: images.indexOf(p.slideId),
      x: p.center.x,
      y: p.center.y,
      isFlippedOnYAxis: p.isFlipped,
    })),
  };
  return { name: blockId, images: images.map((slideId) => ({ slideId })), landmarks: [automatic, ...kept] };
}

/** The smallest sequential number ("1", "2", …) no landmark is named. */
function firstFreeName(names: ReadonlySet<string>): string {
  let n = 1;
  while (names.has(String(n))) n++;
  return String(n);
}
