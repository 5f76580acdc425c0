/**
 * Corrupt slide data answers 422 with the tile error, never 500 (issue 10 point 7): a copy of a real
 * slide (in a temp folder, never in the repository) whose stored JPEG tile is overwritten with noise, read
 * through every path that decodes it — another format, an equalization, a level made from it — and a
 * tile asked for with a deeply nested equalization body.
 */
import { copyFile, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TiffSlide } from '@tessera/wsi';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { registerImage } from './images.service.ts';
import { getOrCreateSlideForImage } from '../slides/slides.service.ts';
import { TILE_ERROR_CODES } from './tiles.service.ts';

/** CMU-1-Small-Region: one stored level (z 4), 240² JPEG tiles. */
const Z0 = 4;
const BROKEN = { x: 2, y: 3 };

/** Overwrites the middle of a stored JPEG tile's entropy-coded data with noise, found by its bytes. */
async function corruptTile(file: string): Promise<void> {
  const slide = await TiffSlide.open(file);
  const tile = await slide.readJpegTilePassthrough(0, BROKEN.x, BROKEN.y).finally(() => slide.close());
  const probe = tile.subarray(Math.floor(tile.length * 0.4), Math.floor(tile.length * 0.4) + 64);
  const handle = await open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.alloc(size);
    await handle.read(bytes, 0, size, 0);
    const at = bytes.indexOf(probe);
    if (at < 0 || bytes.indexOf(probe, at + 1) >= 0)
      throw new Error('the tile bytes are not found exactly once');
    // 0xD8-free noise: no marker can end the scan early, the decoder meets nonsense.
    const noise = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37) % 0xd7));
    await handle.write(noise, 0, noise.length, at);
  } finally {
    await handle.close();
  }
}

describeEachDialect('corrupt tiles', (t) => {
  let tmp: string;
  let owner: TestUser;
  let projectId: string;
  let slideId: string;
  const tileUrl = (eq: string, z: number, x: number, y: number, query = '') =>
    `/v1/projects/${projectId}/slides/${slideId}/tile/rgb/${eq}/${z}/${x}/${y}${query}`;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-corrupt-'));
    const file = path.join(tmp, 'corrupt.svs');
    await copyFile(path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs'), file);
    await corruptTile(file);
    owner = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] })).id;
    const { image } = await registerImage(t().ctx, [file]);
    slideId = (
      await getOrCreateSlideForImage(
        t().ctx,
        projectId,
        image,
        { fileName: 'corrupt.svs', fileExtension: 'svs' },
        owner.id,
      )
    ).slide.id;
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it.each([
    ['re-encoded as PNG', () => tileUrl('noeq', Z0, BROKEN.x, BROKEN.y, '?format=png')],
    [
      'with an equalization',
      () => tileUrl(encodeURIComponent('[{"min":10,"max":200,"rgb":[255,255,255]}]'), Z0, BROKEN.x, BROKEN.y),
    ],
    ['in a level made from it', () => tileUrl('noeq', Z0 - 1, 1, 1)],
  ])('answers 422 TILE_UNREADABLE %s', async (_name, url) => {
    const res = await t().request(owner, { method: 'GET', url: url() });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe(TILE_ERROR_CODES.unreadable);
    expect(res.json().message).toMatch(/^The tile cannot be read: /);
  });

  it('still serves the sound tiles around it, and the broken one as stored bytes', async () => {
    expect(
      (await t().request(owner, { method: 'GET', url: tileUrl('noeq', Z0, 0, 0, '?format=png') })).statusCode,
    ).toBe(200);
    expect(
      (await t().request(owner, { method: 'GET', url: tileUrl('noeq', Z0, BROKEN.x, BROKEN.y) })).statusCode,
    ).toBe(200);
  });

  it('refuses a deeply nested equalization body with 400', async () => {
    const equalization = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const res = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/${slideId}/tile/rgb`,
      headers: { 'content-type': 'application/json' },
      payload: `{"equalization":${equalization},"z":${Z0},"x":0,"y":0}`,
    });
    expect(res.statusCode).toBe(400);
  });
});
