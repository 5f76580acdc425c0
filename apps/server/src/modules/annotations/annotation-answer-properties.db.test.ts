/**
 * The stored answer text of each region row (migration 0024) on both databases: what the application
 * writes equals what the migration gives rows stored before it, and it follows every edit — a class, a
 * lock, a geometry — whether the row changes in place or a made version keeps the old one.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';
import * as migration from '../../db/migrations/20261128_0024_annotation_answer_properties.ts';
import { answerProperties } from './annotation-items.queries.ts';
import type { Kysely } from 'kysely';

const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 10],
      [x + 40, 10],
      [x + 40, 50],
      [x, 50],
      [x, 10],
    ],
  ],
});

type Properties = Record<string, unknown>;

describeEachDialect('annotation answer properties', (t) => {
  let writer: TestUser;
  let url: string;
  let setId: string;
  const features = async (query = '') =>
    (await t().request(writer, { method: 'GET', url: `${url}/features?bbox=0,0,1000,1000${query}` })).json<{
      features: { id: string; properties: Properties }[];
    }>().features;
  const stored = async () => {
    const rows = await t()
      .ctx.db.selectFrom('annotation_features')
      .selectAll()
      .where('set_id', '=', setId)
      .orderBy('row_id')
      .execute();
    return rows.map((row) => ({ ...row, is_locked: Number(row.is_locked) }));
  };

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'answers.svs' }], { width: 1000, height: 1000 });
    writer = made.writer;
    const base = `/v1/projects/${made.projectId}`;
    setId = (
      await t().request(writer, {
        method: 'POST',
        url: `${base}/slides/${made.slideIds[0]!}/annotation-sets`,
        payload: { name: 'Answers' },
      })
    ).json<{ id: string }>().id;
    url = `${base}/annotation-sets/${setId}`;
    const created = await t().request(writer, {
      method: 'POST',
      url: `${url}/features`,
      payload: {
        type: 'FeatureCollection',
        features: [
          { annotationClass: 'Tumor', more: { 'Area µm^2': 12.5, note: 'quote " and \\ and \u2028 and é' } },
          { annotationClass: 'Stroma', index: 2, count: 3 },
          { annotationClass: 'Necrosis', annotatedBy: 'someone@example.org' },
        ].map(({ annotationClass, more, ...rest }, i) => ({
          type: 'Feature',
          geometry: square(100 * i + 10),
          properties: { annotationType: 'Freehand', annotationClass, ...rest, ...more },
        })),
      },
    });
    expect(created.statusCode).toBe(201);
  });

  it('writes what the migration gives the rows stored before it', async () => {
    const written = await stored();
    for (const row of written) expect(row.answer_properties).toBe(answerProperties(row));
    const db = t().ctx.db as unknown as Kysely<unknown>;
    await migration.down(db);
    await migration.up(db);
    expect((await stored()).map((row) => row.answer_properties)).toEqual(
      written.map((row) => row.answer_properties),
    );
    const parsed = JSON.parse(written[0]!.answer_properties) as Properties;
    expect(parsed).toMatchObject({
      annotationType: 'Freehand',
      annotationClass: 'Tumor',
      index: null,
      count: null,
      isLocked: false,
      'Area µm^2': 12.5,
      note: 'quote " and \\ and \u2028 and é',
    });
  });

  it('follows a class, a lock and a geometry, in place and beside a made version', async () => {
    const ids = (await features()).map((f) => f.id);
    const change = (annotationClass: string) =>
      t().request(writer, {
        method: 'PATCH',
        url: `${url}/features`,
        payload: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', id: ids[0], properties: { annotationClass } }],
        },
      });
    // Born in the working version: changed in place.
    expect((await change('Immune')).statusCode).toBe(200);
    // After a version: the old row is kept for it, the new state written beside it.
    await t().request(writer, { method: 'POST', url: `${url}/versions` });
    expect((await change('Stroma')).statusCode).toBe(200);
    const locked = await t().request(writer, {
      method: 'PUT',
      url: `${url}/features/locked`,
      payload: { annotationIds: [ids[1]], locked: true },
    });
    expect(locked.statusCode).toBe(200);
    const now = new Map((await features()).map((f) => [f.id, f.properties]));
    expect(now.get(ids[0]!)).toMatchObject({ annotationClass: 'Stroma', isLocked: false });
    expect(now.get(ids[1]!)).toMatchObject({ annotationClass: 'Stroma', isLocked: true, index: 2, count: 3 });
    const version1 = new Map((await features('&version=1')).map((f) => [f.id, f.properties]));
    expect(version1.get(ids[0]!)).toMatchObject({ annotationClass: 'Immune', isLocked: false });
    expect(version1.get(ids[1]!)).toMatchObject({ isLocked: false });
    // Every stored row, live or kept for a version, answers as its columns say.
    for (const row of await stored()) expect(row.answer_properties).toBe(answerProperties(row));
  });
});
