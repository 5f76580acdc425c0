import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Position } from './geometry.ts';
import { boxCentre, FULL_DETAIL_RESOLUTION, simplifyGeometry, viewportDetailAt } from './level-of-detail.ts';

const circle = (n: number, r: number): Position[] => {
  const ring = Array.from(
    { length: n },
    (_, i): Position => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)],
  );
  return [...ring, ring[0]!];
};

describe('level of detail', () => {
  it('thins an outline to vertices at least the tolerance apart, closed, the ends kept', () => {
    const ring = circle(1000, 1000); // vertices about 6.3 px apart
    const simplified = simplifyGeometry({ type: 'Polygon', coordinates: [ring] }, 50);
    const kept = simplified.type === 'Polygon' ? simplified.coordinates[0]! : [];
    expect(kept.length).toBeLessThan(150);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept[0]).toEqual(ring[0]);
    expect(kept.at(-1)).toEqual(ring.at(-1));
  });

  it('never breaks a shape: rings keep 4 closed positions, lines their 2 ends, points stay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 200 }),
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        (n, tolerance) => {
          const ring = circle(n, 10);
          const polygon = simplifyGeometry({ type: 'Polygon', coordinates: [ring] }, tolerance);
          const kept = polygon.type === 'Polygon' ? polygon.coordinates[0]! : [];
          const line = simplifyGeometry({ type: 'LineString', coordinates: ring.slice(0, -1) }, tolerance);
          return (
            kept.length >= 4 &&
            kept.length <= ring.length &&
            kept[0] === ring[0] &&
            kept.at(-1) === ring.at(-1) &&
            line.type === 'LineString' &&
            line.coordinates.length >= 2
          );
        },
      ),
    );
    expect(simplifyGeometry({ type: 'Point', coordinates: [1, 2] }, 100)).toEqual({
      type: 'Point',
      coordinates: [1, 2],
    });
  });

  it('puts a centroid at the middle of the box', () => {
    expect(boxCentre({ minX: 10, minY: 20, maxX: 30, maxY: 60 })).toEqual([20, 40]);
  });

  it('asks for outlines as stored up close, thinned to a power of two beyond, centres when crowded', () => {
    expect(viewportDetailAt(0.25)).toEqual({ detail: 'full', tolerance: 1 });
    expect(viewportDetailAt(FULL_DETAIL_RESOLUTION)).toEqual({ detail: 'full', tolerance: 1 });
    expect(viewportDetailAt(3)).toEqual({ detail: 'simplified', tolerance: 2 });
    expect(viewportDetailAt(100)).toEqual({ detail: 'simplified', tolerance: 64 });
    expect(viewportDetailAt(0.5, true)).toEqual({ detail: 'centroid', tolerance: 1 });
    // A reshaping tool wants outlines as stored however far out, unless too many are in view.
    expect(viewportDetailAt(100, false, true)).toEqual({ detail: 'full', tolerance: 1 });
    expect(viewportDetailAt(100, true, true)).toEqual({ detail: 'centroid', tolerance: 1 });
    expect(viewportDetailAt(Number.NaN)).toEqual({ detail: 'full', tolerance: 1 });
    fc.assert(
      fc.property(fc.double({ min: 2.001, max: 1e6, noNaN: true }), (resolution) => {
        const { tolerance } = viewportDetailAt(resolution);
        // About a screen pixel: never more than the resolution, never less than half of it.
        return (
          tolerance <= resolution && tolerance > resolution / 2 && Number.isInteger(Math.log2(tolerance))
        );
      }),
    );
  });
});
