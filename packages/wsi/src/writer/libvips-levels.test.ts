import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TiffSlide } from '../slide.ts';
import { LibvipsLevels } from './libvips-levels.ts';
import { PyramidWriter } from './pyramid-writer.ts';
import { psnr } from '../../test/writer-tools.ts';

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

/** RGB waves; `period` stretches them, so reduced levels keep something to compare. */
function texture(W: number, H: number, period = 1): Buffer {
  const out = Buffer.alloc(W * H * 3);
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const o = (py * W + px) * 3;
      const [x, y] = [px / period, py / period];
      out[o] = 128 + 100 * Math.sin(x / 7) * Math.cos(y / 11);
      out[o + 1] = 120 + 80 * Math.sin(x / 5 + y / 9);
      out[o + 2] = 128 + 100 * Math.sin(x / 13 + y / 17);
    }
  }
  return out;
}

/** Each pixel the mean of its scale × scale block of level 0 (what a 2^k level of a box-filtered pyramid holds). */
function boxReference(full: Buffer, W: number, scale: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = j * scale; y < (j + 1) * scale; y++)
          for (let x = i * scale; x < (i + 1) * scale; x++) sum += full[(y * W + x) * 3 + c]!;
        out[(j * width + i) * 3 + c] = Math.round(sum / scale ** 2);
      }
  return out;
}

describe('LibvipsLevels', () => {
  it('makes every reduced level from a JPEG-tiled level 0: floored sizes, every tile, a box mean within JPEG loss', async () => {
    const raw = texture(W, H);
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
      for (let x = 0; x < writer.levels[0]!.tilesAcross; x++)
        await writer.appendEncoded(0, 0, x, y, await source.readJpegTilePassthrough(0, x, y));
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
        const reference = boxReference(decoded, W, scale, width, height);
        const tile = await sharp(await out.readJpegTilePassthrough(level, 0, 0))
          .raw()
          .toBuffer({ resolveWithObject: true });
        const w = Math.min(T, width);
        const h = Math.min(T, height);
        const got = await sharp(tile.data, {
          raw: { width: tile.info.width, height: tile.info.height, channels: 3 },
        })
          .extract({ left: 0, top: 0, width: w, height: h })
          .raw()
          .toBuffer();
        const want = await sharp(reference, { raw: { width, height, channels: 3 } })
          .extract({ left: 0, top: 0, width: w, height: h })
          .raw()
          .toBuffer();
        const jpegOfWant = await sharp(
          await sharp(want, { raw: { width: w, height: h, channels: 3 } })
            .jpeg({ quality: 85 })
            .toBuffer(),
        )
          .raw()
          .toBuffer();
        expect(psnr(got, want), `level ${level}`).toBeGreaterThanOrEqual(psnr(jpegOfWant, want) - 1);
      }
    } finally {
      await out.close();
    }
  });

  // A strip is 2^3 level-0 tile rows; libvips ends a strip's pyramid at its first level that fits in one
  // tile, so a short last strip of a narrow slide (300 × 52 here) makes levels 0–1 alone: levels 2–3 of
  // that strip come from its level 1, as the levels below the strips' always do.
  for (const [width, height] of [
    [300, 2100],
    [1537, 2300],
  ] as const) {
    it(`re-encodes an LZW level 0 of ${width}×${height} in strips: floored sizes, every tile, a box mean within JPEG loss`, async () => {
      const raw = texture(width, height, 8);
      const input = join(dir, `lzw-${width}.tif`);
      await sharp(raw, { raw: { width, height, channels: 3 } })
        .tiff({ tile: true, tileWidth: 240, tileHeight: 240, compression: 'lzw' })
        .toFile(input);
      const output = join(dir, `lzw-${width}.ome.tif`);
      const writer = await PyramidWriter.create(output, {
        width,
        height,
        tileSize: T,
        sampleType: 'uint8',
        samplesPerPixel: 3,
        channels: [{ name: 'Brightfield' }],
        compression: 'jpeg',
      });
      const levels = new LibvipsLevels(writer, { file: input, page: 0 });
      // Every strip started at once, as the job starts two ahead: they finish in order all the same.
      const finishes = Array.from({ length: levels.strips }, (_, s) => levels.startStrip(s));
      for (const finish of finishes) await finish();
      await writer.finish(); // refuses an incomplete pyramid

      const out = await TiffSlide.open(output);
      try {
        const sizes = out.info.levels.map((l) => [l.width, l.height]);
        expect(sizes[0]).toEqual([width, height]);
        for (let i = 1; i < sizes.length; i++)
          expect(sizes[i]).toEqual([sizes[i - 1]![0]! >> 1, sizes[i - 1]![1]! >> 1]);
        for (let level = 0; level < sizes.length; level++) {
          const [w, h] = sizes[level]!;
          const got = await sharp(output, level === 0 ? {} : { subifd: level - 1 })
            .raw()
            .toBuffer();
          const want = boxReference(raw, width, 2 ** level, w!, h!);
          // As close as libvips' own JPEG tiles of the true level, and within 2 dB below the strips' levels
          // (0–3), which go through two generations; a misplaced or missing row loses far more.
          const tiled = await sharp(want, { raw: { width: w!, height: h!, channels: 3 } })
            .tiff({ tile: true, tileWidth: T, tileHeight: T, compression: 'jpeg', quality: 85 })
            .toBuffer();
          const once = await sharp(tiled).raw().toBuffer();
          expect(psnr(got, want), `level ${level}`).toBeGreaterThanOrEqual(
            psnr(once, want) - (level <= 3 ? 0.5 : 2),
          );
        }
      } finally {
        await out.close();
      }
    });
  }
});
