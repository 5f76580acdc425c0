import sharp from 'sharp';
import { WsiError } from '../errors.ts';

/** The tile formats spec 2 §7's `format` negotiates; jpeg is the default. */
export const TILE_FORMATS = ['jpeg', 'webp', 'png'] as const;
export type TileFormat = (typeof TILE_FORMATS)[number];

export const TILE_MIME_TYPES: Record<TileFormat, string> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
};

/**
 * Encodes a composited RGB tile with sharp. WebP uses effort 0: the default effort 4 is ~3× slower for a
 * few percent smaller tiles (research/spikes.md §2). PNG uses zlib level 1: tiles are encoded on request
 * and cached, so encoding time matters more than the last bytes. No mozjpeg (8× slower, same spike).
 * `quality` (1–100) applies to jpeg and webp.
 */
export async function encodeRgbTile(
  rgb: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  format: TileFormat,
  quality = 80,
): Promise<Buffer> {
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width <= 0 ||
    height <= 0 ||
    rgb.length !== width * height * 3
  ) {
    throw new WsiError('out-of-range', `RGB tile of ${rgb.length} bytes does not match ${width}×${height}`);
  }
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new WsiError('out-of-range', `Quality ${quality} is not between 1 and 100`);
  }
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'webp':
      return image.webp({ quality, effort: 0 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  }
  throw new WsiError('unsupported', `Tile format ${String(format)} is not one of ${TILE_FORMATS.join(', ')}`);
}
