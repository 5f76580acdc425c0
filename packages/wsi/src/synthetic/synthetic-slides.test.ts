import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TiffSlide } from '../slide.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTool, vipsHeader } from '../../test/writer-tools.ts';
import { generateBrightfieldSlide, generateFluorescenceSlide } from './synthetic-slides.ts';

const hasVips = findTool('vipsheader');
if (!hasVips) console.warn('vipsheader is not installed: the libvips checks are skipped');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-synthetic-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('synthetic brightfield slide', () => {
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'brightfield.tif');
    await generateBrightfieldSlide(path, { width: 1500, height: 1100, seed: 7 });
  });

  it('is a JPEG pyramid with mpp 0.25 and magnification 40', async () => {
    const slide = await TiffSlide.open(path);
    try {
      expect(slide.info.kind).toBe('brightfield');
      expect(slide.info.levels.map((l) => [l.width, l.height])).toEqual([
        [1500, 1100],
        [750, 550],
        [375, 275],
        [187, 137],
      ]);
      expect(slide.info.metersPerPixel).toEqual({ x: 0.25e-6, y: 0.25e-6 });
      expect(slide.info.magnification).toBe(40);
      expect(slide.info.levels[0]!.compression).toBe('jpeg');
    } finally {
      await slide.close();
    }
  });

  it('is the same file for the same seed and a different one for another seed', async () => {
    const same = join(dir, 'brightfield-same.tif');
    const other = join(dir, 'brightfield-other.tif');
    await generateBrightfieldSlide(same, { width: 1500, height: 1100, seed: 7 });
    await generateBrightfieldSlide(other, { width: 1500, height: 1100, seed: 8 });
    expect(await sha256(same)).toBe(await sha256(path));
    expect(await sha256(other)).not.toBe(await sha256(path));
  });

  it.skipIf(!hasVips)('opens in libvips with its size and levels (skipped without vipsheader)', () => {
    const header = vipsHeader(path);
    expect([header['width'], header['height'], header['n-subifds']]).toEqual(['1500', '1100', '3']);
  });

  it('keeps memory bounded: 20000×20000 grows RSS by less than 400 MB', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const result = await generateBrightfieldSlide(join(dir, 'big.tif'), {
      width: 20000,
      height: 20000,
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    });
    expect(result.levels).toHaveLength(8);
    // A full-image buffer alone would be 1.2 GB.
    expect(peak - before).toBeLessThan(400 * 1024 * 1024);
    await rm(join(dir, 'big.tif'));
  }, 120_000);
});

describe('synthetic fluorescence slide', () => {
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'fluorescence.ome.tif');
    await generateFluorescenceSlide(path, { width: 600, height: 500, seed: 3, mpp: 0.5, magnification: 20 });
  });

  it('has four named, coloured uint16 channels, lossless tiles and a pyramid', async () => {
    const slide = await TiffSlide.open(path);
    try {
      const info = slide.info;
      expect(info.kind).toBe('fluorescence');
      expect(info.channels.map((c) => c.name)).toEqual(['DAPI', 'FITC', 'Cy3', 'Cy5']);
      expect(info.channels.every((c) => c.sampleType === 'uint16' && c.color !== null)).toBe(true);
      expect(info.levels.map((l) => [l.width, l.height, l.compression])).toEqual([
        [600, 500, 'deflate'],
        [300, 250, 'deflate'],
        [150, 125, 'deflate'],
      ]);
      expect(info.metersPerPixel).toEqual({ x: 0.5e-6, y: 0.5e-6 });
      expect(info.magnification).toBe(20);
    } finally {
      await slide.close();
    }
  });

  it('has nuclei in DAPI: bright pixels well above the background somewhere in the slide', async () => {
    const slide = await TiffSlide.open(path);
    try {
      let max = 0;
      for (let y = 0; y < 2; y++) {
        for (let x = 0; x < 3; x++) {
          const tile = await slide.decodeTile(0, x, y, 0);
          for (const v of tile.data) max = Math.max(max, v as number);
        }
      }
      expect(max).toBeGreaterThan(5000);
    } finally {
      await slide.close();
    }
  });

  it.skipIf(!hasVips)('opens in libvips as one uint16 page per channel (skipped without vipsheader)', () => {
    const header = vipsHeader(path);
    expect([header['width'], header['height'], header['format'], header['n-pages']]).toEqual([
      '600',
      '500',
      'ushort',
      '4',
    ]);
  });

  it('refuses the successive-IFD layout', async () => {
    await expect(
      generateFluorescenceSlide(join(dir, 'x.tif'), { width: 100, height: 100, layout: 'chain' }),
    ).rejects.toThrow(/SubIFD/);
  });
});
