/**
 * Uploads with the S3-compatible blob store (issue #15 point 1; s3rver on loopback as the store): the
 * uploaded slide is stored in the bucket, its tiles and pictures are served from a copy fetched into the
 * cache, its conversion writes the pyramid to the bucket, and the converted tiles are read from there by
 * byte range without fetching the pyramid.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { TiffSlide } from '@tessera/wsi';
import {
  DIALECTS,
  SLIDES_DIR,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { FAST, waitFor } from '../../../test/jobs.test-helpers.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.test-helpers.ts';
import { findConversion } from '../../jobs/convert-image.queries.ts';
import { createJobWorker } from '../../jobs/worker.ts';
import { fileChecksum } from '../imaging/checksum.ts';
import { findImageByChecksum } from '../imaging/images.service.ts';

const SVS = path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs');

describe.each(DIALECTS)('uploads to an S3 store [%s]', (dialect) => {
  let s3: TestS3;
  let cache: string;
  let t: TestServer & { stop(): Promise<void> };
  let writer: TestUser;
  let project: { id: string };

  beforeAll(async () => {
    s3 = await startTestS3();
    cache = await mkdtemp(path.join(os.tmpdir(), 'tessera-blob-cache-'));
    t = await startTestServer(
      dialect,
      { s3: { ...s3.config, prefix: 'tessera/' }, blobCacheDir: cache },
      { listen: true },
    );
    writer = await t.createUser();
    project = await t.createProject({ members: [{ user: writer, role: 'projectWrite' }] });
  });
  afterAll(async () => {
    await t.stop();
    await s3.stop();
    await rm(cache, { recursive: true, force: true });
  });

  const tile = (slideId: string, kind: 'tile' | 'tile-converted') =>
    t.request(writer, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${slideId}/${kind}/rgb/noeq/4/3/4`,
    });

  it('stores an uploaded slide in the bucket, serves it through the cache, converts it into the bucket and tiles it by range', async () => {
    const svs = await readFile(SVS);
    const { checksum } = await fileChecksum(SVS);
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(svs, {
        endpoint: `${t.ctx.config.publicUrl}/v1/uploads`,
        headers: { authorization: `Bearer ${writer.token}` },
        metadata: { projectId: project.id, fileName: 'CMU-1-Small-Region.svs', checksum },
        onError: reject,
        onSuccess: () => resolve(),
      }).start();
    });
    const image = (await findImageByChecksum(t.ctx.db, checksum))!;
    const stored = `s3://${s3.config.bucket}/tessera/slides/${checksum}/CMU-1-Small-Region.svs`;
    expect(image.storagePaths).toEqual([stored]);
    const object = await t.ctx.blobs.open(stored);
    expect(object.size).toBe(svs.length);
    await object.close();
    const slide = await t.ctx.db
      .selectFrom('slides')
      .select('id')
      .where('image_id', '=', image.id)
      .executeTakeFirstOrThrow();

    // A server without the file at hand fetches it from the bucket into its cache.
    await rm(cache, { recursive: true, force: true });
    expect((await tile(slide.id, 'tile')).statusCode).toBe(200);
    const thumbnail = await t.request(writer, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${slide.id}/thumbnail`,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(await readFile(path.join(cache, 'tessera', 'slides', checksum, 'CMU-1-Small-Region.svs'))).toEqual(
      svs,
    );

    const worker = createJobWorker({
      db: t.ctx.db,
      dialect: t.ctx.dialect,
      blobs: t.ctx.blobs,
      queue: t.ctx.jobs,
      concurrency: 1,
      ...FAST,
    });
    worker.start();
    try {
      await waitFor(
        async () => ((await findConversion(t.ctx.db, image.id))?.status === 'Converted' ? true : undefined),
        'the conversion',
        60_000,
      );
    } finally {
      await worker.stop({ timeoutMs: 10_000 });
    }
    const pyramid = (await findConversion(t.ctx.db, image.id))!.optimizedPath!;
    expect(pyramid).toBe(`s3://${s3.config.bucket}/tessera/optimized/${checksum}.ome.tif`);

    await rm(cache, { recursive: true, force: true });
    const converted = await tile(slide.id, 'tile-converted');
    expect(converted.statusCode).toBe(200);
    const source = await t.ctx.blobs.open(pyramid);
    const optimized = await TiffSlide.fromSource(source);
    try {
      expect(converted.rawPayload.equals(await optimized.readJpegTilePassthrough(0, 3, 4))).toBe(true);
    } finally {
      await optimized.close();
    }
    // Read by range: nothing was fetched into the cache for it.
    expect(await readdir(cache).catch(() => [])).toEqual([]);
  });
});
