/**
 * An image's associated pictures (label, macro, thumbnail) read from its files, and the refusals of
 * images that cannot be shown. Apart from images.service.ts so jobs (the label extract) use them without
 * the application context.
 */
import { ERROR_CODES } from '@tessera/contract';
import { VIEWER_MESSAGES } from '@tessera/domain';
import type { Slide } from '@tessera/wsi';
import type { BlobStore } from '../../blob-store/blob-store.ts';
import { AppError } from '../../errors.ts';
import type * as q from './images.queries.ts';
import { openOriginal } from './stored-slides.ts';
import { encodeImage, THUMBNAIL_MAX_SIZE, type AssociatedKind, type ImageFormat } from './picture-encode.ts';

export const IMAGE_MESSAGES = {
  imageInfoUnavailable: VIEWER_MESSAGES.imageInfoUnavailable,
  unavailable: (kind: AssociatedKind) => `${kind[0]!.toUpperCase()}${kind.slice(1)} unavailable`,
} as const;

export const IMAGE_ERROR_CODES = {
  imageInfoUnavailable: ERROR_CODES.imageInfoUnavailable,
  associatedImageUnavailable: 'ASSOCIATED_IMAGE_UNAVAILABLE',
} as const;

async function withSlide<T>(
  store: BlobStore,
  image: q.ImageRow,
  use: (slide: Slide) => Promise<T>,
): Promise<T> {
  let slide: Slide;
  try {
    slide = await openOriginal(store, image.storagePaths);
  } catch {
    // The original files moved or broke since registration: nothing about the image can be shown.
    throw new AppError(404, IMAGE_ERROR_CODES.imageInfoUnavailable, IMAGE_MESSAGES.imageInfoUnavailable);
  }
  try {
    return await use(slide);
  } finally {
    await slide.close();
  }
}

/**
 * The label, macro or thumbnail of an image, encoded. A thumbnail is the file's own, else made from the
 * smallest level; both are shrunk to at most 512 px. Absent or unreadable images answer 404 '<Kind> unavailable'.
 */
export async function renderAssociated(
  store: BlobStore,
  image: q.ImageRow,
  kind: AssociatedKind,
  format: ImageFormat,
): Promise<Buffer> {
  const unavailable = () =>
    new AppError(404, IMAGE_ERROR_CODES.associatedImageUnavailable, IMAGE_MESSAGES.unavailable(kind));
  return withSlide(store, image, async (slide) => {
    let pixels;
    try {
      pixels = kind === 'thumbnail' ? await slide.readThumbnail() : await slide.readPicture(kind);
    } catch {
      // Reader refusals (too large, unsupported) and decoder failures on damaged data alike: nothing to show.
      throw unavailable();
    }
    if (!pixels) throw unavailable();
    return encodeImage(pixels, format, kind === 'thumbnail' ? THUMBNAIL_MAX_SIZE : undefined);
  });
}
