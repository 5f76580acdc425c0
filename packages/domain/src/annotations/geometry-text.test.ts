import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Geometry, Position } from './geometry.ts';
import { readGeometryText } from './geometry-text.ts';
import { decodeRegions, RegionCollector, regionAt, type RegionRecord } from './binary-transport.ts';
import { simplifyGeometry } from './level-of-detail.ts';

/** Numbers as stored (one or two decimals) and every other double JSON can hold: exponents, -0, 17 digits. */
const coordinate = fc.oneof(
  fc.integer({ min: -100_000, max: 2_000_000 }).map((n) => n / 10),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 1e-7, 5e-324, 1e21, 123456789012345.6, 0.1 + 0.2),
);
const position: fc.Arbitrary<Position> = fc.oneof(
  fc.tuple(coordinate, coordinate),
  fc.tuple(coordinate, coordinate, coordinate),
);
const geometry: fc.Arbitrary<Geometry> = fc.oneof(
  fc
    .array(fc.array(position, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 })
    .map((coordinates) => ({ type: 'Polygon' as const, coordinates })),
  fc
    .array(position, { minLength: 1, maxLength: 12 })
    .map((coordinates) => ({ type: 'LineString' as const, coordinates })),
  position.map((coordinates) => ({ type: 'Point' as const, coordinates })),
);

/** What the reader hands over, as rings of [x, y]. */
function read(text: string) {
  const rings: [number, number][][] = [];
  const type = readGeometryText(text, {
    ring: () => rings.push([]),
    position: (x, y) => rings.at(-1)!.push([x, y]),
  });
  return { type, rings };
}

const ringsOf = (g: Geometry): Position[][] =>
  g.type === 'Polygon' ? g.coordinates : g.type === 'LineString' ? [g.coordinates] : [[g.coordinates]];

describe('readGeometryText', () => {
  it('reads every number exactly as JSON.parse does, whatever the shape and the key order', () => {
    fc.assert(
      fc.property(geometry, fc.boolean(), (g, isTypeLast) => {
        const text = JSON.stringify(isTypeLast ? { coordinates: g.coordinates, type: g.type } : g);
        const parsed = JSON.parse(text) as Geometry;
        const { type, rings } = read(text);
        expect(type).toBe(g.type);
        const expected = ringsOf(parsed).map((ring) => ring.map(([x, y]) => [x, y]));
        // toEqual tells -0 from 0 as Object.is does.
        expect(rings).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('answers null for text it does not know, so the caller parses it', () => {
    for (const text of [
      '',
      '{"type":"Polygon"}',
      '{"type":"Polygon","coordinates":[]}',
      '{"type":"LineString","coordinates":[[[1,2]]]}',
      '{"type":"Polygon","coordinates":[[[1,2],[3]]]}',
      '{"type":"Point","coordinates":[1,"2"]}',
      '{"type":"Point","coordinates":[1.,2]}',
      '{"type":"Point","coordinates":[1, 2]}',
      '{"type":"Point","coordinates":[[[[1,2]]]]}',
    ])
      expect(read(text).type, text).toBeNull();
  });
});

describe('RegionCollector', () => {
  const region = (g: Geometry, id: number): RegionRecord => ({
    id,
    classId: ['Tumor', 'Stroma'][id % 2]!,
    type: 'Freehand',
    isLocked: id % 3 === 0,
    geometry: g,
  });
  /** A record as the transport carries it: x and y only. */
  const flat = (r: RegionRecord): RegionRecord => {
    const xy = ([x, y]: Position): Position => [x, y];
    const g = r.geometry;
    const geometry: Geometry =
      g.type === 'Point'
        ? { type: 'Point', coordinates: xy(g.coordinates) }
        : g.type === 'LineString'
          ? { type: 'LineString', coordinates: g.coordinates.map(xy) }
          : { type: 'Polygon', coordinates: g.coordinates.map((ring) => ring.map(xy)) };
    return { ...r, geometry };
  };

  it('gives the same regions from stored text as from parsed geometries, thinned or not', () => {
    fc.assert(
      fc.property(
        fc.array(geometry, { maxLength: 12 }),
        fc.option(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { nil: undefined }),
        (geometries, tolerance) => {
          const fromText = new RegionCollector();
          const fromParsed = new RegionCollector();
          geometries.forEach((g, i) => {
            const text = JSON.stringify(g);
            // The stored geometry is what its text says (JSON writes -0 as 0).
            const r = region(JSON.parse(text) as Geometry, i);
            expect(fromText.addText(r.id, r.classId, r.type, r.isLocked, text, tolerance)).toBe(true);
            fromParsed.add(
              tolerance === undefined ? r : { ...r, geometry: simplifyGeometry(r.geometry, tolerance) },
            );
          });
          const a = decodeRegions(fromText.encode());
          const b = decodeRegions(fromParsed.encode());
          expect(geometries.map((_, i) => regionAt(a, i))).toEqual(
            geometries.map((_, i) => flat(regionAt(b, i))),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds nothing for a text it cannot read', () => {
    const c = new RegionCollector();
    c.addText(1, 'Tumor', 'Freehand', false, '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}');
    expect(c.addText(2, 'Tumor', 'Freehand', false, '{"type":"Polygon","coordinates":[[[0,0],[1,x]]]}')).toBe(
      false,
    );
    c.addPoint(3, 'Stroma', 'Freehand', true, 5, 6);
    const decoded = decodeRegions(c.encode());
    expect([0, 1].map((i) => regionAt(decoded, i))).toEqual([
      {
        id: 1,
        classId: 'Tumor',
        type: 'Freehand',
        isLocked: false,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      },
      {
        id: 3,
        classId: 'Stroma',
        type: 'Freehand',
        isLocked: true,
        geometry: { type: 'Point', coordinates: [5, 6] },
      },
    ]);
  });
});
