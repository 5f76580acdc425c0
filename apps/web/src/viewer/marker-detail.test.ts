import { describe, expect, it } from 'vitest';
import { thinnedMarkers, thinningCell, type MarkerPoints } from './marker-detail.ts';

const points = (xy: [number, number][], dead: number[] = []): MarkerPoints => ({
  count: xy.length,
  x: xy.map((p) => p[0]),
  y: xy.map((p) => p[1]),
  isLive: (i) => !dead.includes(i),
});

describe('thinningCell', () => {
  it('is the radius in image pixels, rounded down to a half power of two', () => {
    expect(thinningCell(100, 5)).toBe(2 ** 8.5);
    expect(thinningCell(64, 4)).toBe(256);
    expect(thinningCell(0.5, 5)).toBe(2);
  });

  it('draws whole under 2 image pixels', () => {
    expect(thinningCell(0.25, 5)).toBeNull();
    expect(thinningCell(0.05, 30)).toBeNull();
    expect(thinningCell(Number.NaN, 5)).toBeNull();
  });
});

describe('thinnedMarkers', () => {
  it('keeps the first live marker of each cell, in index order', () => {
    const crowd = points(
      [
        [1, 1],
        [2, 2],
        [3, 9],
        [15, 1],
        [16, 3],
        [40, 40],
      ],
      [0],
    );
    expect([...thinnedMarkers(crowd, 10)!]).toEqual([1, 3, 5]);
  });

  it('keeps every marker of a sparse area', () => {
    const sparse = points(Array.from({ length: 50 }, (_, i) => [i * 100 + 5, (i % 7) * 100 + 5]));
    expect(thinnedMarkers(sparse, 64)).toHaveLength(50);
  });

  it('leaves a grid too large to the whole drawing', () => {
    expect(thinnedMarkers(points([[1e6, 1e6]]), 2)).toBeNull();
  });

  it('counts a marker off the image in the edge cell', () => {
    expect([
      ...thinnedMarkers(
        points([
          [-5, -5],
          [3, 3],
          [30, 30],
        ]),
        16,
      )!,
    ]).toEqual([0, 2]);
  });
});
