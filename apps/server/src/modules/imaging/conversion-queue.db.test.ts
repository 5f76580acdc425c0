/**
 * Registering a slide queues its image's conversion once (issue #10 point 10): folder import and the
 * CLI, another project, get-or-create; images registered earlier are queued once at start; the slide's
 * conversion status and counts follow the job; a failure shows its reason and slideUpload can retry it.
 * Real test slides, symlinked into a temp folder (never copied into the repository).
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { runImport } from '../../cli/import.ts';
import type { AppContext } from '../../context.ts';
import { FAST, waitFor } from '../../../test/jobs.test-helpers.ts';
import { createJobWorker } from '../../jobs/worker.ts';
import { insertMetadataSlide } from '../slides/slide-metadata.queries.ts';
import {
  enqueueConversion,
  enqueuePendingConversions,
  registerImage,
  type ImageRow,
} from './images.service.ts';

const quiet = { out: () => undefined, err: { write: () => undefined, isTTY: false } };

/** The convert-image jobs of the database, with the image each converts. */
async function conversionJobs(ctx: AppContext) {
  const jobs = await ctx.jobs.list({ limit: 1000 });
  return jobs
    .filter((j) => j.kind === 'convert-image')
    .map((j) => ({ id: j.id, state: j.state, imageId: (j.payload as { imageId: string }).imageId }));
}

/** Runs a worker until every queued conversion has ended. */
async function runConversions(ctx: AppContext): Promise<void> {
  const worker = createJobWorker({
    db: ctx.db,
    dialect: ctx.dialect,
    blobs: ctx.blobs,
    queue: ctx.jobs,
    concurrency: 1,
    ...FAST,
  });
  worker.start();
  try {
    await waitFor(
      async () => (await conversionJobs(ctx)).every((j) => j.state === 'succeeded' || j.state === 'failed'),
      'the conversions',
      60_000,
    );
  } finally {
    await worker.stop({ timeoutMs: 10_000 });
  }
}

describeEachDialect('conversion queue', (t) => {
  let tmp: string;
  let owner: TestUser;
  let reader: TestUser;
  let first: { id: string; name: string };
  let second: { id: string; name: string };
  const slideIds = new Map<string, string>();

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-conversion-queue-'));
    await mkdir(path.join(tmp, 'batch'));
    for (const name of ['CMU-1-Small-Region.svs', 'cells-2c.ome.tif'])
      await symlink(path.join(SLIDES_DIR, name), path.join(tmp, 'batch', name));
    owner = await t().createUser();
    reader = await t().createUser();
    first = await t().createProject({
      members: [
        { user: owner, role: 'projectDataOwner' },
        { user: reader, role: 'projectRead' },
      ],
    });
    second = await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] });
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  const details = async (projectId: string, slideId: string) => {
    const res = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${projectId}/slides/${slideId}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const slideIdIn = async (projectId: string, fileName: string) =>
    (
      await t()
        .ctx.db.selectFrom('slides')
        .select('id')
        .where('project_id', '=', projectId)
        .where('file_name', '=', fileName)
        .executeTakeFirstOrThrow()
    ).id;
  const retry = (user: TestUser, projectId: string, slideId: string) =>
    t().request(user, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/${slideId}/conversion/retry`,
    });

  it('a folder import queues one conversion per image, and its slides show it queued', async () => {
    const out: string[] = [];
    expect(
      await runImport(
        t().ctx,
        { dir: path.join(tmp, 'batch'), project: first.name },
        { ...quiet, out: (l) => out.push(l) },
      ),
    ).toBe(0);
    for (const line of out.filter((l) => l.startsWith('imported ')))
      slideIds.set(line.split(' ')[1]!, line.split(' ')[2]!);
    expect(slideIds.size).toBe(2);
    const jobs = await conversionJobs(t().ctx);
    expect(jobs).toHaveLength(2);
    expect(new Set(jobs.map((j) => j.imageId)).size).toBe(2);
    const d = await details(first.id, slideIds.get('CMU-1-Small-Region.svs')!);
    expect(d.conversionStatus).toBe('Queued');
    expect(d.conversion).toEqual({ status: 'Queued', error: null, counts: [] });
  });

  it('registering the same images again queues no duplicate: re-import, another project, get-or-create', async () => {
    expect(await runImport(t().ctx, { dir: path.join(tmp, 'batch'), project: first.name }, quiet)).toBe(0);
    expect(await runImport(t().ctx, { dir: path.join(tmp, 'batch'), project: second.name }, quiet)).toBe(0);
    const third = await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] });
    const svs = await details(first.id, slideIds.get('CMU-1-Small-Region.svs')!);
    const created = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${third.id}/slides/get-or-create`,
      payload: { fileName: 'copy.svs', fileExtension: 'svs', checksum: svs.checksum },
    });
    expect(created.statusCode).toBe(200);
    expect(await conversionJobs(t().ctx)).toHaveLength(2);
    // Asking directly answers the job that is queued.
    const image = (await registerImage(t().ctx, [path.join(tmp, 'batch', 'cells-2c.ome.tif')])).image;
    const again = await enqueueConversion(t().ctx, image.id);
    expect(again.isQueued).toBe(false);
    expect((await conversionJobs(t().ctx)).find((j) => j.imageId === image.id)?.id).toBe(again.jobId);
  });

  it('a queued conversion cannot be retried; readers cannot retry at all', async () => {
    const slideId = slideIds.get('CMU-1-Small-Region.svs')!;
    const res = await retry(owner, first.id, slideId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONVERSION_NOT_FAILED',
      message: 'Only a failed conversion can be retried',
    });
    expect((await retry(reader, first.id, slideId)).statusCode).toBe(403);
  });

  it('the slide follows its job to Converted, with every tile of every level counted, in every project', async () => {
    await runConversions(t().ctx);
    for (const projectId of [first.id, second.id]) {
      const d = await details(projectId, await slideIdIn(projectId, 'CMU-1-Small-Region.svs'));
      expect(d.conversionStatus).toBe('Converted');
      expect(d.conversion.status).toBe('Converted');
      expect(d.conversion.counts.length).toBeGreaterThan(1);
      expect(
        d.conversion.counts.every(
          (c: { converted: number; total: number }) => c.total > 0 && c.converted === c.total,
        ),
      ).toBe(true);
      expect(d.imageInfo.formats).toContain('optimized');
    }
    const tile = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${first.id}/slides/${slideIds.get('CMU-1-Small-Region.svs')}/tile-converted/rgb/noeq/0/0/0`,
    });
    expect(tile.statusCode).toBe(200);
    // Done: registering it once more queues nothing.
    expect(await runImport(t().ctx, { dir: path.join(tmp, 'batch'), project: first.name }, quiet)).toBe(0);
    expect(await conversionJobs(t().ctx)).toHaveLength(2);
  });

  it('a conversion that failed shows its reason, and users with slideUpload queue it again', async () => {
    const ctx = t().ctx;
    const dir = path.join(tmp, `broken-${ctx.dialect}`);
    await mkdir(dir);
    const file = path.join(dir, 'broken.svs');
    // A readable SVS of its own checksum, broken after registration: its tiles then run past the end.
    await writeFile(
      file,
      Buffer.concat([
        await readFile(path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs')),
        Buffer.from('broken later'),
      ]),
    );
    expect(await runImport(ctx, { dir, project: first.name }, quiet)).toBe(0);
    await writeFile(file, (await readFile(file)).subarray(0, 200_000));
    const slideId = await slideIdIn(first.id, 'broken.svs');
    await runConversions(ctx);

    const failed = await details(first.id, slideId);
    expect(failed.conversionStatus).toBe('Failed');
    expect(failed.conversion.error).toMatch(/^Conversion failed: \S/);
    expect((await retry(reader, first.id, slideId)).statusCode).toBe(403);
    const jobsBefore = (await conversionJobs(ctx)).length;
    const retried = await retry(owner, first.id, slideId);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'Queued', error: null });
    expect(await conversionJobs(ctx)).toHaveLength(jobsBefore + 1);
    expect((await retry(owner, first.id, slideId)).statusCode).toBe(409);

    // Mended, the retried job converts it.
    await writeFile(
      file,
      Buffer.concat([
        await readFile(path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs')),
        Buffer.from('broken later'),
      ]),
    );
    await runConversions(ctx);
    expect((await details(first.id, slideId)).conversionStatus).toBe('Converted');
  });

  it('the status is the job’s when a worker died mid-run: queued again, then failed by the sweep', async () => {
    const ctx = t().ctx;
    const dir = path.join(tmp, `killed-${ctx.dialect}`);
    await mkdir(dir);
    await writeFile(
      path.join(dir, 'killed.svs'),
      Buffer.concat([await readFile(path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs')), Buffer.from('killed')]),
    );
    expect(await runImport(ctx, { dir, project: first.name }, quiet)).toBe(0);
    const slideId = await slideIdIn(first.id, 'killed.svs');
    const { image_id: imageId } = await ctx.db
      .selectFrom('slides')
      .select('image_id')
      .where('id', '=', slideId)
      .executeTakeFirstOrThrow();
    const jobId = (await conversionJobs(ctx)).find((j) => j.imageId === imageId)!.id;
    // What a killed worker leaves: the image row at Converting; the sweep queues its job again, then fails it.
    await ctx.db
      .updateTable('images')
      .set({ conversion_status: 'Converting' })
      .where('id', '=', imageId)
      .execute();
    expect((await details(first.id, slideId)).conversion).toEqual({
      status: 'Queued',
      error: null,
      counts: [],
    });
    await ctx.db.updateTable('jobs').set({ state: 'running' }).where('id', '=', jobId).execute();
    expect((await details(first.id, slideId)).conversionStatus).toBe('Converting');
    await ctx.db
      .updateTable('jobs')
      .set({ state: 'failed', error_message: 'The worker running this job stopped responding' })
      .where('id', '=', jobId)
      .execute();
    expect((await details(first.id, slideId)).conversion).toEqual({
      status: 'Failed',
      error: 'The worker running this job stopped responding',
      counts: [],
    });
    expect((await retry(owner, first.id, slideId)).statusCode).toBe(200);
  });

  it('images registered before registration queued them are queued once at start', async () => {
    const ctx = t().ctx;
    const files = ['earlier-a', 'earlier-b'].map((n) => path.join(tmp, `${n}-${ctx.dialect}.svs`));
    const images: ImageRow[] = [];
    for (const file of files) {
      await writeFile(
        file,
        Buffer.concat([await readFile(path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs')), Buffer.from(file)]),
      );
      images.push((await registerImage(ctx, [file])).image); // registration without a slide: nothing queued
    }
    // A metadata-only slide (the demo's synthetic rows) has an image row without files: nothing to convert.
    await insertMetadataSlide(ctx.db, {
      projectId: first.id,
      fileName: `metadata-only-${ctx.dialect}.svs`,
      checksum: 'f'.repeat(64),
      format: 'svs',
      createdBy: null,
      values: {},
    });
    const queuedFor = async () =>
      (await conversionJobs(ctx)).filter((j) => images.some((i) => i.id === j.imageId));
    expect(await queuedFor()).toHaveLength(0);
    expect(await enqueuePendingConversions(ctx)).toBe(2);
    expect(await enqueuePendingConversions(ctx)).toBe(0);
    expect(await queuedFor()).toHaveLength(2);
  });
});
