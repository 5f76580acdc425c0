/**
 * Copying slides into another project on both databases (spec 1 §7 "Submit copy slides job"; issue #15
 * point 3): the job adds rows over the same images with their metadata, project field values and
 * annotation sets when asked, reports every slide (copied, or skipped when the target holds the file),
 * and shows in the Jobs panel; every refusal of the request queues nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES, slideCopy, type jobs } from '@tessera/contract';
import { SLIDE_COPY_TEXTS } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { setImageSize } from '../../../test/annotations.fixtures.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { jobCount, jobEnd, startTestWorker } from '../../../test/project-jobs.test-helpers.ts';
import type { JobWorker } from '../../jobs/worker.ts';

describeEachDialect('slide copy', (t) => {
  let owner: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let source: string;
  let target: { id: string; name: string };
  let readOnlyTarget: string;
  let hidden: string;
  let slideIds: string[];
  let foreignSlide: string;
  let worker: JobWorker;

  const copy = (body: object, user = owner, projectId = source) =>
    t().request(user, { method: 'POST', url: `/v1/projects/${projectId}/slides/copy`, payload: body });
  const request = (over: object = {}) => ({
    slideIds,
    targetProjectId: target.id,
    copyProjectMetadata: true,
    copyAnnotations: false,
    copyResults: false,
    ...over,
  });
  const finished = (jobId: string) => jobEnd(t(), owner, source, jobId);
  const jobs = () => jobCount(t().ctx.db);
  const rowsIn = (projectId: string) =>
    t()
      .ctx.db.selectFrom('slides')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('file_name')
      .execute();

  beforeAll(async () => {
    [owner, reader, stranger] = [await t().createUser(), await t().createUser(), await t().createUser()];
    source = (
      await t().createProject({
        members: [
          { user: owner, role: 'projectDataOwner' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    target = await t().createProject({
      name: 'Copy target',
      members: [{ user: owner, role: 'projectWrite' }],
    });
    readOnlyTarget = (await t().createProject({ members: [{ user: owner, role: 'projectRead' }] })).id;
    hidden = (await t().createProject({ members: [{ user: stranger, role: 'projectWrite' }] })).id;
    slideIds = await insertTestSlides(t().ctx.db, source, [
      { fileName: 'a.svs', blockId: 'B-1', studyId: 'ST-01', drugIds: ['D1', 'D2'] },
      { fileName: 'b.svs', blockId: 'B-2' },
    ]);
    foreignSlide = (await insertTestSlides(t().ctx.db, hidden, [{ fileName: 'c.svs' }]))[0]!;
    await setImageSize(t().ctx.db, slideIds, { width: 1000, height: 1000 });
    // A project field both projects have, and one only the source has.
    const now = new Date().toISOString();
    const field = (project_id: string, field_name: string) => ({
      project_id,
      field_name,
      header_name: field_name,
      primary_type: 'int',
      group_id: 'project',
      created_at: now,
    });
    await t()
      .ctx.db.insertInto('project_fields')
      .values([field(source, 'score'), field(target.id, 'score'), field(source, 'onlyHere')])
      .execute();
    await t()
      .ctx.db.insertInto('slide_project_values')
      .values(
        ['score', 'onlyHere'].map((field_name) => ({
          slide_id: slideIds[0]!,
          project_id: source,
          field_name,
          value_text: null,
          value_num: 7,
        })),
      )
      .execute();
    // A set on the first slide, with a class of the source project's own.
    await t()
      .ctx.db.insertInto('annotation_classes')
      .values({
        project_id: source,
        class_id: 'Islet',
        name: 'Islet',
        color: '#00ff00',
        type: 'freehand',
        position: 99,
      })
      .execute();
    const setId = (
      await t().request(owner, {
        method: 'POST',
        url: `/v1/projects/${source}/slides/${slideIds[0]}/annotation-sets`,
        payload: { name: 'Regions' },
      })
    ).json<{ id: string }>().id;
    const added = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${source}/annotation-sets/${setId}/features`,
      payload: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [10, 10],
                  [50, 10],
                  [50, 50],
                  [10, 10],
                ],
              ],
            },
            properties: { annotationType: 'Freehand', annotationClass: 'Islet' },
          },
        ],
      },
    });
    expect(added.statusCode).toBe(201);
    worker = startTestWorker(t());
  });
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 10_000 });
  });

  it('copies the slides over the same images, with metadata, project fields and annotation sets', async () => {
    const queued = await copy(request({ copyAnnotations: true }));
    expect(queued.statusCode).toBe(200);
    const done = await finished(queued.json<{ jobId: string }>().jobId);
    expect(done.state).toBe('succeeded');
    const result = slideCopy.CopySlidesResult.parse(done.result);
    expect(result.slides.map((s) => [s.fileName, s.outcome, s.annotationSets])).toEqual([
      ['a.svs', 'copied', 1],
      ['b.svs', 'copied', 0],
    ]);
    const [sourceRows, copies] = [await rowsIn(source), await rowsIn(target.id)];
    expect(copies.map((r) => r.file_name)).toEqual(['a.svs', 'b.svs']);
    expect(copies.map((r) => r.image_id)).toEqual(sourceRows.map((r) => r.image_id));
    expect(copies.map((r) => r.id)).toEqual(result.slides.map((s) => s.targetSlideId));
    expect(copies[0]).toMatchObject({ block_id: 'B-1', study_id: 'ST-01', created_by: owner.id });
    const values = await t()
      .ctx.db.selectFrom('slide_values')
      .select('value')
      .where('slide_id', '=', copies[0]!.id)
      .orderBy('value')
      .execute();
    expect(values.map((v) => v.value)).toEqual(['D1', 'D2']);
    const projectValues = await t()
      .ctx.db.selectFrom('slide_project_values')
      .select(['field_name', 'value_num', 'project_id'])
      .where('slide_id', '=', copies[0]!.id)
      .execute();
    expect(projectValues).toEqual([{ field_name: 'score', value_num: 7, project_id: target.id }]);
    // The set came along, as a set of the target project, with its class added there.
    const sets = (
      await t().request(owner, {
        method: 'GET',
        url: `/v1/projects/${target.id}/slides/${copies[0]!.id}/annotation-sets`,
      })
    ).json<{ id: string; name: string }[]>();
    expect(sets.map((s) => s.name)).toEqual(['Regions']);
    const features = (
      await t().request(owner, {
        method: 'GET',
        url: `/v1/projects/${target.id}/annotation-sets/${sets[0]!.id}/features`,
      })
    ).json<{ features: { properties: { annotationClass: string } }[] }>().features;
    expect(features.map((f) => f.properties.annotationClass)).toEqual(['Islet']);
    const classes = await t()
      .ctx.db.selectFrom('annotation_classes')
      .select('class_id')
      .where('project_id', '=', target.id)
      .where('class_id', '=', 'Islet')
      .execute();
    expect(classes).toHaveLength(1);

    // A second copy finds the files there: skipped, pointing at the slides the first one made.
    const again = await finished((await copy(request())).json<{ jobId: string }>().jobId);
    const second = slideCopy.CopySlidesResult.parse(again.result);
    expect(second.slides.map((s) => [s.outcome, s.targetSlideId, s.reason])).toEqual(
      copies.map((c) => ['skipped', c.id, SLIDE_COPY_TEXTS.alreadyInTarget]),
    );
    expect(await rowsIn(target.id)).toHaveLength(2);

    // The Jobs panel says what it did.
    const panel = (await t().request(owner, { method: 'GET', url: '/v1/jobs' })).json<jobs.PanelJob[]>();
    expect(panel[0]).toMatchObject({
      jobName: 'Copy slides',
      inputDescription: '2 slides to Copy target',
      outputDescription: 'Copied 0 slides, 2 already there',
    });
  });

  it('without copyProjectMetadata the copy is the file alone', async () => {
    const bare = (await t().createProject({ members: [{ user: owner, role: 'projectWrite' }] })).id;
    const done = await finished(
      (await copy(request({ targetProjectId: bare, copyProjectMetadata: false }))).json<{ jobId: string }>()
        .jobId,
    );
    expect(done.state).toBe('succeeded');
    const [a] = await rowsIn(bare);
    expect(a).toMatchObject({ file_name: 'a.svs', block_id: null, study_id: null, drug_ids: '[]' });
    const values = await t()
      .ctx.db.selectFrom('slide_values')
      .select('value')
      .where('slide_id', '=', a!.id)
      .execute();
    expect(values).toEqual([]);
  });

  it('refuses what cannot be copied, and queues nothing', async () => {
    const before = await jobs();
    const refusals: [object, TestUser, string, number, string][] = [
      [
        request({ copyResults: true }),
        owner,
        source,
        400,
        slideCopy.SLIDE_COPY_ERROR_CODES.resultsUnavailable,
      ],
      [
        request({ targetProjectId: source }),
        owner,
        source,
        400,
        slideCopy.SLIDE_COPY_ERROR_CODES.sameProject,
      ],
      [request({ targetProjectId: hidden }), owner, source, 404, ERROR_CODES.projectNotFound],
      [request({ targetProjectId: readOnlyTarget }), owner, source, 403, ERROR_CODES.forbidden],
      [request({ slideIds: [slideIds[0], foreignSlide] }), owner, source, 404, ERROR_CODES.slideNotFound],
      // A reader may not copy (no slideCopy); a stranger does not see the project.
      [request(), reader, source, 403, ERROR_CODES.forbidden],
      [request(), stranger, source, 404, ERROR_CODES.projectNotFound],
      // Bad bodies.
      [request({ slideIds: [] }), owner, source, 400, ERROR_CODES.validation],
      [request({ slideIds: ['../../etc/passwd'] }), owner, source, 400, ERROR_CODES.validation],
      [request({ targetProjectId: 'x\u0000y' }), owner, source, 400, ERROR_CODES.validation],
      [{ ...request(), extra: { deeply: [[[1]]] } }, owner, source, 400, ERROR_CODES.validation],
      [request({ slideIds: Array(10_001).fill(slideIds[0]) }), owner, source, 400, ERROR_CODES.validation],
    ];
    for (const [body, user, projectId, status, code] of refusals) {
      const res = await copy(body, user, projectId);
      expect([res.statusCode, res.json<{ code: string }>().code], JSON.stringify(body).slice(0, 120)).toEqual(
        [status, code],
      );
    }
    // Annotations need annotationsManage in the target: a Portal Data Admin may copy slides anywhere
    // but manages no annotations, so the slides go and their sets may not.
    const dataAdmin = await t().createUser({ systemRoles: ['portalDataAdmin'] });
    const refused = await copy(request({ copyAnnotations: true }), dataAdmin);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      403,
      SLIDE_COPY_TEXTS.annotationsNotAllowed,
    ]);
    expect(await jobs()).toBe(before);
    expect((await copy(request({ copyProjectMetadata: false }), dataAdmin)).statusCode).toBe(200);
    expect(await jobs()).toBe(before + 1);
  });
});
