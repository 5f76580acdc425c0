import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CELL_MARKER_RANKINGS, CELL_MARKER_RATINGS, REGION_ANNOTATION_TYPES } from './annotation-features.ts';
import {
  decodeCellMarkers,
  decodeRegions,
  CellMarkerCollector,
  encodeCellMarkers,
  encodeRegions,
  markerAt,
  regionAt,
  type MarkerRecord,
  type RegionRecord,
} from './binary-transport.ts';
import type { Position } from './geometry.ts';

const coordinate = fc.double({ min: 0, max: 200_000, noNaN: true });
const position = fc.tuple(coordinate, coordinate) as fc.Arbitrary<Position>;
const classId = fc.constantFrom('Tumor', 'Stroma', 'Ünïcode class', 'FOV', 'x'.repeat(64));
const markerClass = fc.record(
  {
    classId,
    rating: fc.constantFrom(...CELL_MARKER_RATINGS),
    ranking: fc.constantFrom(...CELL_MARKER_RANKINGS),
  },
  { requiredKeys: ['classId'] },
);
const marker: fc.Arbitrary<MarkerRecord> = fc.record({
  id: fc.integer({ min: 1, max: 0xffffffff }),
  x: coordinate,
  y: coordinate,
  classes: fc.array(markerClass, { minLength: 1, maxLength: 4 }),
});
const geometry = fc.oneof(
  fc
    .array(fc.array(position, { minLength: 4, maxLength: 30 }), { minLength: 1, maxLength: 3 })
    .map((rings) => ({
      type: 'Polygon' as const,
      coordinates: rings,
    })),
  fc
    .array(position, { minLength: 2, maxLength: 30 })
    .map((line) => ({ type: 'LineString' as const, coordinates: line })),
  position.map((p) => ({ type: 'Point' as const, coordinates: p })),
);
const region: fc.Arbitrary<RegionRecord> = fc.record({
  id: fc.integer({ min: 1, max: 0xffffffff }),
  classId,
  type: fc.constantFrom(...REGION_ANNOTATION_TYPES),
  isLocked: fc.boolean(),
  geometry,
});

describe('binary transport', () => {
  it('gives every cell marker back exactly, classes, ratings and rankings included', () => {
    fc.assert(
      fc.property(fc.array(marker, { maxLength: 60 }), (markers) => {
        const decoded = decodeCellMarkers(encodeCellMarkers(markers));
        expect(markers.map((_, i) => markerAt(decoded, i))).toEqual(markers);
      }),
    );
  });

  it('grows as markers stream in: thousands, one at a time, come back exactly', () => {
    fc.assert(
      fc.property(
        fc.array(marker, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1000, max: 5000 }),
        (kinds, count) => {
          const markers = Array.from({ length: count }, (_, i) => ({
            ...kinds[i % kinds.length]!,
            id: i + 1,
          }));
          const collector = new CellMarkerCollector();
          for (const m of markers) collector.add(m.id, m.x, m.y, m.classes);
          expect(collector.count).toBe(count);
          const decoded = decodeCellMarkers(collector.encode());
          expect(markers.map((_, i) => markerAt(decoded, i))).toEqual(markers);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('gives every region back exactly: polygons with holes, lines, points, class, type and lock', () => {
    fc.assert(
      fc.property(fc.array(region, { maxLength: 40 }), fc.boolean(), (regions, truncated) => {
        const decoded = decodeRegions(encodeRegions(regions, { truncated }));
        expect(regions.map((_, i) => regionAt(decoded, i))).toEqual(regions);
        expect(decoded.truncated).toBe(truncated);
      }),
    );
  });

  it('lays the arrays out for the GPU: aligned views over one buffer, nothing copied', () => {
    const decoded = decodeCellMarkers(
      encodeCellMarkers([{ id: 7, x: 1.5, y: 2.25, classes: [{ classId: 'Tumor' }] }]),
    );
    expect(decoded.x.buffer).toBe(decoded.ids.buffer);
    expect(decoded.x.byteOffset % 8).toBe(0);
    expect(decoded.ids.byteOffset % 4).toBe(0);
    expect([...decoded.x, ...decoded.y]).toEqual([1.5, 2.25]);
  });

  it('refuses a buffer of another kind or format', () => {
    expect(() => decodeRegions(encodeCellMarkers([]))).toThrow(/TSRA/);
    const older = encodeRegions([]);
    new DataView(older).setUint32(4, 1, true);
    expect(() => decodeRegions(older)).toThrow(/TSRA format 2/);
  });
});
