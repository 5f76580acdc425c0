/**
 * Channel statistics end to end: a synthetic uint16 fluorescence slide (made in a temp folder) registers
 * with its display ranges, slide details serve them as channel min/max, the computed equalization ranges
 * over them and its tiles are no longer black. Older images get them on first use; a damaged file still
 * registers (without them); brightfield slides are unchanged.
 */
import { readFile, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  defaultEqualizationPreset,
  equalizationKey,
  presetToTileEqualization,
  type EqualizationPreset,
} from '@tessera/domain';
import { generateFluorescenceSlide, openSlide, readChannelStatistics } from '@tessera/wsi';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { getOrCreateSlideForImage } from '../slides/slides.service.ts';
import { registerImage } from './images.service.ts';

const SVS = 'CMU-1-Small-Region.svs';

let files: string;
let expected: { low: number; high: number }[];
beforeAll(async () => {
  files = await mkdtemp(path.join(os.tmpdir(), 'tessera-stats-'));
  const options = { width: 1024, height: 768 };
  await generateFluorescenceSlide(path.join(files, 'fluorescence.ome.tif'), { ...options, seed: 3 });
  await generateFluorescenceSlide(path.join(files, 'older.ome.tif'), { ...options, seed: 4 });
  // A copy whose tile data is overwritten: its directories still open, its deflate tiles do not decode.
  const bytes = await readFile(path.join(files, 'fluorescence.ome.tif'));
  for (let i = Math.floor(bytes.length * 0.3); i < Math.floor(bytes.length * 0.7); i++)
    bytes[i] = (i * 7) & 255;
  await writeFile(path.join(files, 'damaged.ome.tif'), bytes);
  await symlink(path.join(SLIDES_DIR, SVS), path.join(files, SVS));
  const slide = await openSlide([path.join(files, 'fluorescence.ome.tif')]);
  expected = await readChannelStatistics(slide).finally(() => slide.close());
});
afterAll(async () => {
  await rm(files, { recursive: true, force: true });
});

/** The mean of a tile's RGB samples: 0 is black. */
async function brightness(bytes: Buffer): Promise<number> {
  const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, v) => sum + v, 0) / data.length;
}

describeEachDialect('channel statistics', (t) => {
  let owner: TestUser;
  let projectId: string;
  const slides = new Map<string, { slideId: string; imageId: string }>();
  const slideUrl = (file: string) => `/v1/projects/${projectId}/slides/${slides.get(file)!.slideId}`;
  const get = async (file: string, suffix = '') =>
    t().request(owner, { method: 'GET', url: `${slideUrl(file)}${suffix}` });
  const storedInfo = async (file: string) => {
    const row = await t()
      .ctx.db.selectFrom('images')
      .select('image_info')
      .where('id', '=', slides.get(file)!.imageId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.image_info) as Record<string, unknown>;
  };

  beforeAll(async () => {
    owner = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] })).id;
    for (const file of ['fluorescence.ome.tif', 'older.ome.tif', 'damaged.ome.tif', SVS]) {
      const { image } = await registerImage(t().ctx, [path.join(files, file)]);
      const { slide } = await getOrCreateSlideForImage(
        t().ctx,
        projectId,
        image,
        { fileName: file, fileExtension: 'tif' },
        owner.id,
      );
      slides.set(file, { slideId: slide.id, imageId: image.id });
    }
  });

  it('slide details carry each channel’s display range as min and max', async () => {
    const res = await get('fluorescence.ome.tif');
    expect(res.statusCode).toBe(200);
    const channels = res.json().imageInfo.channels as { min: number; max: number; sampleType: string }[];
    expect(channels.map((c) => ({ low: c.min, high: c.max }))).toEqual(
      expected.map(({ low, high }) => ({ low, high })),
    );
    for (const c of channels) {
      expect(c.sampleType).toBe('uint16');
      expect(c.min).toBeLessThan(c.max);
      expect(c.max).toBeLessThan(40000);
    }
  });

  it('the computed equalization ranges over them, with the type’s limits, and its tiles are not black', async () => {
    const res = await get('fluorescence.ome.tif', '/equalization');
    expect(res.statusCode).toBe(200);
    const { source, preset } = res.json() as { source: string; preset: EqualizationPreset };
    expect(source).toBe('computed');
    expect(preset.channels.map((c) => [c.range.minimum, c.range.maximum, c.minLimit, c.maxLimit])).toEqual(
      expected.map((c) => [c.low, c.high, 0, 65535]),
    );

    // The viewer's tile path for the preset (z 0: the whole 1024 × 768 slide in one 256 × 192 tile).
    const channels = preset.channels.map((c) => ({ name: c.name ?? '', type: 'uint16' }));
    const tile = (eq: string) =>
      t().request(owner, { method: 'GET', url: `${slideUrl('fluorescence.ome.tif')}/tile/rgb/${eq}/0/0/0` });
    const key = equalizationKey(presetToTileEqualization(preset, channels));
    const shown = await tile(encodeURIComponent(key));
    expect(shown.statusCode).toBe(200);
    const typeRange = equalizationKey(
      presetToTileEqualization(defaultEqualizationPreset(channels), channels),
    );
    const before = await tile(encodeURIComponent(typeRange));
    expect(before.statusCode).toBe(200);
    // The type's range was the bug: nearly black (about 5). The display range shows the cells (about 25,
    // glass and the tile's padding below the slide staying black).
    const dark = await brightness(before.rawPayload);
    expect(dark).toBeLessThan(10);
    expect(await brightness(shown.rawPayload)).toBeGreaterThan(Math.max(20, 4 * dark));
    // Without an equalization the server draws the same computed default.
    const noeq = await tile('noeq');
    expect(noeq.statusCode).toBe(200);
    expect(noeq.headers.etag).toBe(shown.headers.etag);
  });

  it('are computed once for an image registered before they were kept, and written back', async () => {
    const { channelStatistics, ...older } = await storedInfo('older.ome.tif');
    expect(channelStatistics).toHaveLength(4);
    await t()
      .ctx.db.updateTable('images')
      .set({ image_info: JSON.stringify(older) })
      .where('id', '=', slides.get('older.ome.tif')!.imageId)
      .execute();
    const res = await get('older.ome.tif', '/equalization');
    expect(res.json().preset.channels[0].range.maximum).toBeLessThan(40000);
    expect((await storedInfo('older.ome.tif')).channelStatistics).toEqual(channelStatistics);
    const details = (await get('older.ome.tif')).json();
    expect(details.imageInfo.channels[0].max).toBe((channelStatistics as { high: number }[])[0]!.high);
  });

  it('a damaged file registers without them: null min/max, the type’s range, not retried', async () => {
    expect((await storedInfo('damaged.ome.tif')).channelStatistics).toBeNull();
    const details = await get('damaged.ome.tif');
    expect(details.statusCode).toBe(200);
    for (const c of details.json().imageInfo.channels) expect([c.min, c.max]).toEqual([null, null]);
    const eq = (await get('damaged.ome.tif', '/equalization')).json();
    expect(eq.source).toBe('computed');
    expect(eq.preset.channels[0].range).toEqual({ minimum: 0, maximum: 65535 });
    expect((await storedInfo('damaged.ome.tif')).channelStatistics).toBeNull();
  });

  it('brightfield slides are unchanged: no statistics, null min/max, nothing to equalize', async () => {
    expect(await storedInfo(SVS)).not.toHaveProperty('channelStatistics');
    const details = (await get(SVS)).json();
    expect(details.imageInfo.channels.map((c: { min: null; max: null }) => [c.min, c.max])).toEqual([
      [null, null],
    ]);
    expect((await get(SVS, '/equalization')).statusCode).toBe(404);
  });
});
