/**
 * Label extract on both databases (spec 1 §7 "Submit label extraction job"; issue #15 point 5): slides
 * whose labels are generated with known text, a Code 128 and a DataMatrix are read by the job — OCR and
 * codes offline —, studyId and blockId proposed by the project's patterns and written where empty, or
 * where the overwrite list says; a slide without a label is said; the patterns are the project's, bad
 * ones refused; every refusal queues nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES, labelExtract, type jobs } from '@tessera/contract';
import { DEFAULT_LABEL_PATTERNS, LABEL_EXTRACT_TEXTS } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { writeLabelledSlide } from '../../../test/label-slide.fixtures.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { jobCount, jobEnd, startTestWorker } from '../../../test/project-jobs.test-helpers.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { registerImage } from '../imaging/images.service.ts';
import { getOrCreateSlideForImage } from '../slides/slides.service.ts';

describeEachDialect('label extract', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let projectId: string;
  let coded: string; // codes and text
  let textOnly: string; // text alone, and a blockId already set
  let noLabel: string;
  let worker: JobWorker;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-labels-'));

  const base = () => `/v1/projects/${projectId}/label-extract`;
  const extract = (body: object, user = writer) =>
    t().request(user, { method: 'POST', url: base(), payload: body });
  const run = async (body: object) => {
    const res = await extract(body);
    expect(res.statusCode).toBe(200);
    const done = await jobEnd(t(), writer, projectId, res.json<{ jobId: string }>().jobId, 120_000);
    expect(done.errorMessage).toBeNull();
    return labelExtract.LabelExtractResult.parse(done.result);
  };
  const fieldsOf = async (slideId: string) =>
    t()
      .ctx.db.selectFrom('slides')
      .select(['study_id', 'block_id'])
      .where('id', '=', slideId)
      .executeTakeFirstOrThrow();
  const jobs = () => jobCount(t().ctx.db);

  const register = async (name: string, content: Parameters<typeof writeLabelledSlide>[1]) => {
    const file = path.join(dir, `${t().ctx.dialect}-${name}`);
    await writeLabelledSlide(file, content);
    const { image } = await registerImage(t().ctx, [file]);
    const { slide } = await getOrCreateSlideForImage(
      t().ctx,
      projectId,
      image,
      { fileName: name, fileExtension: 'svs' },
      writer.id,
    );
    return slide.id;
  };

  beforeAll(async () => {
    [writer, reader] = [await t().createUser(), await t().createUser()];
    projectId = (
      await t().createProject({
        members: [
          { user: writer, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    coded = await register('coded.svs', {
      lines: ['H&E 4 um'],
      code128: 'ST-2024-017',
      dataMatrix: 'P1000-B01',
    });
    textOnly = await register('text.svs', { lines: ['Study TS40112', 'Block P2000-B02'] });
    await t()
      .ctx.db.updateTable('slides')
      .set({ block_id: 'OLD-BLOCK' })
      .where('id', '=', textOnly)
      .execute();
    noLabel = (await insertTestSlides(t().ctx.db, projectId, [{ fileName: 'no-label.svs' }]))[0]!;
    worker = startTestWorker(t());
  }, 60_000);
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 30_000 });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads codes and text, and fills the empty fields', async () => {
    const result = await run({ slideIds: [coded, textOnly, noLabel], overwrite: [] });
    const [a, b, c] = result.slides;
    expect(a!.codes.sort()).toEqual(['P1000-B01', 'ST-2024-017']);
    expect(a!.proposals).toEqual({
      studyId: { value: 'ST-2024-017', source: 'code' },
      blockId: { value: 'P1000-B01', source: 'code' },
    });
    expect(a!.written).toEqual({ studyId: 'ST-2024-017', blockId: 'P1000-B01' });
    expect(await fieldsOf(coded)).toEqual({ study_id: 'ST-2024-017', block_id: 'P1000-B01' });
    // OCR: the text lines; the block was set already and the overwrite list is empty.
    expect(b!.text).toContain('TS40112');
    expect(b!.proposals).toEqual({
      studyId: { value: 'TS40112', source: 'text' },
      blockId: { value: 'P2000-B02', source: 'text' },
    });
    expect(b!.written).toEqual({ studyId: 'TS40112' });
    expect(await fieldsOf(textOnly)).toEqual({ study_id: 'TS40112', block_id: 'OLD-BLOCK' });
    expect(c).toMatchObject({ fileName: 'no-label.svs', reason: LABEL_EXTRACT_TEXTS.noLabel, written: {} });

    // With blockId in the overwrite list, the set block gives way.
    const again = await run({ slideIds: [textOnly], overwrite: ['blockId'] });
    expect(again.slides[0]!.written).toEqual({ blockId: 'P2000-B02' });
    expect(await fieldsOf(textOnly)).toEqual({ study_id: 'TS40112', block_id: 'P2000-B02' });

    const panel = (await t().request(writer, { method: 'GET', url: '/v1/jobs' })).json<jobs.PanelJob[]>();
    expect(panel[0]).toMatchObject({ jobName: 'Extract label text', inputDescription: '1 slide' });
  });

  it("keeps the project's patterns, refuses bad ones, and reads by them", async () => {
    const get = await t().request(writer, { method: 'GET', url: `${base()}/patterns` });
    expect(get.json()).toEqual({ patterns: DEFAULT_LABEL_PATTERNS, isDefault: true });
    const put = (patterns: object, user = writer) =>
      t().request(user, { method: 'PUT', url: `${base()}/patterns`, payload: { patterns } });
    for (const bad of [{ studyId: '(', blockId: 'x' }, { studyId: '.*', blockId: 'x' }, { studyId: 'x' }])
      expect((await put(bad)).statusCode).toBe(400);
    expect((await put(DEFAULT_LABEL_PATTERNS, reader)).statusCode).toBe(403);
    // A study pattern that takes what follows 'H&E' (the stain line), to show the project's own rule is used.
    const patterns = { studyId: String.raw`H&E (\d) um`, blockId: DEFAULT_LABEL_PATTERNS.blockId };
    expect((await put(patterns)).json()).toEqual({ patterns, isDefault: false });
    const result = await run({ slideIds: [coded], overwrite: ['studyId'] });
    expect(result.slides[0]!.proposals.studyId).toEqual({ value: '4', source: 'text' });
    expect(await fieldsOf(coded)).toMatchObject({ study_id: '4' });
    await put(DEFAULT_LABEL_PATTERNS);
  });

  it('refuses what cannot be read, and queues nothing', async () => {
    const before = await jobs();
    const foreign = (
      await insertTestSlides(t().ctx.db, (await t().createProject()).id, [{ fileName: 'x.svs' }])
    )[0]!;
    const refusals: [object, TestUser, number, string][] = [
      [{ slideIds: [coded], overwrite: [] }, reader, 403, ERROR_CODES.forbidden],
      [{ slideIds: [coded, foreign], overwrite: [] }, writer, 404, ERROR_CODES.slideNotFound],
      [{ slideIds: [], overwrite: [] }, writer, 400, ERROR_CODES.validation],
      [{ slideIds: [coded], overwrite: ['fileName'] }, writer, 400, ERROR_CODES.validation],
      [{ slideIds: [coded], overwrite: ['blockId', 'blockId'] }, writer, 400, ERROR_CODES.validation],
      [{ slideIds: [coded] }, writer, 400, ERROR_CODES.validation],
      [{ slideIds: ['a\u0000b'], overwrite: [] }, writer, 400, ERROR_CODES.validation],
    ];
    for (const [body, user, status, code] of refusals) {
      const res = await extract(body, user);
      expect([res.statusCode, res.json<{ code: string }>().code], JSON.stringify(body)).toEqual([
        status,
        code,
      ]);
    }
    expect(await jobs()).toBe(before);
  });
});
