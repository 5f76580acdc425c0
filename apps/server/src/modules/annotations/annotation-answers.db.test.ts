/**
 * The encoded answers shared by the serving processes, on both databases: bytes read back exactly, a
 * newer working answer drops the stale ones of its family (a version's stay), two writers of one key
 * agree, and a set's answers go with the set. And end to end: a second process (here, a second cache
 * over the same database) answers the markers without reading a marker row.
 */
import { beforeAll, expect, it } from 'vitest';
import { decodeCellMarkers } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';
import { EncodedAnswers } from './annotation-answers.ts';
import { sharedAnswers } from './annotation-answers.queries.ts';

describeEachDialect('shared annotation answers', (t) => {
  let writer: TestUser;
  let projectId: string;
  let setId: string;

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'answers.svs' }], { width: 1000, height: 1000 });
    ({ writer, projectId } = made);
    setId = (
      await t().request(writer, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/${made.slideIds[0]}/annotation-sets`,
        payload: { name: 'Answers' },
      })
    ).json<{ id: string }>().id;
  });

  const keys = async () =>
    (
      await t()
        .ctx.db.selectFrom('annotation_answers')
        .select('key')
        .where('set_id', '=', setId)
        .orderBy('key')
        .execute()
    ).map((r) => r.key);

  it('reads back the bytes written; a newer working answer drops the stale ones, a version keeps its own', async () => {
    const shared = sharedAnswers(t().ctx.db);
    const family = `test:${setId}:working`;
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    await shared.write({ key: `${family}:1`, setId, family }, bytes);
    await shared.write({ key: `test:${setId}:version:1`, setId, family: null }, bytes.subarray(5, 9));
    expect(await shared.read(`${family}:1`)).toEqual(bytes);
    expect(await shared.read(`test:${setId}:version:1`)).toEqual(bytes.subarray(5, 9));
    expect(await shared.read(`${family}:9`)).toBeNull();

    await shared.write({ key: `${family}:2`, setId, family }, bytes.subarray(0, 3));
    await shared.write({ key: `${family}:2`, setId, family }, bytes.subarray(0, 3));
    expect(await keys()).toEqual([`test:${setId}:version:1`, `${family}:2`].sort());
  });

  it('a second process answers the markers from the first one’s answer', async () => {
    const url = `/v1/projects/${projectId}/annotation-sets/${setId}/cell-markers`;
    await t().request(writer, {
      method: 'POST',
      url,
      payload: {
        type: 'FeatureCollection',
        features: [10, 20, 30].map((x) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [x, x] },
          properties: { classes: [{ classId: 'Tumor cell' }] },
        })),
      },
    });
    const answer = await t().request(writer, { method: 'GET', url: `${url}/binary` });
    expect(decodeCellMarkers(Uint8Array.from(answer.rawPayload).buffer).ids).toHaveLength(3);
    // The answer is written after it is sent.
    await expect
      .poll(async () => (await keys()).filter((k) => k.startsWith('cell-markers:')))
      .toHaveLength(1);
    const [markerKey] = (await keys()).filter((k) => k.startsWith('cell-markers:'));

    const other = new EncodedAnswers(sharedAnswers(t().ctx.db));
    const read = await other.get({ key: markerKey!, setId, family: null }, () => {
      throw new Error('made again');
    });
    expect(Buffer.from(read).equals(Buffer.from(answer.rawPayload))).toBe(true);
  });

  it('goes with its set', async () => {
    await t().ctx.db.deleteFrom('annotation_sets').where('id', '=', setId).execute();
    expect(await keys()).toEqual([]);
  });
});
