/**
 * Large viewports are read in bands (annotation-viewport.queries.ts) on both databases: for any viewport,
 * the answer holds exactly the features whose box meets it — those across a band's edge, taller than a
 * band, or starting above the viewport included — each once; cut short at `limit` across bands; and the
 * whole set (no viewport) in item order.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createRandom } from '@tessera/wsi';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';

const SLIDE = { width: 100_000, height: 50_000 };
const COUNT = 600;

type Rect = { minX: number; minY: number; maxX: number; maxY: number };
const rectangle = (r: Rect) => ({
  type: 'Polygon',
  coordinates: [
    [
      [r.minX, r.minY],
      [r.maxX, r.minY],
      [r.maxX, r.maxY],
      [r.minX, r.maxY],
      [r.minX, r.minY],
    ],
  ],
});

/** Seeded features of every size: cells, glands, strips as tall as several bands, one whole-slide ROI. */
function makeRects(): Rect[] {
  const next = createRandom(13);
  const rects: Rect[] = [{ minX: 0, minY: 0, maxX: SLIDE.width, maxY: SLIDE.height }];
  for (let i = 1; i < COUNT; i++) {
    const w = i % 10 === 0 ? 200 + next() * 3000 : 10 + next() * 200;
    const h = i % 7 === 0 ? 5000 + next() * 30_000 : 10 + next() * 200;
    const minX = Math.round(next() * (SLIDE.width - w) * 10) / 10;
    const minY = Math.round(next() * (SLIDE.height - h) * 10) / 10;
    rects.push({
      minX,
      minY,
      maxX: Math.round((minX + w) * 10) / 10,
      maxY: Math.round((minY + h) * 10) / 10,
    });
  }
  return rects;
}

describeEachDialect('annotation viewport bands', (t) => {
  const rects = makeRects();
  let reader: TestUser;
  let url: string;
  const get = async (query: string) => {
    const answer = await t().request(reader, { method: 'GET', url: `${url}/features?${query}` });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ features: { id: string }[]; truncated?: boolean }>();
  };
  /** The ids whose rectangle meets the box, counted the slow way (item ids are 1-based, in order). */
  const meeting = (b: Rect) =>
    rects.flatMap((r, i) =>
      r.minX <= b.maxX && r.maxX >= b.minX && r.minY <= b.maxY && r.maxY >= b.minY ? [String(i + 1)] : [],
    );

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'bands.svs' }], SLIDE);
    reader = made.reader;
    const base = `/v1/projects/${made.projectId}`;
    const setId = (
      await t().request(made.writer, {
        method: 'POST',
        url: `${base}/slides/${made.slideIds[0]!}/annotation-sets`,
        payload: { name: 'Bands' },
      })
    ).json<{ id: string }>().id;
    url = `${base}/annotation-sets/${setId}`;
    const created = await t().request(made.writer, {
      method: 'POST',
      url: `${url}/features`,
      payload: {
        type: 'FeatureCollection',
        features: rects.map((r) => ({
          type: 'Feature',
          geometry: rectangle(r),
          properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
        })),
      },
    });
    expect(created.statusCode).toBe(201);
  });

  it('answers exactly the features meeting any viewport, each once, however it is cut into bands', async () => {
    // A viewport has an area: a corner, then a size of at least a pixel that stays on the slide.
    const viewport = fc
      .record({
        x: fc.integer({ min: 0, max: SLIDE.width - 1 }),
        y: fc.integer({ min: 0, max: SLIDE.height - 1 }),
      })
      .chain(({ x, y }) =>
        fc.record({
          minX: fc.constant(x),
          minY: fc.constant(y),
          maxX: fc.integer({ min: x + 1, max: SLIDE.width }),
          maxY: fc.integer({ min: y + 1, max: SLIDE.height }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(viewport, async (box) => {
        const answer = await get(`bbox=${box.minX},${box.minY},${box.maxX},${box.maxY}`);
        const ids = answer.features.map((f) => f.id);
        expect(ids.length).toBe(new Set(ids).size);
        expect([...ids].sort()).toEqual(meeting(box).sort());
        expect(answer.truncated).toBe(false);
      }),
      { numRuns: 40 },
    );
    // The whole slide: eight bands, and a band edge through many features.
    const whole = await get(`bbox=0,0,${SLIDE.width},${SLIDE.height}`);
    expect(whole.features).toHaveLength(COUNT);
  });

  it('cuts a banded viewport short at the limit, and says so only when there were more', async () => {
    const box = `bbox=0,0,${SLIDE.width},${SLIDE.height}`;
    for (const limit of [1, 7, 250, COUNT - 1]) {
      const answer = await get(`${box}&limit=${limit}`);
      expect(answer.features).toHaveLength(limit);
      expect(new Set(answer.features.map((f) => f.id)).size).toBe(limit);
      expect(answer.truncated).toBe(true);
    }
    const exact = await get(`${box}&limit=${COUNT}`);
    expect(exact.features).toHaveLength(COUNT);
    expect(exact.truncated).toBe(false);
  });

  it('answers the whole set without a viewport, by item id', async () => {
    // `limit` cuts viewports only.
    const all = await get('detail=full&limit=5');
    expect(all.features.map((f) => Number(f.id))).toEqual(rects.map((_, i) => i + 1));
  });
});
