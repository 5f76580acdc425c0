import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyInverseSimilarity,
  applySimilarity,
  similarityFromLandmarks,
  type Point,
  type SimilarityTransform,
} from './landmark-similarity.ts';

/**
 * Within a millionth of a pixel: "exact" up to rounding. Coordinates reach 1e5 pixels and 20,000 runs of
 * the recovery property stayed under 2e-9, so this leaves room without hiding a wrong fit.
 */
const expectClose = (actual: Point, expected: Point) => {
  expect(Math.abs(actual.x - expected.x)).toBeLessThan(1e-6);
  expect(Math.abs(actual.y - expected.y)).toBeLessThan(1e-6);
};

const coordinate = fc.double({ min: -1e5, max: 1e5, noNaN: true });
const point = fc.record({ x: coordinate, y: coordinate });
const transform = fc.record({
  scale: fc.double({ min: 0.1, max: 10, noNaN: true }),
  rotation: fc.double({ min: -Math.PI + 1e-6, max: Math.PI, noNaN: true }),
  translation: point,
  isMirrored: fc.boolean(),
});
/** At least two source points, two of them at least 10 pixels apart (nothing to fit a turn by otherwise). */
const spreadPoints = fc
  .array(point, { minLength: 2, maxLength: 12 })
  .filter((ps) => ps.some((p) => Math.hypot(p.x - ps[0]!.x, p.y - ps[0]!.y) >= 10));

describe('similarityFromLandmarks', () => {
  it('recovers a known transform exactly from two or more pairs', () => {
    fc.assert(
      fc.property(transform, spreadPoints, (known: SimilarityTransform, from) => {
        const pairs = from.map((p) => ({ from: p, to: applySimilarity(known, p) }));
        const fitted = similarityFromLandmarks(pairs, { isMirrored: known.isMirrored })!;
        expect(fitted.isMirrored).toBe(known.isMirrored);
        expect(fitted.scale).toBeCloseTo(known.scale, 6);
        // Angles wrap at ±π: compare as directions.
        expect(Math.cos(fitted.rotation)).toBeCloseTo(Math.cos(known.rotation), 6);
        expect(Math.sin(fitted.rotation)).toBeCloseTo(Math.sin(known.rotation), 6);
        for (const p of [...from, { x: 12345, y: -678 }])
          expectClose(applySimilarity(fitted, p), applySimilarity(known, p));
      }),
    );
  });

  it('applies the inverse: back to the source position', () => {
    fc.assert(
      fc.property(transform, point, (t: SimilarityTransform, p) => {
        expectClose(applyInverseSimilarity(t, applySimilarity(t, p)), p);
      }),
    );
  });

  it('fits only the translation from a single pair, or from source points that coincide', () => {
    const one = similarityFromLandmarks([{ from: { x: 10, y: 20 }, to: { x: 110, y: 5 } }])!;
    expect(one).toEqual({ scale: 1, rotation: 0, translation: { x: 100, y: -15 }, isMirrored: false });
    const same = similarityFromLandmarks([
      { from: { x: 1, y: 1 }, to: { x: 0, y: 0 } },
      { from: { x: 1, y: 1 }, to: { x: 2, y: 2 } },
    ])!;
    expect(same.scale).toBe(1);
    expect(same.rotation).toBe(0);
    expect(same.translation).toEqual({ x: 0, y: 0 }); // onto the targets' centroid (1, 1)
  });

  it('mirrors the source on its y axis when the flip states differ', () => {
    const flipped = similarityFromLandmarks([{ from: { x: 10, y: 20 }, to: { x: 90, y: 20 } }], {
      isMirrored: true,
    })!;
    expect(flipped.translation).toEqual({ x: 100, y: 0 });
    expect(applySimilarity(flipped, { x: 0, y: 7 })).toEqual({ x: 100, y: 7 });
    // Two pairs: a pure mirror about x = 50 is found as the mirror plus a translation of 100.
    const pairs = [
      { from: { x: 0, y: 0 }, to: { x: 100, y: 0 } },
      { from: { x: 40, y: 10 }, to: { x: 60, y: 10 } },
    ];
    const fitted = similarityFromLandmarks(pairs, { isMirrored: true })!;
    expect(fitted.scale).toBeCloseTo(1, 12);
    expect(fitted.rotation).toBeCloseTo(0, 12);
    expectClose(applySimilarity(fitted, { x: 25, y: 3 }), { x: 75, y: 3 });
  });

  it('is the least-squares fit when the landmarks disagree', () => {
    // A unit square whose targets are the square nudged: the fit lies between, and averages the noise out.
    const square = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    const noise = [
      { x: 1, y: 0 },
      { x: -1, y: 0 },
      { x: 1, y: 0 },
      { x: -1, y: 0 },
    ];
    const fitted = similarityFromLandmarks(
      square.map((p, i) => ({ from: p, to: { x: p.x + 5 + noise[i]!.x, y: p.y + noise[i]!.y } })),
    )!;
    expect(fitted.scale).toBeCloseTo(1, 3);
    expect(fitted.rotation).toBeCloseTo(0, 3);
    expectClose(fitted.translation, { x: 5, y: 0 });
  });

  it('answers null without pairs', () => {
    expect(similarityFromLandmarks([])).toBeNull();
  });
});
