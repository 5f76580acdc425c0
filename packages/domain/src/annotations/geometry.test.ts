import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boundingBoxOf,
  GEOMETRY_MESSAGES,
  geometryErrors,
  geometrySchema,
  MAX_FEATURE_VERTICES,
  roundGeometry,
  type Geometry,
} from './geometry.ts';

const region = { type: 'Freehand', classId: 'Tumor' };
const polygon = (...rings: number[][][]): Geometry => ({ type: 'Polygon', coordinates: rings as never });
const messages = (geometry: Geometry, feature = region) =>
  geometryErrors(geometry, feature).map((e) => e.message);

describe('annotation geometry (spec 2 §5)', () => {
  it('accepts a closed ring of 4 or more positions as it is', () => {
    expect(
      messages(
        polygon([
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 0],
        ]),
      ),
    ).toEqual([]);
    expect(
      messages(
        polygon(
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
            [0, 0],
          ],
          [
            [2, 2],
            [4, 2],
            [4, 4],
            [2, 2],
          ],
        ),
      ),
    ).toEqual([]);
  });

  it('marks rings of fewer than 3 distinct positions for deletion', () => {
    const closedThree = geometryErrors(
      polygon([
        [0, 0],
        [10, 0],
        [0, 0],
      ]),
      region,
    );
    expect(closedThree).toEqual([
      { message: GEOMETRY_MESSAGES.toBeDeleted, at: [[0, 0]], isToBeDeleted: true },
    ]);
    expect(
      messages(
        polygon([
          [0, 0],
          [10, 0],
        ]),
      ),
    ).toEqual([GEOMETRY_MESSAGES.toBeDeleted]);
  });

  it('marks an open ring, and a self-crossing one where it crosses', () => {
    expect(
      messages(
        polygon([
          [0, 0],
          [10, 0],
          [10, 10],
        ]),
      ),
    ).toEqual([GEOMETRY_MESSAGES.ringOpen]);
    const bowTie = geometryErrors(
      polygon([
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
        [0, 0],
      ]),
      region,
    );
    expect(bowTie).toEqual([{ message: GEOMETRY_MESSAGES.invalid, at: [[5, 5]], isToBeDeleted: false }]);
  });

  it('marks an open freehand line at both ends; rulers and the IM class are not checked', () => {
    const line: Geometry = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [5, 5],
        [9, 1],
      ],
    };
    expect(geometryErrors(line, region)).toEqual([
      {
        message: GEOMETRY_MESSAGES.openLineString,
        at: [
          [0, 0],
          [9, 1],
        ],
        isToBeDeleted: false,
      },
    ]);
    expect(geometryErrors(line, { type: 'Ruler', classId: 'Tumor' })).toEqual([]);
    expect(
      geometryErrors(
        polygon([
          [0, 0],
          [10, 0],
        ]),
        { type: 'Freehand', classId: 'IM' },
      ),
    ).toEqual([]);
  });

  it('finds no crossing in any convex polygon, however many vertices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 300 }), fc.double({ min: 1, max: 1e5, noNaN: true }), (n, r) => {
        const ring = Array.from({ length: n }, (_, i) => [
          r * Math.cos((2 * Math.PI * i) / n),
          r * Math.sin((2 * Math.PI * i) / n),
        ]);
        return geometryErrors(polygon([...ring, ring[0]!]), region).length === 0;
      }),
    );
  });

  it('refuses what is not a shape: NaN, empty, a wrong type, too many vertices', () => {
    expect(geometrySchema.safeParse({ type: 'Point', coordinates: [Number.NaN, 1] }).success).toBe(false);
    expect(geometrySchema.safeParse({ type: 'Polygon', coordinates: [] }).success).toBe(false);
    expect(geometrySchema.safeParse({ type: 'Polygon', coordinates: [[]] }).success).toBe(false);
    expect(geometrySchema.safeParse({ type: 'Circle', coordinates: [1, 1] }).success).toBe(false);
    const huge = Array.from({ length: MAX_FEATURE_VERTICES + 1 }, (_, i) => [i, 0]);
    expect(geometrySchema.safeParse({ type: 'LineString', coordinates: huge }).success).toBe(false);
  });

  it('rounds coordinates to one decimal and boxes every vertex', () => {
    expect(
      roundGeometry({
        type: 'LineString',
        coordinates: [
          [1.26, 2.04],
          [3.16, 0.04],
        ],
      }),
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [1.3, 2],
        [3.2, 0],
      ],
    });
    expect(
      boundingBoxOf(
        polygon([
          [5, 1],
          [2, 9],
          [7, 3],
          [5, 1],
        ]),
      ),
    ).toEqual({ minX: 2, minY: 1, maxX: 7, maxY: 9 });
  });
});
