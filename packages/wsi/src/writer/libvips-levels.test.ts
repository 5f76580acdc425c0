import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TiffSlide } from '../slide.ts';
import { LibvipsLevels } from './libvips-levels.ts';
import { PyramidWriter } from './pyramid-writer.ts';
import { psnr } from './testing.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-libvips-levels-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const T = 256;

/** Odd sizes on purpose: the odd last column and the 1-px last tile row of level 0 are left out of level 1. */
const W = 1537;
const H = 1281;

function texture(): Buffer {
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      out[o] = 128 + 100 * Math.sin(x / 7) * Math.cos(y / 11);
      out[o + 1] = 120 + 80 * Math.sin(x / 5 + y / 9);
      out[o + 2] = (x * 3 + y * 5) & 255;
    }
  }
  return out;
}

/** Each pixel the mean of its scale × scale block of level 0 (what a 2^k level of a box-filtered pyramid holds). */
function boxReference(full: Buffer, scale: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = j * scale; y < (j + 1) * scale; y++) for (let x = i * scale; x < (i + 1) * scale; x++) sum += full[(y * W + x) * 3 + c]!;
        out[(j * width + i) * 3 + c] = Math.round(sum / scale ** 2);
      }
  return out;
}

describe('LibvipsLevels', () => {
  it('makes every reduced level from a JPEG-tiled level 0: floored sizes, every tile, a box mean within JPEG loss', async () => {
    const raw = texture();
    const input = join(dir, 'level0.tif');
    await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .tiff({ tile: true, tileWidth: T, tileHeight: T, compression: 'jpeg', quality: 95 })
      .toFile(input);
    const source = await TiffSlide.open(input);
    const output = join(dir, 'out.ome.tif');
    const writer = await PyramidWriter.create(output, {
      width: W,
      height: H,
      tileSize: T,
      sampleType: 'uint8',
      samplesPerPixel: 3,
      channels: [{ name: 'Brightfield' }],
      compression: 'jpeg',
      copiedJpeg: [{ level: 0, tables: undefined, photometric: 6 }],
    });
    const levels = new LibvipsLevels(writer, { file: input, page: 0 });
    for (let y = 0; y < writer.levels[0]!.tilesDown; y++)
      for (let x = 0; x < writer.levels[0]!.tilesAcross; x++) await writer.appendEncoded(0, 0, x, y, (await source.readJpegTilePassthrough(0, x, y)));
    // Rows started ahead of the one being finished, as the conversion job does.
    let next = levels.startRow(0);
    for (let r = 0; r < levels.rows; r++) {
      const finish = next;
      if (r + 1 < levels.rows) next = levels.startRow(r + 1);
      await finish();
    }
    await writer.finish(); // refuses an incomplete pyramid
    await source.close();

    const out = await TiffSlide.open(output);
    try {
      expect(out.info.levels.map((l) => [l.width, l.height])).toEqual([
        [1537, 1281],
        [768, 640],
        [384, 320],
        [192, 160],
      ]);
      const decoded = await sharp(input).raw().toBuffer();
      for (const [level, scale] of [
        [1, 2],
        [3, 8],
      ] as const) {
        const { width, height } = out.info.levels[level]!;
        const reference = boxReference(decoded, scale, width, height);
        const tile = await sharp(await out.readJpegTilePassthrough(level, 0, 0)).raw().toBuffer({ resolveWithObject: true });
        const w = Math.min(T, width);
        const h = Math.min(T, height);
        const got = await sharp(tile.data, { raw: { width: tile.info.width, height: tile.info.height, channels: 3 } }).extract({ left: 0, top: 0, width: w, height: h }).raw().toBuffer();
        const want = await sharp(reference, { raw: { width, height, channels: 3 } }).extract({ left: 0, top: 0, width: w, height: h }).raw().toBuffer();
        const jpegOfWant = await sharp(await sharp(want, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()).raw().toBuffer();
        expect(psnr(got, want), `level ${level}`).toBeGreaterThanOrEqual(psnr(jpegOfWant, want) - 1);
      }
    } finally {
      await out.close();
    }
  });
});
