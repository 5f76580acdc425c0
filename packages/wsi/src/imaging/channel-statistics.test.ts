import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slidePath } from '../../test/slides.ts';
import { openSlide } from '../open.ts';
import type { SlideLevel } from '../formats/model.ts';
import type { DecodedTile, SampleArray } from '../tiff/decode.ts';
import type { SampleType } from '../tiff/image.ts';
import { generateFluorescenceSlide } from '../synthetic/synthetic-slides.ts';
import {
  readChannelStatistics,
  statisticsBudget,
  statisticsChunks,
  statisticsLevel,
  type ChannelStatistics,
} from './channel-statistics.ts';
import type { Slide } from './slide-interface.ts';

const level = (width: number, height: number, tileWidth = 256, tileHeight = 256): SlideLevel => ({
  width,
  height,
  tileWidth,
  tileHeight,
  downsample: 1,
  isTiled: true,
  compression: 'none',
});

/**
 * A one-level, one-channel slide of `width × height` pixels whose sample at (x, y) is value(x, y), in
 * tiles padded with `padding` (which must never be counted).
 */
function fakeSlide(
  width: number,
  height: number,
  tile: number,
  sampleType: SampleType,
  value: (x: number, y: number) => number,
  padding: number,
): Slide & { reads: number } {
  const make = (n: number): SampleArray =>
    sampleType === 'uint16'
      ? new Uint16Array(n)
      : sampleType === 'int8'
        ? new Int8Array(n)
        : sampleType === 'float32'
          ? new Float32Array(n)
          : new Uint8Array(n);
  const slide = {
    reads: 0,
    info: { levels: [level(width, height, tile, tile)], channels: [{}], kind: 'fluorescence' },
    capabilities: { channelSamples: true },
    async readTile(_as: string, _level: number, tx: number, ty: number): Promise<DecodedTile> {
      slide.reads++;
      const data = make(tile * tile);
      for (let y = 0; y < tile; y++)
        for (let x = 0; x < tile; x++) {
          const gx = tx * tile + x;
          const gy = ty * tile + y;
          data[y * tile + x] = gx < width && gy < height ? value(gx, gy) : padding;
        }
      return { width: tile, height: tile, samplesPerPixel: 1, sampleType, data };
    },
  };
  return slide as unknown as Slide & { reads: number };
}

describe('channel statistics: percentiles', () => {
  it('are the 0.1th and 99.9th percentiles (nearest rank) and the true extremes, padding left out', async () => {
    // 100 × 10 pixels valued 0…999 in 64² tiles padded with 65535.
    const slide = fakeSlide(100, 10, 64, 'uint16', (x, y) => y * 100 + x, 65535);
    expect(await readChannelStatistics(slide)).toEqual<ChannelStatistics[]>([
      { low: 0, high: 998, min: 0, max: 999 },
    ]);
  });

  it('ignore a few hot pixels that set the true maximum', async () => {
    // 10 000 pixels in 0…99 and five at 60 000: the display range stays in the signal.
    const slide = fakeSlide(100, 100, 100, 'uint16', (x, y) => (y === 0 && x < 5 ? 60000 : (x + y) % 100), 0);
    const [stats] = await readChannelStatistics(slide);
    expect(stats).toMatchObject({ min: 0, max: 60000 });
    expect(stats!.high).toBeLessThan(100);
  });

  it('handle signed and floating-point samples', async () => {
    const int8 = fakeSlide(16, 16, 16, 'int8', (x, y) => y * 16 + x - 128, 0);
    expect(await readChannelStatistics(int8)).toEqual([{ low: -128, high: 127, min: -128, max: 127 }]);
    const floats = fakeSlide(10, 100, 10, 'float32', (x, y) => (y * 10 + x) / 4 - 10, Number.NaN);
    const [stats] = await readChannelStatistics(floats);
    expect(stats).toEqual({ low: -10, high: 239.5, min: -10, max: 239.75 });
  });

  it('refuse a reader without channel samples', async () => {
    const slide = { ...fakeSlide(4, 4, 4, 'uint8', () => 1, 0), capabilities: { channelSamples: false } };
    await expect(readChannelStatistics(slide as unknown as Slide)).rejects.toThrow(/channel samples/);
  });
});

describe('channel statistics: what is read', () => {
  it('reads the finest level within the budget, else the smallest', () => {
    const pyramid = [level(8000, 6000), level(4000, 3000), level(2000, 1500), level(1000, 750)];
    expect(statisticsLevel(pyramid)).toBe(2);
    expect(statisticsLevel(pyramid, 1000 * 750)).toBe(3);
    expect(statisticsLevel(pyramid, 10)).toBe(3);
    expect(statisticsLevel([level(20000, 20000)])).toBe(0);
  });

  it('shares a total budget between many channels, within bounds per channel', () => {
    expect(statisticsBudget(1)).toBe(2048 * 2048);
    expect(statisticsBudget(4)).toBe(2048 * 2048);
    expect(statisticsBudget(16)).toBe(1024 * 1024);
    expect(statisticsBudget(1000)).toBe(512 * 512);
  });

  it('reads every chunk that fits, else an evenly spread grid within the budget', () => {
    expect(statisticsChunks(level(1000, 750))).toHaveLength(4 * 3);
    const chunks = statisticsChunks(level(20000, 20000), 16 * 256 * 256);
    expect(chunks.length).toBeLessThanOrEqual(16);
    expect(chunks.length).toBeGreaterThanOrEqual(9);
    expect(Math.max(...chunks.map((c) => c.x))).toBeGreaterThan(50); // spread across, not the first tiles
    expect(Math.max(...chunks.map((c) => c.y))).toBeGreaterThan(50);
  });

  it('bounds the pixels read of a large single-level image', async () => {
    const slide = fakeSlide(4096, 4096, 256, 'uint8', (x) => x % 200, 255);
    const [stats] = await readChannelStatistics(slide, { maxPixels: 8 * 256 * 256 });
    expect(slide.reads).toBeLessThanOrEqual(8);
    expect(stats).toMatchObject({ min: 0, max: 199 });
  });
});

describe('channel statistics of slides', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tessera-stats-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Writing the slide takes a few seconds on a busy 2-core machine: more than the default 5 s at worst.
  it(
    'a synthetic uint16 fluorescence slide: ranges well inside the type range, from a coarse level',
    { timeout: 30_000 },
    async () => {
      const path = join(dir, 'fluorescence.ome.tif');
      await generateFluorescenceSlide(path, { width: 1024, height: 768, seed: 3 });
      const slide = await openSlide([path]);
      try {
        const full = await readChannelStatistics(slide);
        expect(full).toHaveLength(4);
        for (const c of full) {
          expect(c.min).toBeLessThanOrEqual(c.low);
          expect(c.low).toBeLessThan(c.high);
          expect(c.high).toBeLessThanOrEqual(c.max);
          // The whole point: far below 65535, so the type's range would show nearly black.
          expect(c.high).toBeLessThan(40000);
          expect(c.low).toBeGreaterThan(0);
        }
        // From level 1 (512 × 384) the ranges stay close to those of level 0.
        const coarse = await readChannelStatistics(slide, { maxPixels: 512 * 384 });
        coarse.forEach((c, i) => {
          expect(Math.abs(c.low - full[i]!.low)).toBeLessThan(0.1 * full[i]!.high);
          expect(c.high).toBeGreaterThan(0.5 * full[i]!.high);
        });
      } finally {
        await slide.close();
      }
    },
  );

  it('real multi-channel slides (cells-2c OME-TIFF, Vectra qptiff, int8 OME z-series)', async () => {
    const read = async (name: string) => {
      const slide = await openSlide([slidePath(name)]);
      try {
        return await readChannelStatistics(slide);
      } finally {
        await slide.close();
      }
    };
    expect(await read('cells-2c.ome.tif')).toEqual([
      { low: 49, high: 255, min: 43, max: 255 },
      { low: 45, high: 255, min: 35, max: 255 },
    ]);
    expect(await read('small_vectra.qptiff')).toEqual([
      { low: 0, high: 40, min: 0, max: 81 },
      { low: 1, high: 30, min: 0, max: 89 },
      { low: 5, high: 27, min: 1, max: 91 },
    ]);
    const int8 = await read('multi-channel-z-series.ome.tif');
    expect(int8).toHaveLength(3);
    for (const c of int8) expect(c.low).toBeLessThan(c.high);
  });
});
