import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { slidePath } from '../../test/slides.ts';
import { TiffSlide } from '../slide.ts';
import { openSlideFile } from './open-slide-file.ts';
import { configureOpenSlide, OpenSlideSlide, openSlideInFlight } from './openslide-slide.ts';
import { CMU_PROPERTIES, TCGA_PROPERTIES } from './reference-properties.ts';

/*
 * These tests need the real library (Debian libopenslide0 3.4.1); CI installs it. They fail, not skip,
 * without it: the JPEG 2000 SVS must be tested through OpenSlide.
 *
 * Pixel references were produced once with the openslide-tools CLI and decoded to raw RGBA by sharp
 * (`sharp(png).ensureAlpha().raw()`); the sha256 is over that RGBA buffer, the means are per channel:
 *   openslide-write-png CMU-1-Small-Region.svs 1000 1000 0 256 256 cmu.png
 *   openslide-write-png tcga-cr-7395-01a-01-ts1.svs 2048 1536 0 256 256 tcga0.png
 *   openslide-write-png tcga-cr-7395-01a-01-ts1.svs 2000 1600 1 256 256 tcga1.png
 *   openslide-write-png CMU-1-Small-Region.svs 2100 2900 0 256 256 cmu-edge.png   (runs past the slide's corner)
 * On level 1 of the TCGA file (downsample 2.0005…) openslide-write-png reads in bands, each landing a
 * fraction of a pixel differently from one read_region call, so only its means are compared there.
 */
const REF = {
  cmu: {
    sha256: 'be96706df05d89e331d5e1d462e59ef29a781f35bf51660ad8da0c77b2018948',
    mean: [150.598, 104.14, 143.919, 255],
  },
  tcga0: {
    sha256: 'cc644ee9a9caa2d32a53a7d2fafcef926aeb96dcedb541d13946877b5f075f43',
    mean: [199.592, 106.762, 153.948, 255],
  },
  tcga1: { mean: [198.916, 112.142, 157.166, 255] },
  // 120×67 pixels inside the slide, 57,496 transparent (0,0,0,0) outside it.
  cmuEdge: {
    sha256: 'e117088eab2b1203b29d0c3854adc3f53f07226a223b85a4aa75d9afac2075c1',
    mean: [29.936, 29.839, 29.839, 31.284],
  },
};

const opened: { close(): Promise<void> }[] = [];
async function open(name: string): Promise<OpenSlideSlide> {
  const slide = await OpenSlideSlide.open(slidePath(name));
  opened.push(slide);
  return slide;
}
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
function means(rgba: Buffer): number[] {
  const sums = [0, 0, 0, 0];
  for (let i = 0; i < rgba.length; i++) sums[i % 4]! += rgba[i]!;
  return sums.map((s) => s / (rgba.length / 4));
}
function expectMeans(actual: number[], expected: number[]): void {
  actual.forEach((value, c) => expect(Math.abs(value - expected[c]!)).toBeLessThanOrEqual(1));
}

describe('OpenSlide slide info (values from openslide-show-properties)', () => {
  it('tcga-cr-7395-01a-01-ts1.svs (JPEG 2000 SVS): levels, downsamples, properties, no mpp, default magnification', async () => {
    const { info } = await open('tcga-cr-7395-01a-01-ts1.svs');
    expect(info.properties).toEqual(TCGA_PROPERTIES);
    expect(info.vendor).toBe('aperio');
    expect(info.format).toBe('aperio-svs');
    expect([info.width, info.height]).toEqual([4443, 3567]);
    expect(info.levels).toEqual([
      {
        width: 4443,
        height: 3567,
        tileWidth: 256,
        tileHeight: 256,
        downsample: 1,
        isTiled: true,
        compression: 'openslide',
      },
      {
        width: 2221,
        height: 1783,
        tileWidth: 256,
        tileHeight: 256,
        downsample: 2.0005055500659967,
        isTiled: true,
        compression: 'openslide',
      },
    ]);
    expect(info.metersPerPixel).toBeNull();
    expect(info.magnification).toBe(20);
    expect(info.isMagnificationKnown).toBe(false);
    expect(info.associatedImages).toEqual([
      { kind: 'thumbnail', width: 956, height: 768, compression: 'openslide' },
    ]);
    // 3.4.1 has no ICC API; opened directly (not through openSlideFile) nobody handed one in.
    expect(info.iccProfileSize).toBeNull();
  });

  it('CMU-1-Small-Region.svs: one level, 240² tiles, mpp 0.499 → metres, objective power 20, three associated images', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    const { info } = slide;
    expect(info.properties).toEqual(CMU_PROPERTIES);
    expect(info.levels).toEqual([
      {
        width: 2220,
        height: 2967,
        tileWidth: 240,
        tileHeight: 240,
        downsample: 1,
        isTiled: true,
        compression: 'openslide',
      },
    ]);
    expect(info.metersPerPixel!.x).toBeCloseTo(0.499e-6, 15);
    expect(info.metersPerPixel!.y).toBeCloseTo(0.499e-6, 15);
    expect(info.magnification).toBe(20);
    expect(info.isMagnificationKnown).toBe(true);
    expect(info.kind).toBe('brightfield');
    expect(info.channels).toEqual([
      { name: 'RGB', color: null, sampleType: 'uint8', samplesPerPixel: 3, biomarker: null, filter: null },
    ]);
    expect(info.associatedImages).toEqual([
      { kind: 'label', width: 387, height: 463, compression: 'openslide' },
      { kind: 'macro', width: 1280, height: 431, compression: 'openslide' },
      { kind: 'thumbnail', width: 574, height: 768, compression: 'openslide' },
    ]);
    const label = await slide.associatedImage('label');
    expect([label.width, label.height, label.data.length]).toEqual([387, 463, 387 * 463 * 4]);
    await expect(slide.associatedImage('overview')).rejects.toMatchObject({ code: 'out-of-range' });
  });
});

describe('OpenSlide pixels against openslide-write-png', () => {
  it('CMU level 0 region: identical RGBA', async () => {
    const rgba = await (await open('CMU-1-Small-Region.svs')).readRegion(0, 1000, 1000, 256, 256);
    expect(rgba.length).toBe(256 * 256 * 4);
    expect(sha256(rgba)).toBe(REF.cmu.sha256);
    expectMeans(means(rgba), REF.cmu.mean);
  });

  it('CMU region past the slide corner: straight RGBA, transparent outside', async () => {
    const rgba = await (await open('CMU-1-Small-Region.svs')).readRegion(0, 2100, 2900, 256, 256);
    expect(sha256(rgba)).toBe(REF.cmuEdge.sha256);
    expectMeans(means(rgba), REF.cmuEdge.mean);
  });

  it('TCGA JPEG 2000 level 0: identical; level 1: means within ±1', async () => {
    const slide = await open('tcga-cr-7395-01a-01-ts1.svs');
    const level0 = await slide.readRegion(0, 2048, 1536, 256, 256);
    expect(sha256(level0)).toBe(REF.tcga0.sha256);
    expectMeans(means(level0), REF.tcga0.mean);
    expectMeans(means(await slide.readRegion(1, 2000, 1600, 256, 256)), REF.tcga1.mean);
  });

  it('tiles: level-0 coordinates, opaque, edge tiles padded with white', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    const tile = await slide.readTileRgba(0, 4, 6);
    expect([tile.width, tile.height]).toEqual([240, 240]);
    expect(tile.data.equals(await slide.readRegion(0, 960, 1440, 240, 240))).toBe(true); // interior: all opaque
    // Edge tile (9, 12): 60×87 pixels of slide (2220 − 2160, 2967 − 2880), the rest white.
    const edge = await slide.readTileRgba(0, 9, 12);
    const region = await slide.readRegion(0, 2160, 2880, 240, 240);
    for (const [x, y] of [
      [0, 0],
      [59, 86],
      [60, 0],
      [0, 87],
      [239, 239],
    ] as const) {
      const i = (y * 240 + x) * 4;
      const inside = x < 60 && y < 87;
      expect([...edge.data.subarray(i, i + 4)]).toEqual(
        inside ? [...region.subarray(i, i + 4)] : [255, 255, 255, 255],
      );
    }
    await expect(slide.readTileRgba(0, 10, 0)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.readTileRgba(1, 0, 0)).rejects.toMatchObject({ code: 'out-of-range' });
  });

  it('a level-1 tile of the TCGA file reads at level-0 coordinates (tile × 256 × downsample)', async () => {
    const slide = await open('tcga-cr-7395-01a-01-ts1.svs');
    const tile = await slide.readTileRgba(1, 3, 2);
    const region = await slide.readRegion(
      1,
      Math.round(3 * 256 * 2.0005055500659967),
      Math.round(2 * 256 * 2.0005055500659967),
      256,
      256,
    );
    expect(tile.data.equals(region)).toBe(true);
  });

  it('rejects bad regions with WsiError codes', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    await expect(slide.readRegion(1, 0, 0, 10, 10)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.readRegion(0, 0.5, 0, 10, 10)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.readRegion(0, 0, 0, 0, 10)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.readRegion(0, 0, 0, 5000, 5000)).rejects.toMatchObject({ code: 'too-large' });
  });
});

describe('OpenSlide async reads', () => {
  it('16 parallel tile reads equal the sequential reads, with at most the configured calls in flight', async () => {
    const slide = await open('tcga-cr-7395-01a-01-ts1.svs');
    const tiles = Array.from({ length: 16 }, (_, i) => [i % 2, (i * 3) % 8, (i * 5) % 7] as const);
    const sequential: Buffer[] = [];
    for (const [level, x, y] of tiles) sequential.push((await slide.readTileRgba(level, x, y)).data);
    configureOpenSlide({ maxInFlight: 3 });
    try {
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, openSlideInFlight().active)), 0);
      const parallel = await Promise.all(tiles.map(([level, x, y]) => slide.readTileRgba(level, x, y)));
      clearInterval(sampler);
      parallel.forEach((tile, i) => expect(tile.data.equals(sequential[i]!)).toBe(true));
      expect(peak).toBeLessThanOrEqual(3);
      // The event loop ran (the sampler fired) while decodes were in flight.
      expect(peak).toBeGreaterThan(0);
    } finally {
      configureOpenSlide({ maxInFlight: 2 });
    }
  });

  it('close() waits for reads in flight; later reads fail cleanly', async () => {
    const slide = await OpenSlideSlide.open(slidePath('tcga-cr-7395-01a-01-ts1.svs'));
    const reads = Array.from({ length: 6 }, (_, i) => slide.readTileRgba(0, i, 1));
    await slide.close();
    for (const tile of await Promise.all(reads)) expect(tile.data.length).toBe(256 * 256 * 4);
    await expect(slide.readRegion(0, 0, 0, 8, 8)).rejects.toMatchObject({ code: 'out-of-range' });
  });
});

describe('openSlideFile', () => {
  it('hands a JPEG 2000 SVS to OpenSlide, with the ICC profile the TIFF reader found (tiffinfo: 3144 bytes)', async () => {
    const slide = await openSlideFile(slidePath('tcga-cr-7395-01a-01-ts1.svs'));
    opened.push(slide);
    expect(slide).toBeInstanceOf(OpenSlideSlide);
    expect(slide.info.iccProfileSize).toBe(3144);
    expect((await slide.readIccProfile())?.toString('latin1', 36, 40)).toBe('acsp');
  });

  it('keeps JPEG SVS, generic TIFF and files OpenSlide cannot read with the TIFF reader', async () => {
    for (const name of ['CMU-1-Small-Region.svs', 'boxes.tiff', 'small_vectra.qptiff']) {
      const slide = await openSlideFile(slidePath(name));
      opened.push(slide);
      expect(slide).toBeInstanceOf(TiffSlide);
    }
  });

  it('OpenSlide rejects what it does not recognise, and missing files', async () => {
    await expect(OpenSlideSlide.open(slidePath('kidney-48-5.tif'))).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(OpenSlideSlide.open('/nonexistent/slide.ndpi')).rejects.toMatchObject({ code: 'not-tiff' });
    await expect(openSlideFile('/nonexistent/slide.ndpi')).rejects.toMatchObject({ code: 'not-tiff' });
  });
});
