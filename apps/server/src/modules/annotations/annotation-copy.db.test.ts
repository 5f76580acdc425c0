/**
 * Copying annotations to the other slides of a block on both databases (spec 2 §4 "Annotation-copy
 * wizard", §7): a queued job copies the chosen classes into a set of the target name (made when missing,
 * or skipped when asked), names the slides it could not copy to, and is followed through the project's
 * job route; refusals of the request itself change nothing and queue nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { ANNOTATION_SET_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject, setImageSize } from '../../../test/annotations.fixtures.ts';
import { FAST, waitFor } from '../../../test/jobs.test-helpers.ts';
import { createJobWorker, type JobWorker } from '../../jobs/worker.ts';

const BLOCK = 'B-07';
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

describeEachDialect('annotation copy', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let projectId: string;
  let source: string;
  let sibling: string;
  let small: string; // in the block, but its image is too small for the annotations
  let withSet: string; // already has a set of the target name
  let outsider: string; // another block
  let setId: string;
  let worker: JobWorker;

  const base = () => `/v1/projects/${projectId}`;
  const copy = (body: object, user = writer) =>
    t().request(user, { method: 'POST', url: `${base()}/annotation-sets/copy`, payload: body });
  const job = async (jobId: string, user = writer) =>
    t().request(user, { method: 'GET', url: `${base()}/jobs/${jobId}` });
  const finished = (jobId: string) =>
    waitFor(
      async () => {
        const answer = (await job(jobId)).json<{ state: string; result: unknown }>();
        return ['succeeded', 'failed'].includes(answer.state) ? answer : undefined;
      },
      'the copy job',
      30_000,
    );
  const setsOn = async (slideId: string) =>
    (await t().request(writer, { method: 'GET', url: `${base()}/slides/${slideId}/annotation-sets` })).json<
      { id: string; name: string }[]
    >();
  const classesIn = async (id: string) => {
    const regions = (
      await t().request(writer, { method: 'GET', url: `${base()}/annotation-sets/${id}/features` })
    ).json<{
      features: { properties: { annotationClass: string } }[];
    }>().features;
    const markers = (
      await t().request(writer, { method: 'GET', url: `${base()}/annotation-sets/${id}/cell-markers` })
    ).json<{
      features: unknown[];
    }>().features;
    return { regions: regions.map((f) => f.properties.annotationClass), markers: markers.length };
  };

  beforeAll(async () => {
    const made = await annotationProject(
      t(),
      [
        { fileName: 'he.svs', blockId: BLOCK },
        { fileName: 'cd3.svs', blockId: BLOCK },
        { fileName: 'cd8.svs', blockId: BLOCK },
        { fileName: 'ki67.svs', blockId: BLOCK },
        { fileName: 'other.svs', blockId: 'B-08' },
      ],
      { width: 1000, height: 1000 },
    );
    ({ writer, reader, projectId } = made);
    [source, sibling, small, withSet, outsider] = made.slideIds as [string, string, string, string, string];
    await setImageSize(t().ctx.db, [small], { width: 50, height: 50 });

    setId = (
      await t().request(writer, {
        method: 'POST',
        url: `${base()}/slides/${source}/annotation-sets`,
        payload: { name: 'Source' },
      })
    ).json<{
      id: string;
    }>().id;
    const region = (x: number, annotationClass: string) => ({
      type: 'Feature',
      geometry: square(x),
      properties: { annotationType: 'Freehand', annotationClass },
    });
    await t().request(writer, {
      method: 'POST',
      url: `${base()}/annotation-sets/${setId}/features`,
      payload: {
        type: 'FeatureCollection',
        features: [region(10, 'Tumor'), region(200, 'Stroma'), region(400, 'Tumor')],
      },
    });
    await t().request(writer, {
      method: 'POST',
      url: `${base()}/annotation-sets/${setId}/cell-markers`,
      payload: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [5, 5] },
            properties: { classes: [{ classId: 'Tumor' }] },
          },
        ],
      },
    });
    await t().request(writer, {
      method: 'POST',
      url: `${base()}/slides/${withSet}/annotation-sets`,
      payload: { name: 'Copied' },
    });
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

  it('copies the chosen classes to the block, into the named set, and names the slides it could not copy to', async () => {
    const queued = await copy({
      sourceSetId: setId,
      targetAnnotationSetName: ' Copied ',
      targetSlideIds: [sibling, small, withSet],
      annotationClassIds: ['Tumor'],
    });
    expect(queued.statusCode).toBe(200);
    const { jobId } = queued.json<{ jobId: string }>();
    expect(await finished(jobId)).toMatchObject({
      state: 'succeeded',
      result: { failedSlideIds: [small], copiedSlideIds: [sibling, withSet], skippedSlideIds: [] },
    });
    const [made] = await setsOn(sibling);
    expect(made!.name).toBe('Copied');
    expect(await classesIn(made!.id)).toEqual({ regions: ['Tumor', 'Tumor'], markers: 1 });
    const existing = (await setsOn(withSet)).find((s) => s.name === 'Copied')!;
    expect(await classesIn(existing.id)).toEqual({ regions: ['Tumor', 'Tumor'], markers: 1 });
    expect(await setsOn(small)).toEqual([]);
    // A member without jobsManage (an external user) follows only their own jobs.
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
    expect((await job(jobId, guest)).statusCode).toBe(404);
    expect((await job(jobId, reader)).statusCode).toBe(200); // an internal user holds jobsManage
    // Through another project's path the job is not there, even for a member of both.
    const other = (await t().createProject({ members: [{ user: writer, role: 'projectWrite' }] })).id;
    const elsewhere = await t().request(writer, {
      method: 'GET',
      url: `/v1/projects/${other}/jobs/${jobId}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: ERROR_CODES.jobNotFound });
  });

  it('skips slides without the named set when asked', async () => {
    const { jobId } = (
      await copy({
        sourceSetId: setId,
        targetAnnotationSetName: 'Nowhere',
        targetSlideIds: [sibling],
        skipCopyIfTargetSetMissing: true,
      })
    ).json<{ jobId: string }>();
    expect(await finished(jobId)).toMatchObject({
      result: { failedSlideIds: [], copiedSlideIds: [], skippedSlideIds: [sibling] },
    });
    expect((await setsOn(sibling)).map((s) => s.name)).toEqual(['Copied']);
  });

  it('refuses what it can tell at once, queuing nothing: other blocks, the source itself, bad names, readers', async () => {
    const before = await t().ctx.jobs.list({ projectId });
    const refusal = async (body: object, user = writer) => {
      const answer = await copy(body, user);
      return { status: answer.statusCode, ...answer.json<{ code: string; message: string }>() };
    };
    const valid = { sourceSetId: setId, targetAnnotationSetName: 'X', targetSlideIds: [sibling] };
    expect(await refusal({ ...valid, targetSlideIds: [outsider] })).toMatchObject({
      status: 400,
      code: ERROR_CODES.slideNotInBlock,
    });
    expect(await refusal({ ...valid, targetSlideIds: [source] })).toMatchObject({ status: 400 });
    expect(await refusal({ ...valid, targetAnnotationSetName: '' })).toMatchObject({
      status: 400,
      message: ANNOTATION_SET_MESSAGES.nameRequired,
    });
    expect(await refusal({ ...valid, sourceSetId: '0'.repeat(24) })).toMatchObject({ status: 404 });
    expect(await refusal({ ...valid, targetSlideIds: [] })).toMatchObject({ status: 400 });
    expect(await refusal(valid, reader)).toMatchObject({ status: 403 });
    expect(await t().ctx.jobs.list({ projectId })).toEqual(before);
    expect((await job('0'.repeat(24))).statusCode).toBe(404);
  });
});
