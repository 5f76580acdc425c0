/**
 * Transfers on both databases (spec 1 §7 "Submit transfer job"; issue #15 point 4): the transfer area's
 * folders as the wizard lists them (never beyond the area, links included); TransferSlides writing the
 * original files — a multi-file slide with its layout — whole, leaving the same file there and never
 * overwriting a different one; TransferAnnotations writing each set as QuPath GeoJSON; the Jobs panel's
 * words; and every refusal queueing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES, transfers, type jobs } from '@tessera/contract';
import { TRANSFER_TEXTS } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { setImageSize } from '../../../test/annotations.fixtures.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { jobCount, jobEnd, startTestWorker } from '../../../test/project-jobs.test-helpers.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { TRANSFER_ERROR_CODES } from './transfer-area.ts';

describeEachDialect('transfers', (t) => {
  let reader: TestUser;
  let viewOnly: TestUser;
  let projectId: string;
  let mrxs: string; // a slide of two files: slide.mrxs and slide/Data0001.dat
  let bare: string; // a slide with no stored file
  let worker: JobWorker;
  let area: string;
  const sources = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-transfer-src-'));

  const folders = (p: string, user = reader) =>
    t().request(user, {
      method: 'GET',
      url: `/v1/projects/${projectId}/transfer-folders?path=${encodeURIComponent(p)}`,
    });
  const submit = (body: object, user = reader) =>
    t().request(user, { method: 'POST', url: `/v1/projects/${projectId}/transfers`, payload: body });
  const run = async (body: object) => {
    const res = await submit(body);
    expect(res.statusCode).toBe(200);
    const done = await jobEnd(t(), reader, projectId, res.json<{ jobId: string }>().jobId);
    expect(done.errorMessage).toBeNull();
    return transfers.TransferResult.parse(done.result);
  };
  const jobs = () => jobCount(t().ctx.db);

  beforeAll(async () => {
    [reader, viewOnly] = [await t().createUser(), await t().createUser()];
    projectId = (
      await t().createProject({
        members: [
          { user: reader, role: 'projectRead' },
          { user: viewOnly, role: 'projectViewOnly' },
        ],
      })
    ).id;
    [mrxs, bare] = (await insertTestSlides(t().ctx.db, projectId, [
      { fileName: 'slide.mrxs' },
      { fileName: 'bare.svs' },
    ])) as [string, string];
    await setImageSize(t().ctx.db, [mrxs], { width: 1000, height: 1000 });
    fs.mkdirSync(path.join(sources, 'slide'));
    fs.writeFileSync(path.join(sources, 'slide.mrxs'), 'index file\n');
    fs.writeFileSync(path.join(sources, 'slide', 'Data0001.dat'), Buffer.alloc(300_000, 7));
    const imageId = (await t()
      .ctx.db.selectFrom('slides')
      .select('image_id')
      .where('id', '=', mrxs)
      .executeTakeFirst())!.image_id;
    await t()
      .ctx.db.updateTable('images')
      .set({
        storage_paths: JSON.stringify([
          path.join(sources, 'slide.mrxs'),
          path.join(sources, 'slide', 'Data0001.dat'),
        ]),
      })
      .where('id', '=', imageId)
      .execute();
    area = t().ctx.config.transferDir;
    fs.mkdirSync(path.join(area, 'study-1', 'run-a'), { recursive: true });
    fs.mkdirSync(path.join(area, '.hidden'));
    fs.writeFileSync(path.join(area, 'a-file.txt'), 'not a folder');
    // A link out of the area is no destination.
    fs.symlinkSync(os.tmpdir(), path.join(area, 'escape'));
    fs.symlinkSync(path.join(area, 'study-1'), path.join(area, 'study-link'));
    worker = startTestWorker(t());
  });
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 10_000 });
    fs.rmSync(sources, { recursive: true, force: true });
  });

  it('lists the folders of the area, never what leads out of it', async () => {
    const root = await folders('');
    expect(root.statusCode).toBe(200);
    expect(root.json<transfers.TransferFolders>()).toEqual({
      path: '',
      displayPath: 'transfer',
      folders: [
        { name: 'study-1', path: 'study-1' },
        { name: 'study-link', path: 'study-link' },
      ],
      isTruncated: false,
    });
    expect((await folders('study-1')).json<transfers.TransferFolders>().folders).toEqual([
      { name: 'run-a', path: 'study-1/run-a' },
    ]);
    for (const [p, status] of [
      ['../', 400],
      ['/etc', 400],
      ['study-1/../..', 400],
      ['a\u0000b', 400],
      ['nope', 404],
      ['escape', 404],
      ['a-file.txt', 404],
    ] as const) {
      const res = await folders(p);
      expect([p, res.statusCode]).toEqual([p, status]);
      if (status === 404) expect(res.json<{ code: string }>().code).toBe(TRANSFER_ERROR_CODES.folderNotFound);
    }
    expect((await folders('', viewOnly)).statusCode).toBe(403);
  });

  it('writes the original files whole, keeps the same file there, never overwrites another', async () => {
    const first = await run({
      type: 'TransferSlides',
      destinationPath: 'study-1/run-a',
      slideIds: [mrxs, bare],
    });
    expect(first.displayPath).toBe('transfer/study-1/run-a');
    expect(first.slides.map((s) => [s.fileName, s.outcome, s.files, s.reason])).toEqual([
      ['slide.mrxs', 'written', ['slide.mrxs', path.join('slide', 'Data0001.dat')], null],
      ['bare.svs', 'failed', [], TRANSFER_TEXTS.noFile],
    ]);
    const written = path.join(area, 'study-1', 'run-a');
    expect(fs.readFileSync(path.join(written, 'slide', 'Data0001.dat'))).toEqual(Buffer.alloc(300_000, 7));
    // No partial file is left behind.
    expect(fs.readdirSync(written).sort()).toEqual(['slide', 'slide.mrxs']);

    const again = await run({ type: 'TransferSlides', destinationPath: 'study-1/run-a', slideIds: [mrxs] });
    expect(again.slides[0]).toMatchObject({ outcome: 'skipped', reason: TRANSFER_TEXTS.alreadyThere });

    fs.writeFileSync(path.join(area, 'study-1', 'slide.mrxs'), 'someone else’s file');
    const clash = await run({ type: 'TransferSlides', destinationPath: 'study-1', slideIds: [mrxs] });
    expect(clash.slides[0]).toMatchObject({
      outcome: 'failed',
      reason: TRANSFER_TEXTS.differentFileThere('slide.mrxs'),
    });
    expect(fs.readFileSync(path.join(area, 'study-1', 'slide.mrxs'), 'utf8')).toBe('someone else’s file');
  });

  it('writes each annotation set as QuPath GeoJSON', async () => {
    const owner = await t().createUser();
    await t()
      .ctx.db.insertInto('project_members')
      .values({
        project_id: projectId,
        user_id: owner.id,
        role: 'projectWrite',
        created_at: new Date().toISOString(),
      })
      .execute();
    const setId = (
      await t().request(owner, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/${mrxs}/annotation-sets`,
        payload: { name: 'Tumour/Stroma' },
      })
    ).json<{ id: string }>().id;
    await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${projectId}/annotation-sets/${setId}/features`,
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
            properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
          },
        ],
      },
    });
    const result = await run({
      type: 'TransferAnnotations',
      destinationPath: 'study-1',
      slideIds: [mrxs, bare],
    });
    expect(result.slides.map((s) => [s.outcome, s.files, s.reason])).toEqual([
      ['written', ['slide - Tumour_Stroma.geojson'], null],
      ['skipped', [], TRANSFER_TEXTS.noAnnotationSets],
    ]);
    const geojson = JSON.parse(
      fs.readFileSync(path.join(area, 'study-1', 'slide - Tumour_Stroma.geojson'), 'utf8'),
    ) as {
      type: string;
      features: { properties: { classification: { name: string } } }[];
    };
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features.map((f) => f.properties.classification.name)).toEqual(['Tumor']);

    const panel = (await t().request(reader, { method: 'GET', url: '/v1/jobs' })).json<jobs.PanelJob[]>();
    expect(panel[0]).toMatchObject({
      jobName: 'Transfer annotations',
      inputDescription: '2 slides to transfer/study-1',
      outputDescription: 'Wrote the annotation sets of 1 slide, 1 already there',
    });
  });

  it('refuses what cannot be transferred, and queues nothing', async () => {
    const before = await jobs();
    const dataAdmin = await t().createUser({ systemRoles: ['portalDataAdmin'] });
    const foreign = (
      await insertTestSlides(t().ctx.db, (await t().createProject()).id, [{ fileName: 'x.svs' }])
    )[0]!;
    const body = { type: 'TransferSlides', destinationPath: 'study-1', slideIds: [mrxs] };
    const refusals: [object, TestUser, number, string][] = [
      [body, viewOnly, 403, ERROR_CODES.forbidden],
      // A Portal Data Admin may transfer annotations but not slide files (no slideDownload).
      [body, dataAdmin, 403, ERROR_CODES.forbidden],
      [{ ...body, destinationPath: '../..' }, reader, 400, ERROR_CODES.validation],
      [{ ...body, destinationPath: 'escape' }, reader, 404, TRANSFER_ERROR_CODES.folderNotFound],
      [{ ...body, destinationPath: 'missing' }, reader, 404, TRANSFER_ERROR_CODES.folderNotFound],
      [{ ...body, slideIds: [mrxs, foreign] }, reader, 404, ERROR_CODES.slideNotFound],
      [{ ...body, slideIds: [] }, reader, 400, ERROR_CODES.validation],
      [{ ...body, type: 'TransferEverything' }, reader, 400, ERROR_CODES.validation],
      [{ ...body, extra: { a: [[[1]]] } }, reader, 400, ERROR_CODES.validation],
    ];
    for (const [payload, user, status, code] of refusals) {
      const res = await submit(payload, user);
      expect([res.statusCode, res.json<{ code: string }>().code], JSON.stringify(payload)).toEqual([
        status,
        code,
      ]);
    }
    expect((await submit(body, dataAdmin)).json<{ message: string }>().message).toBe(
      TRANSFER_TEXTS.typeNotAllowed('TransferSlides'),
    );
    expect(await jobs()).toBe(before);
  });
});
