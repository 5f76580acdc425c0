import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BlockLandmarks } from './landmarks.ts';
import { applySimilarity } from './landmark-similarity.ts';
import {
  effectiveSyncMode,
  followView,
  isSyncedPair,
  LANDMARK_ICON_PALETTE,
  landmarkFlipOf,
  landmarkIconColors,
  landmarkLink,
  landmarksLoadFailureMessage,
  manualLink,
  SYNC_MESSAGES,
  syncOfferOf,
  type SyncViewer,
} from './sync.ts';

const [A, B, C, D] = ['a', 'b', 'c', 'd'].map((c) => c.repeat(24)) as [string, string, string, string];

const viewer = (n: number, slideId: string, over: Partial<SyncViewer> = {}): SyncViewer => ({
  viewerId: `viewerId${n}`,
  slideId,
  name: `slide-${n}.svs`,
  blockId: 'B1',
  isFlipped: false,
  isDisplayed: true,
  ...over,
});

const position = (slideIdx: number, x: number, y: number, isFlippedOnYAxis = false) => ({
  slideIdx,
  x,
  y,
  angleDx: 0,
  angleDy: 0,
  isFlippedOnYAxis,
});

/** Block B1: slides A and B; a location landmark and a named one; B is the mirror image, shown flipped. */
const B1: BlockLandmarks = {
  slides: [{ slideId: A }, { slideId: B }],
  landmarks: [
    { index: 0, isAutomatic: false, name: '1', positions: [position(0, 0, 0), position(1, 10, 0, true)] },
    { index: 1, isAutomatic: true, name: '2', positions: [position(0, 100, 0), position(1, 210, 0, true)] },
  ],
};

describe('landmark icon colours and the modes offered', () => {
  const landmarks = new Map([
    ['B1', B1],
    ['B2', null],
  ]);

  it('gives the slides of a block with landmarks its colour, and none to slides without', () => {
    const viewers = [
      viewer(1, C, { blockId: 'B2' }),
      viewer(2, A),
      viewer(3, B, { isFlipped: true }),
      viewer(4, D, { blockId: null }),
      viewer(5, C, { blockId: undefined }),
    ];
    expect([...landmarkIconColors(viewers, landmarks)]).toEqual([
      ['viewerId1', null],
      ['viewerId2', LANDMARK_ICON_PALETTE[0]],
      ['viewerId3', LANDMARK_ICON_PALETTE[0]],
      ['viewerId4', null],
      ['viewerId5', null],
    ]);
  });

  it('reads the flip from the location landmark first', () => {
    expect(landmarkFlipOf(B1, B)).toBe(true);
    expect(landmarkFlipOf(B1, A)).toBe(false);
    expect(landmarkFlipOf(B1, C)).toBeNull();
    expect(landmarkFlipOf(null, A)).toBeNull();
  });

  it('offers Landmarks only for two slides of one colour, disabled while a flip disagrees', () => {
    const alone = [viewer(1, A), viewer(2, C, { blockId: 'B2' })];
    expect(syncOfferOf(alone, landmarkIconColors(alone, landmarks), landmarks)).toEqual({
      modes: ['disabled', 'manual'],
      landmarksDisabledReason: null,
    });
    const agreeing = [viewer(1, A), viewer(2, B, { isFlipped: true })];
    expect(syncOfferOf(agreeing, landmarkIconColors(agreeing, landmarks), landmarks)).toEqual({
      modes: ['disabled', 'manual', 'landmarks'],
      landmarksDisabledReason: null,
    });
    const unflipped = [viewer(1, A), viewer(2, B)];
    expect(syncOfferOf(unflipped, landmarkIconColors(unflipped, landmarks), landmarks)).toEqual({
      modes: ['disabled', 'manual', 'landmarks'],
      landmarksDisabledReason: SYNC_MESSAGES.flipMismatch(['slide-2.svs']),
    });
  });

  it('defaults to Manual for two displayed viewers when compare sync is on; a choice holds while it can', () => {
    const offer = { modes: ['disabled', 'manual'] as const, landmarksDisabledReason: null };
    const on = { isCompareSyncOn: true, displayedCount: 2 };
    expect(effectiveSyncMode(null, offer, on)).toBe('manual');
    expect(effectiveSyncMode(null, offer, { ...on, displayedCount: 1 })).toBe('disabled');
    expect(effectiveSyncMode(null, offer, { ...on, isCompareSyncOn: false })).toBe('disabled');
    expect(effectiveSyncMode('disabled', offer, on)).toBe('disabled');
    expect(effectiveSyncMode('landmarks', offer, on)).toBe('disabled');
    const withLandmarks = {
      modes: ['disabled', 'manual', 'landmarks'] as const,
      landmarksDisabledReason: null,
    };
    expect(effectiveSyncMode('landmarks', withLandmarks, on)).toBe('landmarks');
    expect(effectiveSyncMode('landmarks', { ...withLandmarks, landmarksDisabledReason: 'x' }, on)).toBe(
      'disabled',
    );
  });

  it('pairs every viewer in Manual and the viewers of one colour in Landmarks', () => {
    const colors = new Map([
      ['v1', '#1'],
      ['v2', '#1'],
      ['v3', null],
    ]);
    expect(isSyncedPair('manual', 'v1', 'v3', colors)).toBe(true);
    expect(isSyncedPair('manual', 'v1', 'v1', colors)).toBe(false);
    expect(isSyncedPair('disabled', 'v1', 'v2', colors)).toBe(false);
    expect(isSyncedPair('landmarks', 'v1', 'v2', colors)).toBe(true);
    expect(isSyncedPair('landmarks', 'v1', 'v3', colors)).toBe(false);
    expect(isSyncedPair('landmarks', 'v3', 'v1', colors)).toBe(false);
  });
});

describe('position transfer', () => {
  const reference = (x: number, y: number, resolution: number) => ({ center: { x, y }, resolution });

  it('Manual moves the follower by the same offset and zoom factor, mirrored when one is flipped', () => {
    const leader = { reference: reference(1000, 500, 4), isFlipped: false };
    const same = manualLink(leader, { reference: reference(3000, 2000, 2), isFlipped: false });
    expect(followView(same, reference(1100, 450, 8))).toEqual(reference(3100, 1950, 4));
    const mirrored = manualLink(leader, { reference: reference(3000, 2000, 2), isFlipped: true });
    expect(followView(mirrored, reference(1100, 450, 8))).toEqual(reference(2900, 1950, 4));
    // At the captured position the follower is at its own captured position.
    expect(followView(mirrored, leader.reference)).toEqual(reference(3000, 2000, 2));
  });

  it('Manual there and back again returns the leader where it was (no drift between two viewers)', () => {
    const coordinate = fc.double({ min: -1e5, max: 1e5, noNaN: true });
    const ref = fc.record({
      center: fc.record({ x: coordinate, y: coordinate }),
      resolution: fc.double({ min: 0.25, max: 256, noNaN: true }),
    });
    fc.assert(
      fc.property(ref, ref, ref, fc.boolean(), fc.boolean(), (ra, rb, view, fa, fb) => {
        const a = { reference: ra, isFlipped: fa };
        const b = { reference: rb, isFlipped: fb };
        const back = followView(manualLink(b, a), followView(manualLink(a, b), view));
        expect(back.center.x).toBeCloseTo(view.center.x, 4);
        expect(back.center.y).toBeCloseTo(view.center.y, 4);
        expect(back.resolution).toBeCloseTo(view.resolution, 6);
      }),
    );
  });

  it('Landmarks carries position and scale through the fitted similarity', () => {
    // Slide B is slide A mirrored, twice the size, and shifted: x' = -2x + 10, y' = 2y.
    const block: BlockLandmarks = {
      slides: [{ slideId: A }, { slideId: B }, { slideId: C }],
      landmarks: [
        { index: 0, isAutomatic: false, name: '1', positions: [position(0, 0, 0), position(1, 10, 0, true)] },
        { index: 1, isAutomatic: false, name: '2', positions: [position(0, 5, 5), position(1, 0, 10, true)] },
        { index: 2, isAutomatic: true, name: '3', positions: [position(0, 1, 2), position(1, 8, 4, true)] },
      ],
    };
    const link = landmarkLink(block, A, B)!;
    expect(link.transform.isMirrored).toBe(true);
    expect(link.resolutionRatio).toBeCloseTo(2, 9);
    const followed = followView(link, { center: { x: 100, y: 50 }, resolution: 3 });
    expect(followed.center.x).toBeCloseTo(-190, 6);
    expect(followed.center.y).toBeCloseTo(100, 6);
    expect(followed.resolution).toBeCloseTo(6, 9);
    expect(applySimilarity(landmarkLink(block, B, A)!.transform, { x: -190, y: 100 }).x).toBeCloseTo(100, 6);
    // C has no landmark position: nothing links it.
    expect(landmarkLink(block, A, C)).toBeNull();
    expect(landmarkLink(block, A, D)).toBeNull();
  });
});

describe('landmarksLoadFailureMessage', () => {
  it('takes the "none stored" 404 silently and words the rest as spec 2 §8 does', () => {
    expect(
      landmarksLoadFailureMessage({ status: 404, code: 'LANDMARKS_NOT_FOUND', message: 'x' }),
    ).toBeNull();
    expect(landmarksLoadFailureMessage({ status: 404, code: 'PROJECT_NOT_FOUND', message: 'gone' })).toBe(
      'Landmarks not found: gone',
    );
    expect(landmarksLoadFailureMessage({ status: 500, message: 'boom' })).toBe(
      'Failed to load landmarks: boom',
    );
  });
});
