import { describe, expect, it } from 'vitest';
import { FOV_CIRCLE_POINTS, fovGeometry, fovSizeOf } from './field-of-view.ts';

const mpp = { x: 0.5e-6, y: 0.5e-6 };

describe('field of view (spec 2 §4, §5, §9)', () => {
  it('clamps the size to a whole number of 1 to 75,000 µm, the default for what is not a number', () => {
    expect(fovSizeOf('0')).toBe(1);
    expect(fovSizeOf(80_000)).toBe(75_000);
    expect(fovSizeOf('12.6')).toBe(13);
    expect(fovSizeOf('abc')).toBe(250);
    expect(fovSizeOf('')).toBe(250);
    expect(fovSizeOf(undefined)).toBe(250);
  });

  it('draws a circle of 62 points, closed, the size across', () => {
    const g = fovGeometry([1000, 1000], 250, mpp, 'circle');
    if (g.type !== 'Polygon') throw new Error('not a polygon');
    const ring = g.coordinates[0]!;
    expect(ring).toHaveLength(FOV_CIRCLE_POINTS + 1);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // 250 µm at 0.5 µm a pixel: 500 pixels across.
    const xs = ring.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(500, 6);
  });

  it('draws a square the side long, each axis by its own pixel size', () => {
    const g = fovGeometry([0, 0], 100, { x: 1e-6, y: 2e-6 }, 'square');
    expect(g.coordinates).toEqual([
      [
        [-50, -25],
        [50, -25],
        [50, 25],
        [-50, 25],
        [-50, -25],
      ],
    ]);
  });
});
