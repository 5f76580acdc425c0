/**
 * The convert-image job end to end on real test slides (symlinked into a temp folder, never copied into
 * the repository): registered through images.service, queued through enqueueConversion, run by a worker.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { generateFluorescenceSlide, TiffSlide } from '@tessera/wsi';
import { describeEachDialect, SLIDES_DIR } from '../../test/harness.ts';
import type { AppContext } from '../context.ts';
import { enqueueConversion, registerImage } from '../modules/imaging/images.service.ts';
import { conversionCheckpoints, convertImageJob, optimizedWorkDir } from './convert-image.job.ts';
import { findConversion } from './convert-image.queries.ts';
import type { JobContext } from './job-kind.ts';
import { FAST, waitFor } from '../../test/jobs.test-helpers.ts';
import { createJobWorker } from './worker.ts';

const SLIDES = SLIDES_DIR;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-convert-'));
  for (const name of [
    'CMU-1-Small-Region.svs',
    'cells-2c.ome.tif',
    'tcga-cr-7395-01a-01-ts1.svs',
    'dicom/pathml-small/small_dicom.dcm',
  ]) {
    await symlink(path.join(SLIDES, name), path.join(tmp, path.basename(name)));
  }
  await symlink(path.join(SLIDES, 'kidney-48-5.tif'), path.join(tmp, 'kidney-48-5.tif'));
  await sharp(path.join(SLIDES, 'CMU-1-Small-Region.svs'))
    .removeAlpha()
    .tiff({ tile: true, tileWidth: 240, tileHeight: 240, compression: 'lzw' })
    .toFile(path.join(tmp, 'tissue-lzw.tif'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const hasVips = (() => {
  try {
    execFileSync('which', ['vipsheader'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Registers `file`, converts it through a worker and answers the finished job and the image id. */
async function convert(ctx: AppContext, file: string) {
  const { image } = await registerImage(ctx, [file]);
  const jobId = (await enqueueConversion(ctx, image.id)).jobId!;
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
    const job = await waitFor(
      async () => {
        const j = await ctx.jobs.get(jobId);
        return j && (j.state === 'succeeded' || j.state === 'failed') ? j : undefined;
      },
      'the conversion to finish',
      60_000,
    );
    return { job, image, logs: (await ctx.jobs.logs(jobId)).map((l) => l.line) };
  } finally {
    await worker.stop({ timeoutMs: 10_000 });
  }
}

describeEachDialect('convert-image job', (t) => {
  it('converts an SVS: level-0 JPEG tiles copied, every 2× level, counts complete, status Converted', async () => {
    const ctx = t().ctx;
    // A stale partial of an earlier, crashed run of this image: the rerun must remove it.
    const original = await TiffSlide.open(path.join(tmp, 'CMU-1-Small-Region.svs'));
    const { image: registered } = await registerImage(ctx, [path.join(tmp, 'CMU-1-Small-Region.svs')]);
    const stale = path.join(
      optimizedWorkDir(ctx.blobs),
      `.${registered.checksum}.ome.tif.0123456789ab.partial`,
    );
    await rm(optimizedWorkDir(ctx.blobs), { recursive: true, force: true });
    await mkdir(optimizedWorkDir(ctx.blobs), { recursive: true });
    await writeFile(stale, 'half a pyramid');

    const { job, image, logs } = await convert(ctx, path.join(tmp, 'CMU-1-Small-Region.svs'));
    try {
      expect(job).toMatchObject({ state: 'succeeded', progress: 100 });
      expect(logs.some((l) => l.includes('by jpeg-copy'))).toBe(true);
      const conversion = (await findConversion(ctx.db, image.id))!;
      const target = path.join(optimizedWorkDir(ctx.blobs), `${image.checksum}.ome.tif`);
      expect(conversion.status).toBe('Converted');
      expect(conversion.optimizedPath).toBe(target);
      expect(conversion.error).toBeNull();
      // Only the finished file is left: the stale partial and the job's own temporary file are gone.
      expect(await readdir(optimizedWorkDir(ctx.blobs))).toEqual([path.basename(target)]);

      const out = await TiffSlide.open(target);
      try {
        const src = original.info.levels[0]!;
        const levels = out.info.levels;
        expect(levels[0]).toMatchObject({
          width: src.width,
          height: src.height,
          tileWidth: src.tileWidth,
          compression: 'jpeg',
        });
        for (let i = 1; i < levels.length; i++) {
          expect(levels[i]!.width).toBe(Math.floor(levels[i - 1]!.width / 2));
          expect(levels[i]!.height).toBe(Math.floor(levels[i - 1]!.height / 2));
        }
        const last = levels.at(-1)!;
        expect(last.width <= last.tileWidth && last.height <= last.tileHeight).toBe(true);
        expect(levels.length).toBeGreaterThan(2);
        // Copied, not re-encoded: the stored bytes and the browser-ready tiles are identical.
        const across = Math.ceil(src.width / src.tileWidth);
        const down = Math.ceil(src.height / src.tileHeight);
        for (const [x, y] of [
          [0, 0],
          [across - 1, 0],
          [Math.floor(across / 2), Math.floor(down / 2)],
          [across - 1, down - 1],
        ] as const) {
          expect((await out.readRawTile(0, x, y)).bytes).toEqual((await original.readRawTile(0, x, y)).bytes);
          expect(await out.readJpegTilePassthrough(0, x, y)).toEqual(
            await original.readJpegTilePassthrough(0, x, y),
          );
        }
        // Conversion counts: every level and channel complete.
        expect(conversion.counts).toHaveLength(levels.length);
        conversion.counts!.forEach((c, i) => {
          const l = levels[i]!;
          expect(c).toEqual({
            level: i,
            channel: 0,
            converted: Math.ceil(l.width / l.tileWidth) * Math.ceil(l.height / l.tileHeight),
            total: c.total,
          });
          expect(c.total).toBe(c.converted);
        });
        if (hasVips) {
          const header = execFileSync('vipsheader', ['-a', target], { encoding: 'utf8' });
          expect(header).toContain(`${src.width}x${src.height}`);
          expect(header).toMatch(new RegExp(`n-subifds: ${levels.length - 1}\\b`));
        }
      } finally {
        await out.close();
      }
    } finally {
      await original.close();
    }
  });

  it('copies every level of a pyramid that stores the whole 2× chain, tile for tile', async () => {
    const ctx = t().ctx;
    // A libvips pyramid of real tissue (every 2× level as JPEG tiles), named apart per dialect run.
    const file = path.join(tmp, `pyramid-${ctx.dialect}.tif`);
    await sharp(path.join(SLIDES, 'CMU-1-Small-Region.svs'))
      .removeAlpha()
      .tiff({ tile: true, tileWidth: 256, tileHeight: 256, pyramid: true, compression: 'jpeg', quality: 80 })
      .toFile(file);
    const { job, image, logs } = await convert(ctx, file);
    expect(job).toMatchObject({ state: 'succeeded', progress: 100 });
    expect(logs).toContain('Every level is copied as the file stores it.');
    const source = await TiffSlide.open(file);
    const out = await TiffSlide.open((await findConversion(ctx.db, image.id))!.optimizedPath!);
    try {
      expect(out.info.levels.map((l) => [l.width, l.height])).toEqual(
        source.info.levels.map((l) => [l.width, l.height]),
      );
      for (let level = 0; level < source.info.levels.length; level++) {
        expect((await out.readRawTile(level, 0, 0)).bytes).toEqual(
          (await source.readRawTile(level, 0, 0)).bytes,
        );
        expect(await out.readJpegTilePassthrough(level, 0, 0)).toEqual(
          await source.readJpegTilePassthrough(level, 0, 0),
        );
      }
    } finally {
      await Promise.all([source.close(), out.close()]);
    }
  });

  it('converts a fluorescence OME-TIFF losslessly, channel by channel', async () => {
    const ctx = t().ctx;
    const file = path.join(tmp, 'cells-2c.ome.tif');
    const { job, image, logs } = await convert(ctx, file);
    expect(job).toMatchObject({ state: 'succeeded', progress: 100 });
    expect(logs.some((l) => l.includes('by lossless-channels'))).toBe(true);
    const conversion = (await findConversion(ctx.db, image.id))!;
    expect(conversion.status).toBe('Converted');
    const original = await TiffSlide.open(file);
    const out = await TiffSlide.open(conversion.optimizedPath!);
    try {
      const { width, height, channels } = original.info;
      expect(out.info.kind).toBe('fluorescence');
      expect(out.info.channels.map((c) => [c.name, c.sampleType])).toEqual(
        channels.map((c) => [c.name, c.sampleType]),
      );
      expect(conversion.counts!.filter((c) => c.level === 0).map((c) => c.channel)).toEqual(
        channels.map((_, i) => i),
      );
      expect(conversion.counts!.every((c) => c.converted === c.total && c.total > 0)).toBe(true);
      const T = out.info.levels[0]!.tileWidth;
      const src = original.info.levels[0]!;
      // Every level-0 sample of every channel, compared through both files' own tiling.
      for (let c = 0; c < channels.length; c++) {
        const a = await plane(original, c, width, height, src.tileWidth, src.tileHeight);
        const b = await plane(out, c, width, height, T, T);
        expect(
          Buffer.from(b.buffer, b.byteOffset, b.byteLength).equals(
            Buffer.from(a.buffer, a.byteOffset, a.byteLength),
          ),
        ).toBe(true);
      }
    } finally {
      await original.close();
      await out.close();
    }
  });

  for (const [mode, make] of [
    // Trailing bytes give the file its own checksum, so it is not the image the tests above converted.
    [
      'jpeg-copy',
      async (file: string) =>
        writeFile(
          file,
          Buffer.concat([await readFile(path.join(SLIDES, 'CMU-1-Small-Region.svs')), Buffer.from('resume')]),
        ),
    ],
    [
      'lossless-channels',
      (file: string) => generateFluorescenceSlide(file, { width: 1024, height: 1024, seed: 3 }),
    ],
    [
      'libvips-encode',
      async (file: string) => {
        await sharp(path.join(SLIDES, 'CMU-1-Small-Region.svs'))
          .removeAlpha()
          .tiff({ tile: true, tileWidth: 240, tileHeight: 240, compression: 'deflate' })
          .toFile(file);
      },
    ],
  ] as const) {
    it(`goes on from the last checkpoint after an interruption and writes the same file (${mode})`, async () => {
      const ctx = t().ctx;
      const file = path.join(tmp, `resume-${ctx.dialect}-${mode}.tif`);
      await make(file);
      const { image } = await registerImage(ctx, [file]);
      const payload = { imageId: image.id };
      const target = path.join(optimizedWorkDir(ctx.blobs), `${image.checksum}.ome.tif`);
      const everyMs = conversionCheckpoints.everyMs;
      conversionCheckpoints.everyMs = 0; // a checkpoint after every row
      try {
        await convertImageJob.handle(payload, jobContext(ctx).ctx);
        const uninterrupted = await readFile(target);
        await rm(target);

        // Stopped part way, as a worker shutting down stops it: the partial file and its checkpoint stay.
        const stopped = jobContext(ctx, 40);
        await expect(convertImageJob.handle(payload, stopped.ctx)).rejects.toThrow();
        const left = (await readdir(optimizedWorkDir(ctx.blobs))).filter((n) => n.includes(image.checksum));
        expect(left.map((n) => n.replace(/\.[0-9a-f]{12}\./, '.*.')).sort()).toEqual([
          `.${image.checksum}.ome.tif.*.partial`,
          `.${image.checksum}.ome.tif.*.partial.resume`,
        ]);
        expect((await findConversion(ctx.db, image.id))!.status).not.toBe('Converting');

        const resumed = jobContext(ctx);
        await convertImageJob.handle(payload, resumed.ctx);
        expect(resumed.logs.some((l) => l.startsWith('Resumed from the checkpoint of an earlier run'))).toBe(
          true,
        );
        expect(resumed.progress[0]).toBeGreaterThan(30); // it did not start over
        expect((await readFile(target)).equals(uninterrupted)).toBe(true);
        expect(
          (await readdir(optimizedWorkDir(ctx.blobs))).filter((n) => n.includes(image.checksum)),
        ).toEqual([path.basename(target)]);
        expect((await findConversion(ctx.db, image.id))!.status).toBe('Converted');
      } finally {
        conversionCheckpoints.everyMs = everyMs;
      }
    });
  }

  // Brightfield TIFFs libvips decodes: every level decoded and encoded by libvips in blocks.
  for (const source of [
    { name: 'an LZW-tiled TIFF of tissue', file: 'tissue-lzw.tif', compression: 'lzw' },
    { name: 'an uncompressed TIFF stored in one strip', file: 'kidney-48-5.tif', compression: 'none' },
  ] as const) {
    it(`re-encodes ${source.name} with libvips in blocks: every 2× level, pixels within JPEG's loss`, async () => {
      const ctx = t().ctx;
      const file = path.join(tmp, source.file);
      const { job, image, logs } = await convert(ctx, file);
      expect(job).toMatchObject({ state: 'succeeded', progress: 100 });
      expect(logs.some((l) => l.includes('by libvips-encode'))).toBe(true);
      const conversion = (await findConversion(ctx.db, image.id))!;
      expect(conversion.counts!.every((c) => c.total > 0 && c.converted === c.total)).toBe(true);
      const original = await TiffSlide.open(file);
      const out = await TiffSlide.open(conversion.optimizedPath!);
      try {
        expect(original.info.levels[0]!.compression).toBe(source.compression);
        const levels = out.info.levels;
        expect([levels[0]!.width, levels[0]!.height]).toEqual([original.info.width, original.info.height]);
        for (let i = 1; i < levels.length; i++)
          expect([levels[i]!.width, levels[i]!.height]).toEqual([
            levels[i - 1]!.width >> 1,
            levels[i - 1]!.height >> 1,
          ]);
        expect(levels.every((l) => l.tileWidth === 256 && l.compression === 'jpeg')).toBe(true);
      } finally {
        await Promise.all([original.close(), out.close()]);
      }
      const expected = await rgbOf(sharp(file));
      const actual = await rgbOf(sharp(conversion.optimizedPath!));
      expect(psnr(actual, expected)).toBeGreaterThan(30); // JPEG at quality 85 on tissue: about 32 dB; a misplaced tile, far less
      // The smallest level is level 0 box-reduced 2× at a time: against libvips' box mean (vips shrink) of the source.
      const factor = 2 ** (conversion.counts!.length - 1);
      const shrunk = path.join(tmp, `${source.file}-${ctx.dialect}-shrunk.png`);
      execFileSync('vips', ['shrink', file, shrunk, String(factor), String(factor)]);
      const smallest = await sharp(conversion.optimizedPath!, {
        subifd: conversion.counts!.length - 2,
      }).metadata();
      const common = { left: 0, top: 0, width: smallest.width - 1, height: smallest.height - 1 };
      const reduced = await rgbOf(sharp(shrunk).extract(common));
      expect(
        psnr(
          await rgbOf(
            sharp(conversion.optimizedPath!, { subifd: conversion.counts!.length - 2 }).extract(common),
          ),
          reduced,
        ),
      ).toBeGreaterThan(30);
    });
  }

  // The decode-and-re-encode path: sources whose tiles cannot be copied (JPEG 2000 through OpenSlide, DICOM).
  for (const source of [
    {
      name: 'a JPEG 2000 SVS, read through OpenSlide',
      file: 'tcga-cr-7395-01a-01-ts1.svs',
      size: [4443, 3567],
      // The reference: OpenSlide's own PNG of a 512² region, composited over white as the job does.
      region: { left: 1792, top: 1536, width: 512, height: 512 },
      reference: (out: string) =>
        execFileSync('openslide-write-png', [
          path.join(tmp, 'tcga-cr-7395-01a-01-ts1.svs'),
          '1792',
          '1536',
          '0',
          '512',
          '512',
          out,
        ]),
    },
    {
      name: 'a DICOM whole-slide image of 500² JPEG frames',
      file: 'small_dicom.dcm',
      size: [3236, 2638],
      // Frame 9 (1-based, row-major, 7 frames a row) is the 500² square at (500, 500); DCMTK decodes it
      // (+cl: its JPEG frames are YCbCr although the header says RGB, as libjpeg assumes).
      region: { left: 500, top: 500, width: 500, height: 500 },
      reference: (out: string) =>
        execFileSync('dcmj2pnm', ['+F', '9', '+cl', '+on', path.join(tmp, 'small_dicom.dcm'), out]),
    },
  ] as const) {
    it.skipIf(!hasVips || !hasTool('openslide-show-properties') || !hasTool('dcmj2pnm'))(
      `decodes and re-encodes ${source.name} into a pyramid libvips and OpenSlide read`,
      async () => {
        const ctx = t().ctx;
        const { job, image, logs } = await convert(ctx, path.join(tmp, source.file));
        expect(job).toMatchObject({ state: 'succeeded', progress: 100 });
        expect(logs.some((l) => l.includes('by decode-encode'))).toBe(true);
        const conversion = (await findConversion(ctx.db, image.id))!;
        expect(conversion.status).toBe('Converted');
        expect(conversion.counts!.every((c) => c.total > 0 && c.converted === c.total)).toBe(true);
        const target = conversion.optimizedPath!;
        const [width, height] = source.size;

        // libvips: level 0 at the source's size, every 2× level as a SubIFD, 256² JPEG tiles.
        const header = execFileSync('vipsheader', ['-a', target], { encoding: 'utf8' });
        expect(header).toContain(`${width}x${height} uchar, 3 bands, srgb`);
        expect(header).toMatch(new RegExp(`n-subifds: ${conversion.counts!.length - 1}\\b`));
        const out = await TiffSlide.open(target);
        try {
          expect(out.info.levels.map((l) => [l.tileWidth, l.tileHeight, l.compression])).toEqual(
            out.info.levels.map(() => [256, 256, 'jpeg']),
          );
        } finally {
          await out.close();
        }
        // OpenSlide opens it as a generic tiled TIFF of the same size.
        const properties = execFileSync('openslide-show-properties', [target], { encoding: 'utf8' });
        expect(properties).toContain(`openslide.level[0].width: '${width}'`);
        expect(properties).toContain(`openslide.level[0].height: '${height}'`);

        // Pixels: the region against the independent decoder's, within JPEG's loss; and tissue, not background.
        const referenceFile = path.join(tmp, `${source.file}-${ctx.dialect}.png`);
        source.reference(referenceFile);
        const expected = await rgbOf(sharp(referenceFile).flatten({ background: '#ffffff' }));
        const actual = await rgbOf(sharp(target, { limitInputPixels: false }).extract(source.region));
        expect(actual.length).toBe(expected.length);
        expect(psnr(actual, expected)).toBeGreaterThan(30);
        expect(mean(actual)).toBeLessThan(235);
        expect(mean(actual)).toBeGreaterThan(40);
        // The smallest level is the whole slide reduced: its mean colour is level 0's, not black or white.
        const smallest = await rgbOf(sharp(target, { subifd: conversion.counts!.length - 2 }));
        expect(mean(smallest)).toBeGreaterThan(40);
        expect(mean(smallest)).toBeLessThan(250);
      },
    );
  }

  it('fails the job with a reason and marks the image Failed when the file is corrupt', async () => {
    const ctx = t().ctx;
    const file = path.join(tmp, `broken-${ctx.dialect}.svs`);
    // Trailing bytes keep the TIFF valid but give it its own checksum, so it is not the image of the test above.
    await writeFile(
      file,
      Buffer.concat([
        await readFile(path.join(SLIDES, 'CMU-1-Small-Region.svs')),
        Buffer.from('corrupt-to-be'),
      ]),
    );
    const { image } = await registerImage(ctx, [file]);
    // The file breaks after registration: its tiles now run past the end.
    await writeFile(file, (await readFile(file)).subarray(0, 200_000));
    const jobId = (await enqueueConversion(ctx, image.id)).jobId!;
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
      const job = await waitFor(
        async () => {
          const j = await ctx.jobs.get(jobId);
          return j && (j.state === 'failed' || j.state === 'succeeded') ? j : undefined;
        },
        'the conversion to end',
        20_000,
      );
      expect(job.state).toBe('failed');
      expect(job.errorMessage).toMatch(/^Conversion failed: \S/);
      const conversion = (await findConversion(ctx.db, image.id))!;
      expect(conversion).toMatchObject({ status: 'Failed', optimizedPath: null, error: job.errorMessage });
      // Nothing visible and nothing left half-written.
      expect((await readdir(optimizedWorkDir(ctx.blobs))).filter((n) => n.includes(image.checksum))).toEqual(
        [],
      );
    } finally {
      await worker.stop({ timeoutMs: 10_000 });
    }
  });
});

const hasTool = (name: string) => {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function rgbOf(image: ReturnType<typeof sharp>): Promise<Buffer> {
  return image.removeAlpha().toColourspace('srgb').raw().toBuffer();
}

const mean = (samples: Buffer) => samples.reduce((n, v) => n + v, 0) / samples.length;

/** Peak signal-to-noise ratio of two 8-bit sample buffers, in dB. */
function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length || 1e-12));
}

/**
 * A job context for running the handler directly, whose signal is aborted once progress passes
 * `stopAtPercent` (as the worker aborts it on shutdown); it keeps the log lines and progress reported.
 */
function jobContext(app: AppContext, stopAtPercent = Infinity) {
  const controller = new AbortController();
  const logs: string[] = [];
  const progress: number[] = [];
  const ctx: JobContext = {
    jobId: 'direct',
    attempt: 1,
    db: app.db,
    dialect: app.dialect,
    blobs: app.blobs,
    signal: controller.signal,
    progress: async (percent) => {
      progress.push(percent);
      if (percent > stopAtPercent) controller.abort(new Error('The worker is shutting down'));
    },
    log: async (line) => {
      logs.push(line);
    },
  };
  return { ctx, logs, progress };
}

/** One channel's level-0 samples as a dense width × height array, from a slide's lossless tiles. */
async function plane(
  slide: TiffSlide,
  channel: number,
  width: number,
  height: number,
  tw: number,
  th: number,
): Promise<Uint8Array | Uint16Array> {
  const first = await slide.decodeTile(0, 0, 0, channel);
  const out =
    first.data instanceof Uint16Array ? new Uint16Array(width * height) : new Uint8Array(width * height);
  for (let ty = 0; ty * th < height; ty++) {
    for (let tx = 0; tx * tw < width; tx++) {
      const tile = await slide.decodeTile(0, tx, ty, channel);
      for (let r = 0; r < tile.height && ty * th + r < height; r++) {
        const n = Math.min(tile.width, width - tx * tw);
        out.set(
          (tile.data as Uint8Array | Uint16Array).subarray(r * tile.width, r * tile.width + n),
          (ty * th + r) * width + tx * tw,
        );
      }
    }
  }
  return out;
}
