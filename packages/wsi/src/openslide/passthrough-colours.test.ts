import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { TiffSlide } from '../slide.ts';
import { slidePath } from '../../test/slides.ts';
import { OpenSlideSlide } from './openslide-slide.ts';

/*
 * Proves the TIFF reader's JPEG passthrough colours against an independent decoder: the passthrough tile
 * (tables spliced, APP14 added because CMU's photometric is RGB) decoded by sharp must equal OpenSlide's
 * read of the same 240×240 area (identical, or at worst PSNR ≥ 40 dB if the two libjpeg builds' IDCTs
 * differed). Without APP14 the RGB-coded tile would decode as YCbCr and fail this by a wide margin.
 */
const NAME = 'CMU-1-Small-Region.svs';
let tiff: TiffSlide;
let openslide: OpenSlideSlide;
afterAll(async () => {
  await tiff?.close();
  await openslide?.close();
});

/** PSNR over the RGB of the part of the tile inside the slide (edge tiles are stored padded). */
function compare(decodedRgb: Buffer, openslideRgba: Buffer, tile: number, validW: number, validH: number) {
  let squared = 0;
  let maxDiff = 0;
  for (let y = 0; y < validH; y++) {
    for (let x = 0; x < validW; x++) {
      for (let c = 0; c < 3; c++) {
        const d = decodedRgb[(y * tile + x) * 3 + c]! - openslideRgba[(y * tile + x) * 4 + c]!;
        squared += d * d;
        maxDiff = Math.max(maxDiff, Math.abs(d));
      }
    }
  }
  const mse = squared / (validW * validH * 3);
  return { maxDiff, psnr: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse) };
}

describe('JPEG passthrough vs OpenSlide (CMU-1-Small-Region.svs, 240² tiles)', () => {
  it.each([
    [0, 0],
    [4, 6],
    [9, 12], // bottom-right edge tile: 60×87 pixels of slide
  ])("tile (%i, %i) decodes to OpenSlide's pixels", async (tx, ty) => {
    tiff ??= await TiffSlide.open(slidePath(NAME));
    openslide ??= await OpenSlideSlide.open(slidePath(NAME));
    const jpeg = await tiff.readJpegTilePassthrough(0, tx, ty);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([240, 240, 3]);
    const region = await openslide.readRegion(0, tx * 240, ty * 240, 240, 240);
    const validW = Math.min(240, 2220 - tx * 240);
    const validH = Math.min(240, 2967 - ty * 240);
    const { maxDiff, psnr } = compare(data, region, 240, validW, validH);
    expect(psnr).toBeGreaterThanOrEqual(40);
    // Measured when written: identical (max diff 0) for all three tiles.
    expect(maxDiff).toBe(0);
  });
});
