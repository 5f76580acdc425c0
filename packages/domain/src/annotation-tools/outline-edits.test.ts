import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from '../annotations/geometry.ts';
import {
  continuedLine,
  correctedOutline,
  isInPolygon,
  lineEndNear,
  nearestOnOutline,
  withHole,
} from './outline-edits.ts';

// A 100 × 100 square, corners in order, closed.
const square: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ],
  ],
};

describe('outline edits (spec 2 §4 Drawing)', () => {
  it('finds the nearest point of an outline, along its segments', () => {
    const near = nearestOnOutline(square, [50, -3])!;
    expect(near).toMatchObject({ ring: 0, at: 0.5, point: [50, 0], distance: 3 });
    expect(nearestOnOutline(square, [103, 25])!.at).toBeCloseTo(1.25);
  });

  it('corrects a stretch of a polygon, keeping the larger side', () => {
    // A bump outwards on the top edge, from x 20 to x 80.
    const from = nearestOnOutline(square, [20, 0])!;
    const to = nearestOnOutline(square, [80, 0])!;
    const corrected = correctedOutline(square, from, to, [
      [20, 0],
      [50, -30],
      [80, 0],
    ]);
    expect(corrected).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [20, 0],
          [50, -30],
          [80, 0],
          [100, 0],
          [100, 100],
          [0, 100],
          [0, 0],
          [20, 0],
        ],
      ],
    });
  });

  it('corrects across the ring start, and in either direction', () => {
    // From the left edge round the bottom-left corner to the top edge, drawn backwards.
    const from = nearestOnOutline(square, [20, 0])!;
    const to = nearestOnOutline(square, [0, 20])!;
    const corrected = correctedOutline(square, from, to, [
      [20, 0],
      [10, 10],
      [0, 20],
    ]);
    expect(corrected?.type).toBe('Polygon');
    const ring = (corrected as { coordinates: Position[][] }).coordinates[0]!;
    // The corner (0,0) is cut off; the other three corners stay.
    expect(ring).not.toContainEqual([0, 0]);
    expect(ring).toEqual(
      expect.arrayContaining([
        [100, 0],
        [100, 100],
        [0, 100],
        [10, 10],
      ]),
    );
  });

  it('corrects a line between two of its points, or redraws its tail', () => {
    const line: Geometry = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [10, 0],
        [20, 0],
        [30, 0],
      ],
    };
    const from = nearestOnOutline(line, [5, 0])!;
    const to = nearestOnOutline(line, [25, 0])!;
    expect(
      correctedOutline(line, to, from, [
        [25, 0],
        [15, 10],
        [5, 0],
      ]),
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [5, 0],
        [15, 10],
        [25, 0],
        [30, 0],
      ],
    });
  });

  it('continues an open line from the end it was pressed near', () => {
    const line: Position[] = [
      [0, 0],
      [10, 0],
    ];
    expect(lineEndNear(line, [11, 1], 5)).toBe('end');
    expect(lineEndNear(line, [-2, 0], 5)).toBe('start');
    expect(lineEndNear(line, [5, 20], 5)).toBeNull();
    expect(continuedLine(line, 'start', [[-5, 0]])).toEqual([
      [10, 0],
      [0, 0],
      [-5, 0],
    ]);
  });

  it('cuts a hole only for a stroke wholly inside the polygon', () => {
    const stroke: Position[] = [
      [40, 40],
      [60, 40],
      [60, 60],
      [40, 60],
    ];
    const cut = withHole(square, stroke) as Geometry & { type: 'Polygon' };
    expect(cut.coordinates).toHaveLength(2);
    expect(cut.coordinates[1]).toEqual([...stroke, [40, 40]]);
    expect(isInPolygon([50, 50], cut.coordinates)).toBe(false);
    expect(isInPolygon([10, 10], cut.coordinates)).toBe(true);
    expect(
      withHole(square, [
        [40, 40],
        [160, 40],
        [60, 60],
      ]),
    ).toBeNull();
    expect(
      withHole(cut, [
        [45, 45],
        [55, 45],
        [55, 55],
      ]),
    ).toBeNull();
  });
});
