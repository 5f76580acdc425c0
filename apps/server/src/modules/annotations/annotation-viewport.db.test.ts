/**
 * The viewport query on both databases (issue #13 point 4): exactly the annotations whose box meets the
 * viewport (against a brute-force count), in the working state and in a version, cut short at `limit`
 * with `truncated`, thinned outlines and centroids, and refused viewports with the spec's messages.
 */
import { beforeAll, expect, it } from 'vitest';
import { VIEWER_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';

const GRID = 20; // 20 × 20 squares of 40 px, 100 px apart
const circle = (cx: number, cy: number, r: number, n = 64) => {
  const ring = Array.from({ length: n }, (_, i) => [
    cx + r * Math.cos((2 * Math.PI * i) / n),
    cy + r * Math.sin((2 * Math.PI * i) / n),
  ]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
};
const square = (x: number, y: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + 40, y],
      [x + 40, y + 40],
      [x, y + 40],
      [x, y],
    ],
  ],
});

interface Answer {
  features: { id: string; geometry: { type: string; coordinates: number[][][] | number[] } }[];
  truncated?: boolean;
}

describeEachDialect('annotation viewport', (t) => {
  let reader: TestUser;
  let projectId: string;
  let setId: string;
  let owner: TestUser;
  let slide: string;
  const get = async (query: string) => {
    const answer = await t().request(reader, {
      method: 'GET',
      url: `/v1/projects/${projectId}/annotation-sets/${setId}/features?${query}`,
    });
    return { status: answer.statusCode, body: answer.json<Answer & { message?: string }>() };
  };
  /** The squares a box meets, counted the slow way. */
  const expected = (minX: number, minY: number, maxX: number, maxY: number) => {
    let n = 0;
    for (let i = 0; i < GRID; i++)
      for (let j = 0; j < GRID; j++) {
        const [x, y] = [i * 100 + 10, j * 100 + 10];
        if (x <= maxX && x + 40 >= minX && y <= maxY && y + 40 >= minY) n++;
      }
    return n;
  };

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'viewport.svs' }], { width: 3000, height: 3000 });
    const { writer, slideIds } = made;
    ({ reader, projectId } = made);
    const slideId = slideIds[0]!;
    [owner, slide] = [writer, slideId];
    const base = `/v1/projects/${projectId}`;
    setId = (
      await t().request(writer, {
        method: 'POST',
        url: `${base}/slides/${slideId}/annotation-sets`,
        payload: { name: 'Grid' },
      })
    ).json<{ id: string }>().id;
    const features = [];
    for (let i = 0; i < GRID; i++)
      for (let j = 0; j < GRID; j++)
        features.push({
          type: 'Feature',
          geometry: square(i * 100 + 10, j * 100 + 10),
          properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
        });
    features.push({
      type: 'Feature',
      geometry: circle(2500, 2500, 200, 512),
      properties: { annotationType: 'Freehand', annotationClass: 'Stroma' },
    });
    const url = `${base}/annotation-sets/${setId}`;
    await t().request(writer, {
      method: 'POST',
      url: `${url}/features`,
      payload: { type: 'FeatureCollection', features },
    });
    await t().request(writer, { method: 'POST', url: `${url}/versions` });
    await t().request(writer, {
      method: 'POST',
      url: `${url}/features/purge`,
      payload: { annotationIds: ['1', '2'] },
    });
  });

  it('answers exactly the annotations whose box meets the viewport, edges included', async () => {
    for (const box of [
      [0, 0, 3000, 3000],
      [10, 10, 11, 11],
      [55, 55, 105, 105],
      [150.5, 230, 480, 1210.25],
      [1990, 1990, 2100, 2100],
    ] as const) {
      const { status, body } = await get(`bbox=${box.join(',')}`);
      expect(status).toBe(200);
      const squares = body.features.filter((f) => f.id !== String(GRID * GRID + 1));
      // Squares 1 and 2 (the first column's top two) were purged after the version.
      expect(squares.length, box.join(',')).toBe(expected(box[0], box[1], box[2], box[3]) - deadIn(box));
      expect(body.truncated).toBe(false);
    }
  });

  it("finds only the set's own annotations where another set of the same slide has some too", async () => {
    const base = `/v1/projects/${projectId}`;
    const other = (
      await t().request(owner, {
        method: 'POST',
        url: `${base}/slides/${slide}/annotation-sets`,
        payload: { name: 'Overlay' },
      })
    ).json<{ id: string }>().id;
    await t().request(owner, {
      method: 'POST',
      url: `${base}/annotation-sets/${other}/features`,
      payload: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: square(10, 10),
            properties: { annotationType: 'Freehand', annotationClass: 'ROI' },
          },
        ],
      },
    });
    const mine = await get('bbox=0,0,60,60&version=1');
    expect(mine.body.features.map((f) => f.id)).toEqual(['1']);
    const theirs = await t().request(reader, {
      method: 'GET',
      url: `${base}/annotation-sets/${other}/features?bbox=0,0,3000,3000`,
    });
    expect(theirs.json<Answer>().features.map((f) => f.id)).toEqual(['1']);
    // Each set is its own R*Tree dimension on SQLite (migration 0023): the keys differ.
    if (t().ctx.dialect === 'sqlite') {
      const keys = await t()
        .ctx.db.selectFrom('annotation_sets')
        .select('spatial_key')
        .where('id', 'in', [setId, other])
        .execute();
      expect(new Set(keys.map((k) => k.spatial_key)).size).toBe(2);
    }
  });

  it('reads a version through the same index, and cuts short at the limit', async () => {
    const all = await get('bbox=0,0,3000,3000&version=1');
    expect(all.body.features).toHaveLength(GRID * GRID + 1);
    const some = await get('bbox=0,0,3000,3000&limit=7');
    expect(some.body.features).toHaveLength(7);
    expect(some.body.truncated).toBe(true);
  });

  it('thins outlines to the tolerance asked, or answers centres', async () => {
    const full = await get('bbox=2300,2300,2700,2700');
    const [circleFull] = full.body.features;
    expect((circleFull!.geometry.coordinates as number[][][])[0]).toHaveLength(513);
    const thin = await get('bbox=2300,2300,2700,2700&detail=simplified&tolerance=50');
    const ring = (thin.body.features[0]!.geometry.coordinates as number[][][])[0]!;
    expect(ring.length).toBeLessThan(40);
    expect(ring[0]).toEqual(ring.at(-1));
    const centres = await get('bbox=0,0,300,300&detail=centroid');
    // Item 3 is the square at (10, 210): the first column's third (items 1 and 2 were purged).
    const third = centres.body.features.find((f) => f.id === '3');
    expect(third!.geometry).toEqual({ type: 'Point', coordinates: [30, 230] });
  });

  it("refuses a viewport that is not one with the spec's messages", async () => {
    expect(await get('bbox=1,2,3')).toEqual({
      status: 400,
      body: expect.objectContaining({ message: `bbox: ${VIEWER_MESSAGES.invalidBbox}` }),
    });
    expect((await get('bbox=5,5,1,1')).body.message).toBe(`bbox: ${VIEWER_MESSAGES.bboxOutsideImage}`);
    expect((await get('bbox=0,0,10,10&detail=everything')).status).toBe(400);
    expect((await get('bbox=0,0,10,10&limit=0')).status).toBe(400);
    expect((await get('bbox=0,0,10,10&tolerance=-1')).status).toBe(400);
    expect((await get('bbox=0,0,10,10&version=9')).status).toBe(404);
  });
});

/** How many of the purged squares (items 1 and 2: column 0, rows 0 and 1) the box meets. */
function deadIn([minX, minY, maxX, maxY]: readonly [number, number, number, number]): number {
  let n = 0;
  for (const y of [10, 110]) if (10 <= maxX && 50 >= minX && y <= maxY && y + 40 >= minY) n++;
  return n;
}
