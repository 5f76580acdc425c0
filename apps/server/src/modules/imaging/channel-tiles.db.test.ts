/**
 * Channel tiles (tile/channels) against real fluorescence slides: the samples as stored, the layout the
 * viewer unpacks, and — coloured the viewer's way (domain channelShadings) — the server's own composite.
 */
import { gunzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bandCountOf, channelShadings, channelTileLayout, type ChannelBands } from '@tessera/domain';
import { TiffSlide } from '@tessera/wsi';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { registerTestSlides } from '../../../test/slides.fixtures.ts';

const OME = 'cells-2c.ome.tif'; // 2 × uint8, 93 × 131, one tile of 256²
const VECTRA = 'small_vectra.qptiff'; // 3 × uint8, 1920 × 1440 in strips: cut tiles, made levels
const GRAY16 = 'cells-gray16.tif'; // 1 × uint16
const SVS = 'CMU-1-Small-Region.svs'; // brightfield
const TILE = 256;

/** The stored value of channel c at pixel (px, py) of an unpacked channel tile. */
function valueAt(bytes: Buffer, layout: ChannelBands[], px: number, py: number, c: number): number {
  let o = (py * TILE + px) * bandCountOf(layout);
  for (let k = 0; k < c; k++) o += layout[k]!.bands;
  return layout[c]!.bands === 2 ? bytes[o]! * 256 + bytes[o + 1]! : bytes[o]!;
}

describeEachDialect('channel tiles', (t) => {
  let tmp: string;
  let owner: TestUser;
  let outsider: TestUser;
  let projectId: string;
  const slideIds = new Map<string, string>();
  const url = (file: string, z: number, x: number, y: number) =>
    `/v1/projects/${projectId}/slides/${slideIds.get(file)}/tile/channels/${z}/${x}/${y}`;
  const get = (user: TestUser | null, file: string, z: number, x: number, y: number, headers = {}) =>
    t().request(user, { method: 'GET', url: url(file, z, x, y), headers });

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-channel-tiles-'));
    owner = await t().createUser();
    outsider = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] })).id;
    await t().createProject({ members: [{ user: outsider, role: 'projectDataOwner' }] });
    for (const [file, id] of await registerTestSlides(t().ctx, projectId, owner.id, tmp, [
      OME,
      VECTRA,
      GRAY16,
      SVS,
    ]))
      slideIds.set(file, id);
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('answers every channel sample of the tile as stored, padded with zeros past the image', async () => {
    const res = await get(owner, OME, 0, 0, 0);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.tessera.channel-tile');
    expect(res.headers['content-encoding']).toBeUndefined();
    const layout = channelTileLayout(['uint8', 'uint8'])!;
    expect(res.rawPayload.length).toBe(TILE * TILE * 2);
    const slide = await TiffSlide.open(path.join(SLIDES_DIR, OME));
    try {
      for (const c of [0, 1]) {
        const rows = [];
        for (let row = 0; row < 131; row++) rows.push(await slide.decodeTile(0, 0, row, c));
        for (const [px, py] of [
          [0, 0],
          [40, 70],
          [92, 130],
        ] as const)
          expect(valueAt(res.rawPayload, layout, px, py, c)).toBe(rows[py]!.data[px]);
      }
    } finally {
      await slide.close();
    }
    expect(valueAt(res.rawPayload, layout, 93, 0, 0)).toBe(0);
    expect(valueAt(res.rawPayload, layout, 0, 131, 1)).toBe(0);
  });

  it('sends 16-bit samples high byte first', async () => {
    const res = await get(owner, GRAY16, 0, 0, 0);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(TILE * TILE * 2);
    const slide = await TiffSlide.open(path.join(SLIDES_DIR, GRAY16));
    try {
      // The first strip: its rows are the tile's first rows.
      const strip = await slide.decodeTile(0, 0, 0, 0);
      const layout = channelTileLayout(['uint16'])!;
      for (const [px, py] of [
        [0, 0],
        [17, 0],
        [strip.width - 1, strip.height - 1],
      ] as const)
        expect(valueAt(res.rawPayload, layout, px, py, 0)).toBe(strip.data[py * strip.width + px]);
      let isWide = false;
      for (let py = 0; py < strip.height; py++)
        for (let px = 0; px < strip.width; px++) isWide ||= valueAt(res.rawPayload, layout, px, py, 0) > 255;
      expect(isWide).toBe(true);
    } finally {
      await slide.close();
    }
  });

  it('gzips when asked, with its own ETag, 304 on a match', async () => {
    const plain = await get(owner, VECTRA, 3, 1, 1);
    const zipped = await get(owner, VECTRA, 3, 1, 1, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(owner, VECTRA, 3, 1, 1, {
      'accept-encoding': 'gzip',
      'if-none-match': zipped.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('coloured as the viewer does, equals the server composite, on a stored and a made level', async () => {
    const layout = channelTileLayout(['uint8', 'uint8', 'uint8'])!;
    const windows = [
      { channel: 0, enabled: true, min: 0, max: 60, rgb: [0, 0, 255] as [number, number, number] },
      { channel: 1, enabled: true, min: 5, max: 80, rgb: [0, 255, 0] as [number, number, number] },
      { channel: 2, enabled: false, min: 0, max: 255, rgb: [255, 255, 0] as [number, number, number] },
    ];
    const shadings = channelShadings(layout, windows);
    const eq = encodeURIComponent(JSON.stringify(windows));
    // z 3 is the stored full resolution (1920 × 1440 in 2× steps: 3 made levels above it); z 1 is made.
    for (const [z, x, y] of [
      [3, 2, 1],
      [1, 0, 0],
    ] as const) {
      const channels = (await get(owner, VECTRA, z, x, y)).rawPayload;
      const png = await t().request(owner, {
        method: 'GET',
        url: `/v1/projects/${projectId}/slides/${slideIds.get(VECTRA)}/tile/rgb/${eq}/${z}/${x}/${y}?format=png`,
      });
      const { data, info } = await sharp(png.rawPayload).raw().toBuffer({ resolveWithObject: true });
      let worst = 0;
      let total = 0;
      for (let py = 0; py < info.height; py++) {
        for (let px = 0; px < info.width; px++) {
          for (let k = 0; k < 3; k++) {
            let sum = 0;
            shadings.forEach((s, c) => {
              const t = Math.min(1, Math.max(0, valueAt(channels, layout, px, py, c) * s.scale + s.shift));
              sum += t * s.rgb[k]!;
            });
            const diff = Math.abs(Math.min(255, sum) - data[(py * info.width + px) * info.channels + k]!);
            worst = Math.max(worst, diff);
            total += diff;
          }
        }
      }
      // Stored: only rounding. Made: the composite averages coloured pixels, channel tiles the samples
      // before colouring; with windows that clamp, those differ where a block straddles a window's edge.
      expect(total / (info.width * info.height * 3)).toBeLessThan(z === 3 ? 0.6 : 1.5);
      if (z === 3) expect(worst).toBeLessThanOrEqual(1);
    }
  });

  it('refuses brightfield slides, tiles outside the slide, other projects and anonymous callers', async () => {
    const brightfield = await get(owner, SVS, 0, 0, 0);
    expect(brightfield.statusCode).toBe(400);
    expect(brightfield.json()).toEqual({
      code: 'CHANNEL_TILES_UNAVAILABLE',
      message: 'Channel tiles are made for fluorescence slides only',
    });
    const outside = await get(owner, OME, 0, 5, 0);
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'TILE_OUT_OF_RANGE']);
    expect((await get(owner, OME, 9, 0, 0)).statusCode).toBe(404);
    // A project the caller is not in does not exist for them.
    expect((await get(outsider, OME, 0, 0, 0)).statusCode).toBe(404);
    expect((await get(null, OME, 0, 0, 0)).statusCode).toBe(401);
    const converted = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${projectId}/slides/${slideIds.get(OME)}/tile-converted/channels/0/0/0`,
    });
    expect([converted.statusCode, converted.json().code]).toEqual([404, 'SLIDE_NOT_OPTIMIZED']);
  });
});
