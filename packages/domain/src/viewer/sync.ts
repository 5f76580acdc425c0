/**
 * Sync between open slides (spec 2 §4 "Sync between open slides", §3 "Landmarks", §9): which modes the
 * sync panel offers, which viewers share a landmark icon colour, and how one viewer's position carries
 * to another. Pure: the web's sync coordinator asks these rules and moves the maps.
 *
 * Positions are in image pixels of the unflipped image, y downwards — the coordinates landmarks are
 * stored in — so a flip never changes a stored landmark; `isFlippedOnYAxis` records how the slide was
 * shown when the point was saved, which is the flip the viewer takes on load.
 */
import {
  applySimilarity,
  similarityFromLandmarks,
  type LandmarkPair,
  type Point,
  type SimilarityTransform,
} from './landmark-similarity.ts';
import type { BlockLandmarks } from './landmarks.ts';

/** Spec 2 §4: the sync modes, in the panel's order. */
export const SYNC_MODES = ['disabled', 'manual', 'landmarks'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export const SYNC_MODE_LABELS: Record<SyncMode, string> = {
  disabled: 'Disabled',
  manual: 'Manual',
  landmarks: 'Landmarks',
};

/** Spec 2 §9: a viewer passes its position on at most every 16 ms (10 ms within a channel grid). */
export const POSITION_SYNC_THROTTLE_MS = 16;
export const CHANNEL_GRID_SYNC_THROTTLE_MS = 10;

/** Spec 2 §8 (landmarks and block slides), and the reasons the panel gives for what it cannot do. */
export const SYNC_MESSAGES = {
  landmarksNotFound: (message: string) => `Landmarks not found: ${message}`,
  landmarksLoadFailed: (message: string) => `Failed to load landmarks: ${message}`,
  blockSlidesLoadFailed: (message: string) => `Failed to load slide ids for block: ${message}`,
  overwriteFailed: (reason: string) => `Unable to overwrite landmarks: ${reason}`,
  overwritten: (blockId: string) => `Landmarks of block ${blockId} overwritten`,
  flipMismatch: (names: readonly string[]) =>
    `The flip of ${names.join(', ')} differs from ${names.length === 1 ? 'its' : 'their'} landmarks: flip ${
      names.length === 1 ? 'it' : 'them'
    } back to sync by landmarks`,
  landmarksNeedTwo: 'Needs two open slides of one block with landmarks',
  overwriteNeedsWrite: 'Overwriting landmarks needs the landmarksWrite permission',
  overwriteNeedsManual: 'Choose Manual and place the slides first',
  overwriteNeedsOneBlock: 'All displayed slides must belong to one block',
} as const;

/**
 * The code of the landmarks GET's 404 when a block has none: contract ERROR_CODES.landmarksNotFound,
 * spelt here so the web's slide table chunk need not carry the viewer's rules (apps/web
 * api/landmarks.test.ts holds the two equal).
 */
export const LANDMARKS_NOT_FOUND_CODE = 'LANDMARKS_NOT_FOUND';

/**
 * What a failed landmarks read shows (spec 2 §7, §8): nothing for the 404 that means "none stored" (the
 * block simply has no landmarks); 'Landmarks not found: …' for another 404 (the project or block is
 * gone); 'Failed to load landmarks: …' for anything else.
 */
export function landmarksLoadFailureMessage(error: {
  status: number;
  code?: string;
  message: string;
}): string | null {
  if (error.status === 404 && error.code === LANDMARKS_NOT_FOUND_CODE) return null;
  return error.status === 404
    ? SYNC_MESSAGES.landmarksNotFound(error.message)
    : SYNC_MESSAGES.landmarksLoadFailed(error.message);
}

/** A viewer as sync sees it. */
export interface SyncViewer {
  viewerId: string;
  slideId: string;
  /** The file name (or id), for messages. */
  name: string;
  /** The slide's block; null without one, undefined while its details are loading. */
  blockId: string | null | undefined;
  isFlipped: boolean;
  /** Shown on screen (the selected tab of its tab set), not hidden behind another tab. */
  isDisplayed: boolean;
}

/** Each block's stored landmarks by block id; null when the block has none (the GET's 404). */
export type LandmarksByBlock = ReadonlyMap<string, BlockLandmarks | null>;

/**
 * The landmark icon colours (spec 2 §2 "Layout", §3 "Per-viewer state: iconColor"): readable on the tab
 * strip's light grey, far apart in hue, given to blocks in the order their first slide is open.
 */
export const LANDMARK_ICON_PALETTE = [
  '#1e88e5',
  '#e53935',
  '#43a047',
  '#8e24aa',
  '#fb8c00',
  '#00897b',
  '#d81b60',
  '#6d4c41',
] as const;

/**
 * The flip a slide's landmarks record: the location (automatic) landmark's when it has a position on the
 * slide, else the first landmark's that has one; null when the slide has no landmark position at all.
 */
export function landmarkFlipOf(block: BlockLandmarks | null | undefined, slideId: string): boolean | null {
  if (!block) return null;
  const slideIdx = block.slides.findIndex((s) => s.slideId === slideId);
  if (slideIdx < 0) return null;
  const ordered = [...block.landmarks].sort((a, b) => Number(b.isAutomatic) - Number(a.isAutomatic));
  for (const landmark of ordered) {
    const position = landmark.positions.find((p) => p.slideIdx === slideIdx);
    if (position) return position.isFlippedOnYAxis;
  }
  return null;
}

/**
 * Each viewer's icon colour: the slides of one block that have landmarks share their block's colour;
 * a slide without landmarks (or without a block) has none (null).
 */
export function landmarkIconColors(
  viewers: readonly SyncViewer[],
  landmarks: LandmarksByBlock,
): Map<string, string | null> {
  const blockColors = new Map<string, string>();
  const colors = new Map<string, string | null>();
  for (const viewer of viewers) {
    const block = viewer.blockId ? landmarks.get(viewer.blockId) : undefined;
    if (!viewer.blockId || landmarkFlipOf(block, viewer.slideId) === null) {
      colors.set(viewer.viewerId, null);
      continue;
    }
    if (!blockColors.has(viewer.blockId))
      blockColors.set(
        viewer.blockId,
        LANDMARK_ICON_PALETTE[blockColors.size % LANDMARK_ICON_PALETTE.length]!,
      );
    colors.set(viewer.viewerId, blockColors.get(viewer.blockId)!);
  }
  return colors;
}

/** What the sync panel offers: each mode, and why one that is offered cannot be chosen now. */
export interface SyncOffer {
  modes: readonly SyncMode[];
  /** Why Landmarks is offered but disabled (spec 2 §4: flip states disagree); null when it can be chosen. */
  landmarksDisabledReason: string | null;
}

/**
 * Spec 2 §4: Disabled and Manual always; Landmarks only when at least two open slides share an icon
 * colour, and disabled while a viewer of such a pair is flipped otherwise than its landmarks say.
 */
export function syncOfferOf(
  viewers: readonly SyncViewer[],
  colors: ReadonlyMap<string, string | null>,
  landmarks: LandmarksByBlock,
): SyncOffer {
  const paired = viewersSharingAColor(viewers, colors);
  if (paired.length === 0) return { modes: ['disabled', 'manual'], landmarksDisabledReason: null };
  const mismatched = paired.filter(
    (v) => landmarkFlipOf(landmarks.get(v.blockId!), v.slideId) !== v.isFlipped,
  );
  return {
    modes: SYNC_MODES,
    landmarksDisabledReason:
      mismatched.length > 0 ? SYNC_MESSAGES.flipMismatch(mismatched.map((v) => v.name)) : null,
  };
}

function viewersSharingAColor(
  viewers: readonly SyncViewer[],
  colors: ReadonlyMap<string, string | null>,
): SyncViewer[] {
  const counts = new Map<string, number>();
  for (const color of colors.values()) if (color) counts.set(color, (counts.get(color) ?? 0) + 1);
  return viewers.filter((v) => (counts.get(colors.get(v.viewerId) ?? '') ?? 0) >= 2);
}

/**
 * The mode in force. The user's choice (null: none yet) holds while it can be chosen, else Disabled.
 * Without a choice, the project's multi-view config decides (spec 2 §9 "Default compare sync: on"):
 * Manual once two or more viewers are displayed side by side, Disabled otherwise.
 */
export function effectiveSyncMode(
  chosen: SyncMode | null,
  offer: SyncOffer,
  defaults: { isCompareSyncOn: boolean; displayedCount: number },
): SyncMode {
  if (chosen === null)
    return defaults.isCompareSyncOn && defaults.displayedCount >= 2 ? 'manual' : 'disabled';
  const isChoosable =
    offer.modes.includes(chosen) && !(chosen === 'landmarks' && offer.landmarksDisabledReason !== null);
  return isChoosable ? chosen : 'disabled';
}

/** Where a map looks: its centre in image pixels (unflipped, y down) and image pixels per screen pixel. */
export interface ViewPosition {
  center: Point;
  resolution: number;
}

/**
 * How a follower's view derives from a leader's: the centre through a similarity, the resolution times
 * a ratio (the similarity's scale in Landmarks mode: the same tissue at the same size on screen).
 */
export interface ViewLink {
  transform: SimilarityTransform;
  resolutionRatio: number;
}

/**
 * Manual mode (spec 2 §4): from the positions both viewers had when Manual was chosen, the follower
 * moves by the leader's offset in image pixels — mirrored in x when one of them is flipped and the other
 * not, so both move the same way on screen — and zooms by the same factor.
 */
export function manualLink(
  leader: { reference: ViewPosition; isFlipped: boolean },
  follower: { reference: ViewPosition; isFlipped: boolean },
): ViewLink {
  const transform = similarityFromLandmarks(
    [{ from: leader.reference.center, to: follower.reference.center }],
    {
      isMirrored: leader.isFlipped !== follower.isFlipped,
    },
  )!;
  return { transform, resolutionRatio: follower.reference.resolution / leader.reference.resolution };
}

/**
 * Landmarks mode (spec 2 §4): the similarity fitted to the landmarks both slides have in their block,
 * mirrored when their landmark flip states differ. Null when they share no landmark.
 */
export function landmarkLink(
  block: BlockLandmarks,
  leaderSlideId: string,
  followerSlideId: string,
): ViewLink | null {
  const from = block.slides.findIndex((s) => s.slideId === leaderSlideId);
  const to = block.slides.findIndex((s) => s.slideId === followerSlideId);
  if (from < 0 || to < 0) return null;
  const pairs: LandmarkPair[] = [];
  for (const landmark of block.landmarks) {
    const a = landmark.positions.find((p) => p.slideIdx === from);
    const b = landmark.positions.find((p) => p.slideIdx === to);
    if (a && b) pairs.push({ from: { x: a.x, y: a.y }, to: { x: b.x, y: b.y } });
  }
  const transform = similarityFromLandmarks(pairs, {
    isMirrored: landmarkFlipOf(block, leaderSlideId) !== landmarkFlipOf(block, followerSlideId),
  });
  return transform && { transform, resolutionRatio: transform.scale };
}

/** The follower's view for the leader's. */
export function followView(link: ViewLink, leader: ViewPosition): ViewPosition {
  return {
    center: followPoint(link, leader.center),
    resolution: leader.resolution * link.resolutionRatio,
  };
}

/** Where a point of the leader's image lies on the follower's (the map-pin under a synced pointer). */
export function followPoint(link: ViewLink, point: Point): Point {
  return applySimilarity(link.transform, point);
}

/**
 * Whether `follower` follows `leader` in this mode: every other viewer in Manual, the viewers of the
 * leader's icon colour in Landmarks, none when Disabled.
 */
export function isSyncedPair(
  mode: SyncMode,
  leader: string,
  follower: string,
  colors: ReadonlyMap<string, string | null>,
): boolean {
  if (leader === follower || mode === 'disabled') return false;
  if (mode === 'manual') return true;
  const color = colors.get(leader);
  return !!color && colors.get(follower) === color;
}
