import { describe, expect, it } from 'vitest';
import type { Permission } from '../permissions.ts';
import { landmarksSaveSchema, type BlockLandmarks } from './landmarks.ts';
import { overwriteLandmarksBody, overwriteLandmarksState } from './landmarks-overwrite.ts';
import { SYNC_MESSAGES, type SyncViewer } from './sync.ts';

const [A, B, C] = ['a', 'b', 'c'].map((c) => c.repeat(24)) as [string, string, string];
const viewer = (slideId: string, over: Partial<SyncViewer> = {}): SyncViewer => ({
  viewerId: `viewer-${slideId[0]}`,
  slideId,
  name: slideId,
  blockId: 'B1',
  isFlipped: false,
  isDisplayed: true,
  ...over,
});
const writer = new Set<Permission>(['landmarksWrite']);
const reader = new Set<Permission>();

describe('overwriteLandmarksState', () => {
  it('needs landmarksWrite, one block over the displayed slides, and Manual', () => {
    const two = [viewer(A), viewer(B)];
    expect(overwriteLandmarksState(two, 'manual', writer)).toEqual({ isEnabled: true, blockId: 'B1' });
    expect(overwriteLandmarksState(two, 'manual', reader)).toEqual({
      isEnabled: false,
      reason: SYNC_MESSAGES.overwriteNeedsWrite,
    });
    expect(overwriteLandmarksState(two, 'disabled', writer)).toEqual({
      isEnabled: false,
      reason: SYNC_MESSAGES.overwriteNeedsManual,
    });
    for (const other of [{ blockId: 'B2' }, { blockId: null }, { blockId: undefined }])
      expect(overwriteLandmarksState([viewer(A), viewer(B, other)], 'manual', writer)).toEqual({
        isEnabled: false,
        reason: SYNC_MESSAGES.overwriteNeedsOneBlock,
      });
    // A slide of another block in a hidden tab does not count.
    expect(
      overwriteLandmarksState([...two, viewer(C, { blockId: 'B2', isDisplayed: false })], 'manual', writer),
    ).toEqual({ isEnabled: true, blockId: 'B1' });
  });
});

describe('overwriteLandmarksBody', () => {
  const placed = [
    { slideId: B, center: { x: 10, y: 20 }, isFlipped: true },
    { slideId: A, center: { x: 30, y: 40 }, isFlipped: false },
  ];

  it('without stored landmarks: the placed slides and one location landmark', () => {
    const body = overwriteLandmarksBody('B1', null, placed, [A, B]);
    expect(body).toEqual({
      name: 'B1',
      images: [{ slideId: B }, { slideId: A }],
      landmarks: [
        {
          index: 0,
          isAutomatic: true,
          name: '1',
          pos: [
            { img_idx: 0, x: 10, y: 20, isFlippedOnYAxis: true },
            { img_idx: 1, x: 30, y: 40, isFlippedOnYAxis: false },
          ],
        },
      ],
    });
    expect(landmarksSaveSchema.safeParse({ blocks: [body] }).success).toBe(true);
  });

  it('replaces the location landmark, keeps the named ones, and drops slides no longer in the block', () => {
    const pos = (slideIdx: number, x: number, isFlippedOnYAxis = false) => ({
      slideIdx,
      x,
      y: 0,
      angleDx: 1,
      angleDy: 0,
      isFlippedOnYAxis,
    });
    const stored: BlockLandmarks = {
      slides: [{ slideId: C }, { slideId: A }],
      landmarks: [
        { index: 4, isAutomatic: false, name: '1', positions: [pos(0, 1), pos(1, 2)] },
        { index: 2, isAutomatic: true, name: '3', positions: [pos(0, 5), pos(1, 6)] },
        { index: 7, isAutomatic: false, name: '2', positions: [pos(0, 9)] },
      ],
    };
    const body = overwriteLandmarksBody('B1', stored, placed, [A, B]);
    expect(body.images).toEqual([{ slideId: A }, { slideId: B }]);
    expect(body.landmarks).toEqual([
      {
        index: 2,
        isAutomatic: true,
        name: '3',
        pos: [
          { img_idx: 1, x: 10, y: 20, isFlippedOnYAxis: true },
          { img_idx: 0, x: 30, y: 40, isFlippedOnYAxis: false },
        ],
      },
      // C left the block: its positions go, and landmark 7 had no other.
      {
        index: 4,
        name: '1',
        pos: [{ img_idx: 0, x: 2, y: 0, angleDx: 1, angleDy: 0, isFlippedOnYAxis: false }],
      },
    ]);
    expect(landmarksSaveSchema.safeParse({ blocks: [body] }).success).toBe(true);
  });

  it('finds a free index and name when the location landmark had none of its own', () => {
    const stored: BlockLandmarks = {
      slides: [{ slideId: A }],
      landmarks: [
        { index: 0, isAutomatic: false, name: '1', positions: [] },
        {
          index: 3,
          isAutomatic: false,
          name: '2',
          positions: [{ slideIdx: 0, x: 1, y: 1, angleDx: 0, angleDy: 0, isFlippedOnYAxis: false }],
        },
      ],
    };
    const [location] = overwriteLandmarksBody('B1', stored, placed, null).landmarks;
    expect(location).toMatchObject({ index: 4, name: '1', isAutomatic: true });
  });
});
