/**
 * Tiles against real test slides, registered from a temp folder of symlinks to ../shared/testdata/slides
 * (slides are never copied into the repository).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EQUALIZATION_MESSAGES } from '@tessera/domain';
import { loadOpenSlide, TiffSlide } from '@tessera/wsi';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { registerTestSlides } from '../../../test/slides.fixtures.ts';

const SLIDES = SLIDES_DIR;
const SVS = 'CMU-1-Small-Region.svs';
const OME = 'cells-2c.ome.tif';
const J2K_SVS = 'tcga-cr-7395-01a-01-ts1.svs';
/** CMU-1-Small-Region (2220 × 2967, one stored level, 240² tiles): 2× levels down to one tile make z 0–4. */
const Z0 = 4;
/** The JPEG 2000 SVS (4443 × 3567, stored 1× and 2×): 2× levels down to one tile make z 0–5, its 2× level z 4. */
const J2K_2X = 4;
const hasOpenSlide = await loadOpenSlide().then(
  () => true,
  () => false,
);

async function decode(bytes: Buffer) {
  return sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

describeEachDialect('tiles', (t) => {
  let tmp: string;
  let owner: TestUser;
  let outsider: TestUser;
  let projectId: string;
  const slideIds = new Map<string, string>();
  const tileUrl = (file: string, eq: string, z: number, x: number, y: number, query = '') =>
    `/v1/projects/${projectId}/slides/${slideIds.get(file)}/tile/rgb/${eq}/${z}/${x}/${y}${query}`;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-tiles-'));
    owner = await t().createUser();
    outsider = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] })).id;
    await t().createProject({ members: [{ user: outsider, role: 'projectDataOwner' }] });
    for (const [file, id] of await registerTestSlides(t().ctx, projectId, owner.id, tmp, [
      SVS,
      OME,
      ...(hasOpenSlide ? [J2K_SVS] : []),
    ]))
      slideIds.set(file, id);
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('passes an SVS JPEG tile through byte for byte (z inverted: the one stored level is the highest z)', async () => {
    const res = await t().request(owner, {
      method: 'GET',
      url: tileUrl(SVS, 'noeq', Z0, 3, 4, `?fileName=${SVS}`),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const slide = await TiffSlide.open(path.join(SLIDES, SVS));
    try {
      expect(res.rawPayload.equals(await slide.readJpegTilePassthrough(0, 3, 4))).toBe(true);
    } finally {
      await slide.close();
    }
    const { info } = await decode(res.rawPayload);
    expect([info.width, info.height]).toEqual([240, 240]);
  });

  it('answers 304 for a matching If-None-Match, with a strong ETag that differs per tile and format', async () => {
    const first = await t().request(owner, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 1, 1) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t().request(owner, {
      method: 'GET',
      url: tileUrl(SVS, 'noeq', Z0, 1, 1),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await t().request(owner, {
      method: 'GET',
      url: tileUrl(SVS, 'noeq', Z0, 2, 1),
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    const png = await t().request(owner, {
      method: 'GET',
      url: tileUrl(SVS, 'noeq', Z0, 1, 1, '?format=png'),
      headers: { 'if-none-match': etag },
    });
    expect(png.statusCode).toBe(200);
  });

  it('re-encodes to PNG and WebP (format negotiates the first known of a list), close to the JPEG', async () => {
    const jpeg = await decode(
      (await t().request(owner, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 2, 2) })).rawPayload,
    );
    for (const [query, mime] of [
      ['?format=png', 'image/png'],
      ['?format=avif,webp,png', 'image/webp'],
    ] as const) {
      const res = await t().request(owner, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 2, 2, query) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      const { data, info } = await decode(res.rawPayload);
      expect([info.width, info.height]).toEqual([240, 240]);
      let sum = 0;
      for (let i = 0; i < data.length; i++) sum += Math.abs(data[i]! - jpeg.data[i]!);
      expect(sum / data.length).toBeLessThan(6); // png is the decoded JPEG; webp adds its own small loss
    }
    const bad = await t().request(owner, {
      method: 'GET',
      url: tileUrl(SVS, 'noeq', Z0, 2, 2, '?format=gif'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('composites fluorescence channels by the equalization; disabling a channel changes the colours', async () => {
    const window = (channel: number, enabled: boolean, rgb: number[]) => ({
      channel,
      enabled,
      min: 0,
      max: 255,
      rgb,
    });
    const both = encodeURIComponent(
      JSON.stringify([window(0, true, [0, 0, 255]), window(1, true, [0, 255, 0])]),
    );
    const onlyFirst = encodeURIComponent(
      JSON.stringify([window(0, true, [0, 0, 255]), window(1, false, [0, 255, 0])]),
    );
    const a = await t().request(owner, { method: 'GET', url: tileUrl(OME, both, 0, 0, 0, '?format=png') });
    const b = await t().request(owner, {
      method: 'GET',
      url: tileUrl(OME, onlyFirst, 0, 0, 0, '?format=png'),
    });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const pa = await decode(a.rawPayload);
    const pb = await decode(b.rawPayload);
    let greenA = 0;
    let greenB = 0;
    for (let i = 0; i < pa.data.length; i += 3) {
      greenA += pa.data[i + 1]!;
      greenB += pb.data[i + 1]!;
      expect(pb.data[i + 2]).toBe(pa.data[i + 2]); // channel 0's blue is the same in both
    }
    expect(greenA).toBeGreaterThan(0);
    expect(greenB).toBe(0);
    // noeq: the default equalization (both channels, file or palette colours) gives a non-black tile.
    const noeq = await decode(
      (await t().request(owner, { method: 'GET', url: tileUrl(OME, 'noeq', 0, 0, 0, '?format=png') }))
        .rawPayload,
    );
    expect(noeq.data.some((v) => v > 0)).toBe(true);
  });

  it('refuses a malformed equalization with the domain message', async () => {
    const res = await t().request(owner, {
      method: 'GET',
      url: tileUrl(OME, encodeURIComponent('{bad'), 0, 0, 0),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_EQUALIZATION',
      message: EQUALIZATION_MESSAGES.malformedJson,
    });
    const unknown = encodeURIComponent(JSON.stringify([{ channel: 5, min: 0, max: 9, rgb: [1, 2, 3] }]));
    const res2 = await t().request(owner, { method: 'GET', url: tileUrl(OME, unknown, 0, 0, 0) });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toBe(EQUALIZATION_MESSAGES.unknownChannel(5, 2));
  });

  it('answers out-of-range z, x and y with 404 {code, message}, and non-numbers with 400', async () => {
    for (const [z, x, y] of [
      [Z0 + 1, 0, 0],
      [Z0, 10, 0],
      [Z0, 0, 13],
      [0, 1, 0],
    ] as const) {
      const res = await t().request(owner, { method: 'GET', url: tileUrl(SVS, 'noeq', z, x, y) });
      expect(res.statusCode, `${z}/${x}/${y}`).toBe(404);
      expect(res.json().code).toBe('TILE_OUT_OF_RANGE');
    }
    const nan = await t().request(owner, {
      method: 'GET',
      url: tileUrl(SVS, 'noeq', Z0, 0, 0).replace(/\/0$/, '/-1'),
    });
    expect(nan.statusCode).toBe(400);
    const last = await t().request(owner, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 9, 12) });
    expect(last.statusCode).toBe(200);
  });

  it('serves tiles to members only', async () => {
    const res = await t().request(outsider, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 0, 0) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    const anonymous = await t().request(null, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 0, 0) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the POST form with a JSON body like the GET form', async () => {
    const get = await t().request(owner, { method: 'GET', url: tileUrl(SVS, 'noeq', Z0, 3, 4) });
    const post = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/${slideIds.get(SVS)}/tile/rgb`,
      payload: { equalization: 'noeq', z: Z0, x: 3, y: 4 },
    });
    expect(post.statusCode).toBe(200);
    expect(post.rawPayload.equals(get.rawPayload)).toBe(true);
    expect(post.headers.etag).toBe(get.headers.etag);
    const eq = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/${slideIds.get(OME)}/tile/rgb`,
      payload: {
        equalization: [{ channel: 1, min: 0, max: 100, rgb: [255, 0, 0] }],
        z: 0,
        x: 0,
        y: 0,
        format: 'png',
      },
    });
    expect(eq.statusCode).toBe(200);
    expect(eq.headers['content-type']).toBe('image/png');
  });

  it.runIf(hasOpenSlide)(
    'applies the ICC profile of a JPEG 2000 SVS (read through OpenSlide); its sRGB profile changes nothing',
    async () => {
      const plain = await t().request(owner, {
        method: 'GET',
        url: tileUrl(J2K_SVS, 'noeq', J2K_2X, 3, 3, '?format=png'),
      });
      const icc = await t().request(owner, {
        method: 'GET',
        url: tileUrl(J2K_SVS, 'noeq', J2K_2X, 3, 3, '?format=png&iccApply=true'),
      });
      expect([plain.statusCode, icc.statusCode]).toEqual([200, 200]);
      expect(icc.headers.etag).not.toBe(plain.headers.etag);
      const a = await decode(plain.rawPayload);
      const b = await decode(icc.rawPayload);
      expect([b.info.width, b.info.height]).toEqual([256, 256]);
      let diff = 0;
      for (let i = 0; i < a.data.length; i++) diff += Math.abs(a.data[i]! - b.data[i]!);
      expect(diff / a.data.length).toBeLessThan(1);
    },
  );
});
