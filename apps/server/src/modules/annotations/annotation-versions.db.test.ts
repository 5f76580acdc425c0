/**
 * Version collections and the version download on both databases (spec 2 §3 "Version", §4 "Annotation
 * set versions", §7; spec 3 §5): tags on made versions, listed 10 to a page and beside their versions;
 * the download job writes the version as it was made, fetched from the job's artifact route by those who
 * may see the job. Refusals change nothing and queue nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';
import { FAST, waitFor } from '../../../test/jobs.test-helpers.ts';
import { createJobWorker, type JobWorker } from '../../jobs/worker.ts';

const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, x],
      [x + 20, x],
      [x + 20, x + 20],
      [x, x + 20],
      [x, x],
    ],
  ],
});
const region = (x: number) => ({
  type: 'Feature',
  geometry: square(x),
  properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
});

describeEachDialect('annotation set versions: collections and download', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let projectId: string;
  let setId: string;
  let worker: JobWorker;

  const set = () => `/v1/projects/${projectId}/annotation-sets/${setId}`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, user = writer) =>
    t().request(user, { method, url, ...(payload ? { payload } : {}) });
  const tag = (version: number, body: object, user = writer) =>
    call('POST', `${set()}/versions/${version}/collections`, body, user);
  const finished = (jobId: string, user = writer) =>
    waitFor(
      async () => {
        const answer = (await call('GET', `/v1/projects/${projectId}/jobs/${jobId}`, undefined, user)).json<{
          state: string;
          result: unknown;
        }>();
        return ['succeeded', 'failed'].includes(answer.state) ? answer : undefined;
      },
      'the download job',
      30_000,
    );

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'he.svs' }], { width: 1000, height: 1000 });
    ({ writer, reader, projectId } = made);
    setId = (
      await call('POST', `/v1/projects/${projectId}/slides/${made.slideIds[0]}/annotation-sets`, {
        name: 'Tumour / stroma',
      })
    ).json<{ id: string }>().id;
    await call('POST', `${set()}/features`, {
      type: 'FeatureCollection',
      features: [region(10), region(100)],
    });
    await call('POST', `${set()}/versions`); // 1: two regions
    await call('POST', `${set()}/features`, { type: 'FeatureCollection', features: [region(300)] });
    await call('POST', `${set()}/versions`); // 2: three
    worker = createJobWorker({
      db: t().ctx.db,
      dialect: t().ctx.dialect,
      blobs: t().ctx.blobs,
      queue: t().ctx.jobs,
      concurrency: 1,
      ...FAST,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 10_000 });
  });

  it('tags made versions, lists the tags 10 to a page and beside their versions, and removes them', async () => {
    const made = await tag(1, { tag: ' ground truth ' });
    expect(made.statusCode).toBe(201);
    const groundTruth = made.json<{ id: string; tag: string; version: number }>();
    expect(groundTruth).toMatchObject({ tag: 'ground truth', version: 1 });
    expect((await tag(2, { tag: 'ground truth' })).statusCode).toBe(201); // another version may share it
    for (let i = 0; i < 10; i++) await tag(2, { tag: `review ${i}` });

    const page0 = (await call('GET', `${set()}/version-collections`, undefined, reader)).json<{
      collections: { tag: string }[];
      total: number;
    }>();
    expect(page0.total).toBe(12);
    expect(page0.collections).toHaveLength(10);
    const page1 = (await call('GET', `${set()}/version-collections?page=1`)).json<{
      collections: { tag: string }[];
    }>();
    expect(page1.collections).toHaveLength(2);
    expect(new Set([...page0.collections, ...page1.collections].map((c) => c.tag)).size).toBe(11);

    const versions = (await call('GET', `${set()}/versions`)).json<{
      versions: { version: number; collections: { tag: string }[] }[];
    }>().versions;
    expect(versions.find((v) => v.version === 1)!.collections.map((c) => c.tag)).toEqual(['ground truth']);

    const url = `${set()}/version-collections/${groundTruth.id}`;
    expect((await call('DELETE', url, undefined, reader)).statusCode).toBe(403);
    expect((await call('DELETE', url)).statusCode).toBe(204);
    const again = await call('DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: ERROR_CODES.versionCollectionNotFound });
    expect((await call('GET', `${set()}/version-collections`)).json<{ total: number }>().total).toBe(11);
  });

  it('refuses bad tags, versions not made, readers and other projects, changing nothing', async () => {
    const before = (await call('GET', `${set()}/version-collections?pageSize=100`)).json();
    const refusal = async (version: number, body: object, user = writer) => {
      const answer = await tag(version, body, user);
      return { status: answer.statusCode, ...answer.json<{ code: string }>() };
    };
    await tag(1, { tag: 'twice' });
    expect(await refusal(1, { tag: 'twice' })).toMatchObject({
      status: 409,
      code: ERROR_CODES.versionTagInUse,
    });
    expect(await refusal(3, { tag: 'x' })).toMatchObject({
      status: 404,
      code: ERROR_CODES.annotationVersionNotFound,
    });
    expect(await refusal(0, { tag: 'x' })).toMatchObject({ status: 400 });
    for (const body of [
      { tag: '' },
      { tag: '   ' },
      { tag: 'a\u0000b' },
      { tag: 'x'.repeat(129) },
      {},
      { tag: 'x', extra: 1 },
      { tag: { nested: [1] } },
    ])
      expect(await refusal(1, body)).toMatchObject({ status: 400 });
    expect(await refusal(1, { tag: 'mine' }, reader)).toMatchObject({ status: 403 });
    const other = (await t().createProject({ members: [{ user: writer, role: 'projectWrite' }] })).id;
    const elsewhere = await call(
      'POST',
      `/v1/projects/${other}/annotation-sets/${setId}/versions/1/collections`,
      {
        tag: 'x',
      },
    );
    expect(elsewhere.json()).toMatchObject({ code: ERROR_CODES.annotationSetNotFound });
    await call(
      'DELETE',
      `${set()}/version-collections/${(await tag(1, { tag: 'gone' })).json<{ id: string }>().id}`,
    );
    const after = (await call('GET', `${set()}/version-collections?pageSize=100`)).json<{ total: number }>();
    expect(after.total).toBe((before as { total: number }).total + 1); // 'twice' only
  });

  it('downloads a version as it was made, as QuPath GeoJSON from the job, for those who see the job', async () => {
    await call('POST', `${set()}/features`, { type: 'FeatureCollection', features: [region(500)] });
    const queued = await call('POST', `${set()}/versions/1/download`, undefined, reader);
    expect(queued.statusCode).toBe(201);
    const { jobId } = queued.json<{ jobId: string }>();
    expect(await finished(jobId, reader)).toMatchObject({
      state: 'succeeded',
      result: { features: 2, artifact: { fileName: 'Tumour _ stroma - version 1.geojson' } },
    });
    const file = await call('GET', `/v1/projects/${projectId}/jobs/${jobId}/artifact`, undefined, reader);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/geo+json');
    expect(file.headers['content-disposition']).toContain('filename="Tumour _ stroma - version 1.geojson"');
    const exported = (await call('GET', `${set()}/geojson?version=1`)).json();
    expect(file.json()).toEqual(exported);

    // A member without jobsManage sees only their own jobs and files.
    const guest = await t().createUser({ systemRoles: ['externalUser'] });
    await t()
      .ctx.db.insertInto('project_members')
      .values({
        project_id: projectId,
        user_id: guest.id,
        role: 'projectExternal',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(
      (await call('GET', `/v1/projects/${projectId}/jobs/${jobId}/artifact`, undefined, guest)).statusCode,
    ).toBe(404);
  });

  it('has no file for a job that writes none, and queues nothing for a version not made', async () => {
    const before = await t().ctx.jobs.list({ projectId });
    const missing = await call('POST', `${set()}/versions/9/download`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: ERROR_CODES.annotationVersionNotFound });
    expect(await t().ctx.jobs.list({ projectId })).toEqual(before);

    const job = await t().ctx.jobs.enqueue(
      'audit-prune',
      { olderThanDays: 10_000 },
      { projectId, createdBy: writer.id },
    );
    const answer = await call('GET', `/v1/projects/${projectId}/jobs/${job.id}/artifact`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: ERROR_CODES.jobArtifactNotFound });
  });
});
