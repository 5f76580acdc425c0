/**
 * Levels the file lacks (made from the next finer stored level) and the `tile-converted` form of spec 2 §7,
 * on the real CMU-1-Small-Region.svs (one stored level), symlinked from ../shared/testdata/slides.
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TiffSlide } from '@tessera/wsi';
import type { ImageInfo } from '@tessera/contract';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { FAST, waitFor } from '../../../test/jobs.test-helpers.ts';
import { createJobWorker } from '../../jobs/worker.ts';
import { enqueueConversion, registerImage } from './images.service.ts';
import { getOrCreateSlideForImage } from '../slides/slides.service.ts';
import { findConversion } from '../../jobs/convert-image.queries.ts';

const SVS = 'CMU-1-Small-Region.svs';
const TILE = 240;

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

/**
 * The exact meaning of a 2^k level: each pixel is the mean of its scale × scale block of level 0 (what
 * libvips and OpenSlide pyramids hold), clipped at the image edge.
 */
function boxDownsample(
  full: Buffer,
  fullW: number,
  fullH: number,
  scale: number,
  left: number,
  top: number,
  width: number,
  height: number,
): Buffer {
  const out = Buffer.alloc(width * height * 3);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = (top + j) * scale; y < Math.min(fullH, (top + j + 1) * scale); y++) {
        for (let x = (left + i) * scale; x < Math.min(fullW, (left + i + 1) * scale); x++) {
          for (let c = 0; c < 3; c++) sum[c]! += full[(y * fullW + x) * 3 + c]!;
          n++;
        }
      }
      for (let c = 0; c < 3; c++) out[(j * width + i) * 3 + c] = Math.round(sum[c]! / n);
    }
  }
  return out;
}

describeEachDialect('tiles: missing levels and tile-converted', (t) => {
  let tmp: string;
  let owner: TestUser;
  let projectId: string;
  let slideId: string;
  let imageId: string;
  const url = (kind: 'tile' | 'tile-converted', z: number, x: number, y: number, query = '') =>
    `/v1/projects/${projectId}/slides/${slideId}/${kind}/rgb/noeq/${z}/${x}/${y}${query}`;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-levels-'));
    owner = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] })).id;
    await symlink(path.join(SLIDES_DIR, SVS), path.join(tmp, SVS));
    const { image } = await registerImage(t().ctx, [path.join(tmp, SVS)]);
    imageId = image.id;
    slideId = (
      await getOrCreateSlideForImage(
        t().ctx,
        projectId,
        image,
        { fileName: SVS, fileExtension: 'svs' },
        owner.id,
      )
    ).slide.id;
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('makes 2×, 4× and 16× tiles the file lacks, matching a box-averaged reference of level 0 (PSNR ≥ 35 dB)', async () => {
    const { data: full, info } = await sharp(path.join(SLIDES_DIR, SVS))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([2220, 2967]);
    for (const [z, scale, x, y] of [
      [3, 2, 2, 3],
      [2, 4, 1, 2],
      [0, 16, 0, 0],
    ] as const) {
      const res = await t().request(owner, { method: 'GET', url: url('tile', z, x, y, '?format=png') });
      expect(res.statusCode, `z=${z}`).toBe(200);
      const got = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const levelW = Math.ceil(info.width / scale);
      const levelH = Math.ceil(info.height / scale);
      const width = Math.min(TILE, levelW - x * TILE);
      const height = Math.min(TILE, levelH - y * TILE);
      expect([got.info.width, got.info.height], `z=${z}`).toEqual([width, height]);
      const reference = boxDownsample(
        full,
        info.width,
        info.height,
        scale,
        x * TILE,
        y * TILE,
        width,
        height,
      );
      expect(psnr(got.data, reference), `z=${z}`).toBeGreaterThanOrEqual(35);
    }
    // A generated tile asked for again comes from the cache with the same bytes and ETag.
    const a = await t().request(owner, { method: 'GET', url: url('tile', 2, 1, 1) });
    const b = await t().request(owner, { method: 'GET', url: url('tile', 2, 1, 1) });
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it("describes in the slide details' tileLevels exactly the grid the tile path serves", async () => {
    const details = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${projectId}/slides/${slideId}`,
    });
    const { tileLevels, optimizedTileLevels } = (details.json() as { imageInfo: ImageInfo }).imageInfo;
    expect(optimizedTileLevels).toBeNull(); // not converted yet
    // 2220 × 2967 in 240-pixel tiles: 2× levels down to the one that fits in a tile (16×: 139 × 186).
    expect(tileLevels.map((l) => [l.size.w, l.size.h])).toEqual([
      [2220, 2967],
      [1110, 1484],
      [555, 742],
      [278, 371],
      [139, 186],
    ]);
    expect(tileLevels.every((l) => l.tileSize.w === TILE && l.tileSize.h === TILE)).toBe(true);
    for (const [index, level] of tileLevels.entries()) {
      const z = tileLevels.length - 1 - index;
      const [lastX, lastY] = [Math.ceil(level.size.w / TILE) - 1, Math.ceil(level.size.h / TILE) - 1];
      const last = await t().request(owner, { method: 'GET', url: url('tile', z, lastX, lastY) });
      expect(last.statusCode, `z=${z} last tile`).toBe(200);
      const beyond = await t().request(owner, { method: 'GET', url: url('tile', z, lastX + 1, 0) });
      expect(beyond.statusCode, `z=${z} past the last column`).toBe(404);
    }
    const below = await t().request(owner, { method: 'GET', url: url('tile', tileLevels.length, 0, 0) });
    expect(below.statusCode).toBe(404);
  });

  it('answers tile-converted with 404 until Converted, then from the optimized pyramid, immutable', async () => {
    const before = await t().request(owner, { method: 'GET', url: url('tile-converted', 4, 0, 0) });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({
      code: 'SLIDE_NOT_OPTIMIZED',
      message: 'The slide is not optimized for viewing yet',
    });

    const ctx = t().ctx;
    const { jobId } = await enqueueConversion(ctx, imageId);
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
        async () => ((await ctx.jobs.get(jobId!))?.state === 'succeeded' ? true : undefined),
        'the conversion',
        60_000,
      );
    } finally {
      await worker.stop({ timeoutMs: 10_000 });
    }
    const optimizedPath = (await findConversion(ctx.db, imageId))!.optimizedPath!;

    // The slide details now give the optimized pyramid's grid, and it is the one tile-converted serves.
    const details = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${projectId}/slides/${slideId}`,
    });
    const { optimizedTileLevels } = (details.json() as { imageInfo: ImageInfo }).imageInfo;
    expect(optimizedTileLevels).not.toBeNull();
    expect(optimizedTileLevels!.map((l) => l.size.w)).toEqual([2220, 1110, 555, 277, 138]);
    for (const [index, level] of optimizedTileLevels!.entries()) {
      const z = optimizedTileLevels!.length - 1 - index;
      const { w, h } = level.tileSize;
      const [lastX, lastY] = [Math.ceil(level.size.w / w) - 1, Math.ceil(level.size.h / h) - 1];
      const last = await t().request(owner, { method: 'GET', url: url('tile-converted', z, lastX, lastY) });
      expect(last.statusCode, `z=${z} last tile`).toBe(200);
      const beyond = await t().request(owner, { method: 'GET', url: url('tile-converted', z, lastX + 1, 0) });
      expect(beyond.statusCode, `z=${z} past the last column`).toBe(404);
    }

    const res = await t().request(owner, { method: 'GET', url: url('tile-converted', 4, 3, 4) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const optimized = await TiffSlide.open(optimizedPath);
    try {
      // Passthrough from the converted file: its stored tile, byte for byte.
      expect(res.rawPayload.equals(await optimized.readJpegTilePassthrough(0, 3, 4))).toBe(true);
    } finally {
      await optimized.close();
    }
    const original = await t().request(owner, { method: 'GET', url: url('tile', 4, 3, 4) });
    expect(original.headers.etag).not.toBe(res.headers.etag);
    const again = await t().request(owner, {
      method: 'GET',
      url: url('tile-converted', 4, 3, 4),
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // The reduced levels of the optimized pyramid (wsi LibvipsLevels) hold a box-averaged level 0, stored as
    // JPEG at the writer's quality 85: as close to the reference as that JPEG of the reference itself is.
    // Their sizes halve with flooring, and stored edge tiles are padded.
    const { data: full, info } = await sharp(path.join(SLIDES_DIR, SVS))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const [z, scale, x, y] of [
      [3, 2, 2, 3],
      [2, 4, 1, 2],
      [0, 16, 0, 0],
    ] as const) {
      const converted = await t().request(owner, {
        method: 'GET',
        url: url('tile-converted', z, x, y, '?format=png'),
      });
      expect(converted.statusCode, `z=${z}`).toBe(200);
      const levelW = Math.floor(info.width / scale);
      const levelH = Math.floor(info.height / scale);
      const width = Math.min(TILE, levelW - x * TILE);
      const height = Math.min(TILE, levelH - y * TILE);
      const got = await sharp(converted.rawPayload)
        .extract({ left: 0, top: 0, width, height })
        .removeAlpha()
        .raw()
        .toBuffer();
      const reference = boxDownsample(
        full,
        info.width,
        info.height,
        scale,
        x * TILE,
        y * TILE,
        width,
        height,
      );
      const referenceJpeg = await sharp(reference, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer();
      const jpegLoss = psnr(await sharp(referenceJpeg).raw().toBuffer(), reference);
      expect(psnr(got, reference), `z=${z}`).toBeGreaterThanOrEqual(jpegLoss - 1);
    }
    const smallest = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/${slideId}/tile-converted/rgb`,
      payload: { z: 0, x: 0, y: 0 },
    });
    expect(smallest.statusCode).toBe(200);
  });
});
