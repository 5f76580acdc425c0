/**
 * The label, macro and thumbnail endpoints' encoding: the reader answers a picture as RGB (wsi
 * Slide.readPicture, readThumbnail); the server encodes it, a thumbnail shrunk to at most 512 px.
 */
import sharp from 'sharp';
import type { PictureKind, RgbImage } from '@tessera/wsi';

export const THUMBNAIL_MAX_SIZE = 512;

export type AssociatedKind = PictureKind;
export type ImageFormat = 'jpeg' | 'png';

/** Encodes an RGB image, shrunk to fit `maxSize` when given (never enlarged). */
export async function encodeImage(image: RgbImage, format: ImageFormat, maxSize?: number): Promise<Buffer> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (maxSize)
    pipeline = pipeline.resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true });
  return format === 'png' ? pipeline.png().toBuffer() : pipeline.jpeg({ quality: 90 }).toBuffer();
}
