/**
 * The one JPEG decoder (libjpeg through sharp): stored JPEG tiles and chunks become pixels here, for tiles,
 * pictures and conversion alike. Data libjpeg cannot decode is the slide's fault (corrupt), not ours.
 */
import sharp from 'sharp';
import { WsiError } from '../errors.ts';
import type { DecodedTile } from '../tiff/decode.ts';

/**
 * Decodes a complete JPEG to 8-bit samples: `samplesPerPixel` 1 keeps the first band (a fluorescence
 * channel), 3 gives sRGB; without it, the bands the JPEG holds (grey or RGB).
 */
export async function decodeJpeg(bytes: Buffer, samplesPerPixel?: 1 | 3): Promise<DecodedTile> {
  const pipeline = sharp(bytes);
  const shaped =
    samplesPerPixel === 1
      ? pipeline.extractChannel(0)
      : samplesPerPixel === 3
        ? pipeline.removeAlpha().toColourspace('srgb')
        : pipeline;
  try {
    const { data, info } = await shaped.raw().toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      samplesPerPixel: info.channels,
      sampleType: 'uint8',
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (error) {
    throw new WsiError(
      'corrupt',
      `JPEG data cannot be decoded (${(error as Error).message.split('\n')[0]?.trim()})`,
    );
  }
}
