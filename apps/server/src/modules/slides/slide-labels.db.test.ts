/**
 * The Label column's picture per slide row (issue #10 point 11): grid blocks and rows read back after an
 * edit say `labelImage` — 'label', 'thumbnail' or null — from the image's stored info, so the web asks
 * for no picture that does not exist.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';

const level = (width: number, height: number) => ({
  width,
  height,
  tileWidth: 256,
  tileHeight: 256,
  downsample: 1,
});
const INFO = {
  withLabel: {
    levels: [level(40_000, 30_000), level(2_500, 1_875)],
    associatedImages: [{ kind: 'label', width: 400, height: 380 }],
  },
  withoutLabel: { levels: [level(8_192, 6_144), level(1_024, 768)], associatedImages: [] },
};

describeEachDialect('slide label pictures', (t) => {
  let member: TestUser;
  let projectId: string;
  let ids: string[];

  beforeAll(async () => {
    member = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: member, role: 'projectWrite' }] })).id;
    ids = await insertTestSlides(t().ctx.db, projectId, [
      { fileName: 'A-label.svs' },
      { fileName: 'B-thumbnail.tif' },
      { fileName: 'C-metadata-only.svs' },
    ]);
    const db = t().ctx.db;
    for (const [id, info] of [
      [ids[0]!, INFO.withLabel],
      [ids[1]!, INFO.withoutLabel],
    ] as const) {
      const { image_id } = await db
        .selectFrom('slides')
        .select('image_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('images')
        .set({ image_info: JSON.stringify(info) })
        .where('id', '=', image_id)
        .execute();
    }
  });

  it('grid rows say which picture the Label column shows', async () => {
    const res = await t().request(member, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: { startRow: 0, endRow: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { fileName: string; labelImage: unknown }[];
    expect(rows.map((r) => [r.fileName, r.labelImage])).toEqual([
      ['A-label.svs', 'label'],
      ['B-thumbnail.tif', 'thumbnail'],
      ['C-metadata-only.svs', null],
    ]);
    // The image id the rows were read with (to find the picture without another query) is not answered.
    expect(res.body).not.toContain('_imageId');
    expect(res.body).not.toContain('imageId');
  });

  it('rows read back by id (after an edit) say it too; a request without the Label column is not asked', async () => {
    const res = await t().request(member, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/batch-get`,
      payload: { slideIds: [ids[1], ids[0]] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json().data as { id: string; labelImage: unknown }[]).map((r) => [r.id, r.labelImage]),
    ).toEqual([
      [ids[0], 'label'],
      [ids[1], 'thumbnail'],
    ]);
    const narrow = await t().request(member, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: { startRow: 0, endRow: 10, fields: ['fileName'] },
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect(narrow.json().data[0]).not.toHaveProperty('labelImage');
    expect(narrow.body).not.toContain('imageId');
    expect(res.body).not.toContain('imageId');
  });
});
