/**
 * Issue #3, "done when": the tiles of every test slide match reference pixels from libvips, OpenSlide or
 * DCMTK. Each tile is asked for as PNG (lossless) through the endpoint and compared with the same region
 * decoded by the other library: identical where the file is lossless, within the composite's rounding for
 * fluorescence (a white window from the channel's type limits maps a sample v to (v − min)/(max − min)·255).
 * Passthrough JPEG tiles are checked byte for byte in tiles.db.test.ts and decoded by Chromium in e2e.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOpenSlide, openSlide } from '@tessera/wsi';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { findTool } from '../../../../../packages/wsi/test/writer-tools.ts';
import { registerTestSlides } from '../../../test/slides.fixtures.ts';
import { virtualLevels } from './virtual-levels.ts';

const hasOpenSlide = await loadOpenSlide().then(
  () => true,
  () => false,
);
const hasDcmtk = findTool('dcmj2pnm');
const hasOpenSlideCli = findTool('openslide-write-png');

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A tile request and the reference samples of its region (RGB, or one band for a fluorescence channel). */
interface Case {
  file: string;
  /** Level-0 tile (x, y); z is the slide's highest. */
  x: number;
  y: number;
  /** For fluorescence: the channel shown white over its type's limits. */
  channel?: { index: number; min: number; max: number };
  reference(region: Region, work: string): Promise<{ data: Buffer | Uint16Array | Int8Array; bands: number }>;
  /** Largest difference allowed per sample (0: identical). */
  tolerance: number;
}

/**
 * libvips' decode of a page of the file (IFD `page`), cut to the region: RGB as it is; one band as 16-bit
 * grey or signed 8-bit samples; or a palette page (a single-colour ramp, which libvips colours: its
 * brightest band is the sample).
 */
const vips =
  (file: string, page: number, as: 'rgb' | 'grey16' | 'int8' | 'palette' = 'rgb') =>
  async (region: Region) => {
    let image = sharp(path.join(SLIDES_DIR, file), { page, limitInputPixels: false }).extract(region);
    if (as === 'grey16') image = image.toColourspace('grey16');
    if (as === 'int8') image = image.extractChannel(0);
    const { data, info } = await image
      .raw({ depth: as === 'grey16' ? 'ushort' : as === 'int8' ? 'char' : undefined })
      .toBuffer({ resolveWithObject: true });
    if (as === 'grey16')
      return { data: new Uint16Array(data.buffer, data.byteOffset, data.length / 2), bands: 1 };
    if (as === 'int8') return { data: new Int8Array(data.buffer, data.byteOffset, data.length), bands: 1 };
    if (as === 'palette') {
      const samples = Buffer.alloc(data.length / info.channels);
      for (let p = 0; p < samples.length; p++)
        samples[p] = Math.max(...data.subarray(p * info.channels, (p + 1) * info.channels));
      return { data: samples, bands: 1 };
    }
    return { data, bands: info.channels };
  };

const CASES: Case[] = [
  { file: 'boxes.tiff', x: 0, y: 0, reference: vips('boxes.tiff', 0), tolerance: 0 },
  { file: 'kidney-48-5.tif', x: 1, y: 1, reference: vips('kidney-48-5.tif', 0), tolerance: 0 },
  {
    file: 'cells-2c.ome.tif',
    x: 0,
    y: 0,
    channel: { index: 1, min: 0, max: 255 },
    reference: vips('cells-2c.ome.tif', 1, 'palette'),
    tolerance: 0,
  },
  {
    file: 'small_vectra.qptiff',
    x: 0,
    y: 0,
    channel: { index: 0, min: 0, max: 255 },
    reference: vips('small_vectra.qptiff', 0),
    tolerance: 0,
  },
  {
    file: 'cells-gray16.tif',
    x: 0,
    y: 0,
    channel: { index: 0, min: 0, max: 65535 },
    reference: vips('cells-gray16.tif', 0, 'grey16'),
    tolerance: 1,
  },
  {
    file: 'smalltif.tif',
    x: 1,
    y: 1,
    channel: { index: 0, min: 0, max: 65535 },
    reference: vips('smalltif.tif', 0, 'grey16'),
    tolerance: 1,
  },
  // 3 int8 channels × 5 z in DimensionOrder XYZCT: z varies fastest, so channel 2 at z 0 is page 10.
  {
    file: 'multi-channel-z-series.ome.tif',
    x: 0,
    y: 0,
    channel: { index: 2, min: -128, max: 127 },
    reference: vips('multi-channel-z-series.ome.tif', 10, 'int8'),
    tolerance: 1,
  },
  ...(hasDcmtk
    ? [
        {
          file: 'dicom/highdicom-sm/sm_image.dcm',
          x: 0,
          y: 0,
          // DCMTK's own decoder of the (uncompressed) frame.
          reference: async (region: Region, work: string) => {
            const png = path.join(work, 'sm_image.png');
            execFileSync('dcmj2pnm', ['+on', path.join(SLIDES_DIR, 'dicom/highdicom-sm/sm_image.dcm'), png]);
            const { data, info } = await sharp(await readFile(png))
              .extract(region)
              .removeAlpha()
              .raw()
              .toBuffer({ resolveWithObject: true });
            return { data, bands: info.channels };
          },
          tolerance: 0,
        },
      ]
    : []),
  ...(hasOpenSlide && hasOpenSlideCli
    ? [
        {
          file: 'tcga-cr-7395-01a-01-ts1.svs',
          x: 2,
          y: 1,
          // OpenSlide's own command line: JPEG 2000 decoded by OpenSlide, written as PNG.
          reference: async (region: Region, work: string) => {
            const png = path.join(work, 'tcga.png');
            const file = path.join(SLIDES_DIR, 'tcga-cr-7395-01a-01-ts1.svs');
            execFileSync('openslide-write-png', [
              file,
              String(region.left),
              String(region.top),
              '0',
              String(region.width),
              String(region.height),
              png,
            ]);
            const { data, info } = await sharp(await readFile(png))
              .removeAlpha()
              .raw()
              .toBuffer({ resolveWithObject: true });
            return { data, bands: info.channels };
          },
          tolerance: 0,
        },
      ]
    : []),
];

describeEachDialect('tiles against reference decoders', (t) => {
  let tmp: string;
  let owner: TestUser;
  let projectId: string;
  const slideIds = new Map<string, string>();

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-tile-refs-'));
    owner = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] })).id;
    for (const [file, id] of await registerTestSlides(
      t().ctx,
      projectId,
      owner.id,
      tmp,
      CASES.map((c) => c.file),
    ))
      slideIds.set(file, id);
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it.each(CASES.map((c) => [c.file, c] as const))('%s', async (_name, c) => {
    const slide = await openSlide([path.join(SLIDES_DIR, c.file)]);
    const levels = virtualLevels(slide.info.levels);
    await slide.close();
    const level0 = levels[0]!;
    const z = levels.length - 1;
    const region = {
      left: c.x * level0.tileWidth,
      top: c.y * level0.tileHeight,
      width: Math.min(level0.tileWidth, level0.width - c.x * level0.tileWidth),
      height: Math.min(level0.tileHeight, level0.height - c.y * level0.tileHeight),
    };
    const eq = c.channel
      ? encodeURIComponent(
          JSON.stringify([
            {
              channel: c.channel.index,
              enabled: true,
              min: c.channel.min,
              max: c.channel.max,
              rgb: [255, 255, 255],
            },
          ]),
        )
      : 'noeq';
    const res = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${projectId}/slides/${slideIds.get(c.file)}/tile/rgb/${eq}/${z}/${c.x}/${c.y}?format=png`,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Edge tiles may come padded: only the region inside the image is compared.
    const got = await sharp(res.rawPayload)
      .extract({ left: 0, top: 0, width: region.width, height: region.height })
      .removeAlpha()
      .raw()
      .toBuffer();
    const want = await c.reference(region, tmp);
    let worst = 0;
    let spread = 0;
    const pixels = region.width * region.height;
    for (let p = 0; p < pixels; p++) {
      for (let k = 0; k < 3; k++) {
        const sample = c.channel
          ? Number(want.data[p * want.bands])
          : Number(want.data[p * want.bands + (want.bands >= 3 ? k : 0)]);
        const expected = c.channel
          ? Math.round(
              ((Math.min(c.channel.max, Math.max(c.channel.min, sample)) - c.channel.min) /
                (c.channel.max - c.channel.min)) *
                255,
            )
          : sample;
        worst = Math.max(worst, Math.abs(got[p * 3 + k]! - expected));
        spread = Math.max(spread, Math.abs(got[p * 3 + k]! - got[k]!));
      }
    }
    expect(spread, 'a tile with content, not a flat one').toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(c.tolerance);
  });
});
