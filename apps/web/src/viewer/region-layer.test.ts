import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type Feature from 'ol/Feature.js';
import type { SimpleGeometry } from 'ol/geom.js';
import {
  decodeRegions,
  encodeRegions,
  REGION_ANNOTATION_TYPES,
  type Geometry,
  type Position,
  type RegionRecord,
} from '@tessera/domain';
import { RegionLayer } from './region-layer.ts';

const WIDTH = 10_000;
const position = fc.tuple(
  fc.double({ min: 0, max: WIDTH, noNaN: true }),
  fc.double({ min: 0, max: 8000, noNaN: true }),
);
const ring = fc.array(position, { minLength: 4, maxLength: 9 });
const geometry: fc.Arbitrary<Geometry> = fc.oneof(
  fc
    .array(ring, { minLength: 1, maxLength: 3 })
    .map((coordinates) => ({ type: 'Polygon' as const, coordinates })),
  fc
    .array(position, { minLength: 2, maxLength: 6 })
    .map((coordinates) => ({ type: 'LineString' as const, coordinates })),
  position.map((coordinates) => ({ type: 'Point' as const, coordinates })),
);
const region: fc.Arbitrary<RegionRecord> = fc.record({
  id: fc.nat(),
  classId: fc.constantFrom('Tumor', 'Stroma', 'FOV'),
  type: fc.constantFrom(...REGION_ANNOTATION_TYPES),
  isLocked: fc.boolean(),
  geometry,
});

/** A layer showing one answer of `regions`, resolved once the reader's promise has. */
async function shown(regions: RegionRecord[], isFlipped: boolean): Promise<Feature[]> {
  const answer = decodeRegions(encodeRegions(regions));
  let done!: () => void;
  const drawn = new Promise<void>((resolve) => (done = resolve));
  const layer = new RegionLayer(() => Promise.resolve(answer), WIDTH, {
    classes: new Map(),
    display: { isVisible: true, areLabelsVisible: true, isFilled: false, fillOpacity: 0.5 },
    isFlipped,
    onError: (error) => {
      throw error;
    },
    onShown: () => done(),
  });
  layer.showView({ minX: 0, minY: 0, maxX: WIDTH, maxY: 8000 }, 1);
  await drawn;
  return layer.layer.getSource()!.getFeatures();
}

/** What the map should show of a geometry: y negated, x mirrored when flipped. */
function expected(g: Geometry, isFlipped: boolean) {
  const at = ([x, y]: Position) => [isFlipped ? WIDTH - x : x, -y];
  if (g.type === 'Point') return { type: 'Point', coordinates: at(g.coordinates) };
  if (g.type === 'LineString') return { type: 'LineString', coordinates: g.coordinates.map(at) };
  return { type: 'Polygon', coordinates: g.coordinates.map((r) => r.map(at)) };
}

describe('RegionLayer', () => {
  it('draws each region of a binary answer where the map shows it: rings, lines and points, flipped or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(region, { maxLength: 20, selector: (r) => r.id }),
        fc.boolean(),
        async (regions, isFlipped) => {
          const features = await shown(regions, isFlipped);
          const byId = new Map(features.map((f) => [f.getId(), f]));
          expect(byId.size).toBe(regions.length);
          for (const r of regions) {
            const feature = byId.get(String(r.id))!;
            const g = feature.getGeometry() as SimpleGeometry;
            expect({ type: g.getType(), coordinates: g.getCoordinates() }).toEqual(
              expected(r.geometry, isFlipped),
            );
            expect(feature.get('classId')).toBe(r.classId);
            expect(feature.get('isLocked')).toBe(r.isLocked);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
