import { describe, expect, it } from 'vitest';
import { geometryErrors, type Geometry } from './geometry.ts';
import { repairFeatures } from './repair.ts';

const freehand = (geometry: Geometry, classId = 'Tumor') => ({ geometry, type: 'Freehand', classId });
const polygon = (...rings: number[][][]): Geometry => ({ type: 'Polygon', coordinates: rings as never });
const square = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];

describe('repair of invalid annotations (spec 2 §4)', () => {
  it('leaves valid annotations, rulers and the IM class alone', () => {
    const bowTie = polygon([
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
      [0, 0],
    ]);
    expect(
      repairFeatures([
        freehand(polygon(square)),
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [5, 0],
            ],
          },
          type: 'Ruler',
          classId: 'Tumor',
        },
        freehand(bowTie, 'IM'),
      ]),
    ).toEqual({ fixed: [], created: [], toDelete: [] });
  });

  it('untangles a self-crossing outline with a zero-width buffer into a valid polygon', () => {
    const crossing = polygon([
      [0, 0],
      [20, 0],
      [20, 10],
      [10, 10],
      [10, -5],
      [5, -5],
      [5, 5],
      [0, 5],
      [0, 0],
    ]);
    const { fixed, toDelete } = repairFeatures([freehand(crossing)]);
    expect(toDelete).toEqual([]);
    expect(fixed).toHaveLength(1);
    expect(geometryErrors(fixed[0]!.geometry, freehand(fixed[0]!.geometry))).toEqual([]);
  });

  it('makes new annotations of the further parts of a multi-part result', () => {
    // Two squares joined by a zero-width neck: the buffer gives two polygons.
    const twoParts = polygon([
      [0, 0],
      [10, 0],
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
      [10, 10],
      [0, 10],
      [0, 0],
    ]);
    const { fixed, created } = repairFeatures([freehand(polygon(square)), freehand(twoParts)]);
    expect(fixed.map((f) => f.index)).toEqual([1]);
    expect(created).toEqual([{ from: 1, geometry: expect.objectContaining({ type: 'Polygon' }) }]);
  });

  it('closes open rings and open freehand lines; deletes what encloses nothing', () => {
    const open = polygon([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    const line: Geometry = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
    };
    const { fixed, toDelete } = repairFeatures([
      freehand(open),
      freehand(line),
      freehand(
        polygon([
          [0, 0],
          [10, 0],
          [0, 0],
        ]),
      ),
      freehand({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [10, 0],
        ],
      }),
    ]);
    expect(fixed.map((f) => f.index)).toEqual([0, 1]);
    for (const { geometry } of fixed) expect(geometryErrors(geometry, freehand(geometry))).toEqual([]);
    expect(toDelete).toEqual([2, 3]);
  });
});
