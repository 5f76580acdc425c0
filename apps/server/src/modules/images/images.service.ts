/**
 * Images: registering original files (content-addressed, opened once to read their SlideInfo) and
 * rendering their associated images. The files stay where they are; the row stores their absolute paths.
 */
import path from 'node:path';
import { isWsiError, openSlide, type OpenedSlide } from '@tessera/wsi';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { imageChecksum } from './checksum.ts';
import { storeSlideInfo } from './image-info.ts';
import * as q from './images.queries.ts';
import { encodeImage, readAssociated, readThumbnailSource, THUMBNAIL_MAX_SIZE, type AssociatedKind, type ImageFormat } from './render.ts';

export const IMAGE_MESSAGES = {
  imageInfoUnavailable: 'ImageInfo unavailable',
  unavailable: (kind: AssociatedKind) => `${kind[0]!.toUpperCase()}${kind.slice(1)} unavailable`,
} as const;

export const IMAGE_ERROR_CODES = {
  imageInfoUnavailable: 'IMAGE_INFO_UNAVAILABLE',
  associatedImageUnavailable: 'ASSOCIATED_IMAGE_UNAVAILABLE',
} as const;

/** A reader failure as one line for people: the reader's own message, never a stack. */
export function describeFailure(error: unknown): string {
  if (isWsiError(error)) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string') return `Cannot read the file (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The image of these files: the stored one when their checksum is known, else a new one, after opening
 * the files to check they are a slide and to read their SlideInfo. Throws the reader's error when the
 * files are not a readable slide.
 */
export async function registerImage(
  ctx: AppContext,
  paths: readonly string[],
  known?: { checksum: string; size: number },
): Promise<{ image: q.ImageRow; created: boolean }> {
  const absolute = paths.map((p) => path.resolve(p));
  const { checksum, size } = known ?? (await imageChecksum(absolute));
  const existing = await q.findImageByChecksum(ctx.db, checksum);
  if (existing) return { image: existing, created: false };
  const slide = await openSlide(absolute);
  let info: string;
  let format: string;
  try {
    info = storeSlideInfo(slide.info);
    format = slide.info.format;
  } finally {
    await slide.close();
  }
  const id = newId();
  const image = await q.insertImageIfAbsent(ctx.db, { id, checksum, size, storagePaths: absolute, format, imageInfo: info, now: nowIso() });
  // Another import may have stored the same image meanwhile: then its row is answered, not ours.
  return { image, created: image.id === id };
}

async function withSlide<T>(image: q.ImageRow, use: (slide: OpenedSlide) => Promise<T>): Promise<T> {
  let slide: OpenedSlide;
  try {
    slide = await openSlide(image.storagePaths);
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
export async function renderAssociated(image: q.ImageRow, kind: AssociatedKind, format: ImageFormat): Promise<Buffer> {
  const unavailable = () => new AppError(404, IMAGE_ERROR_CODES.associatedImageUnavailable, IMAGE_MESSAGES.unavailable(kind));
  return withSlide(image, async (slide) => {
    let pixels;
    try {
      pixels = kind === 'thumbnail' ? await readThumbnailSource(slide) : await readAssociated(slide, kind);
    } catch {
      // Reader refusals (too large, unsupported) and decoder failures on damaged data alike: nothing to show.
      throw unavailable();
    }
    if (!pixels) throw unavailable();
    return encodeImage(pixels, format, kind === 'thumbnail' ? THUMBNAIL_MAX_SIZE : undefined);
  });
}

export { findImageByChecksum, findImageById, type ImageRow } from './images.queries.ts';

/** Where conversion jobs write optimized pyramids: `${dataDir}/optimized`. */
export const optimizedDir = (ctx: AppContext): string => path.join(ctx.config.dataDir, 'optimized');

/** Queues the conversion of an image into its optimized pyramid (jobs/convert-image.job.ts). */
export async function enqueueConversion(
  ctx: AppContext,
  imageId: string,
  options: { projectId?: string | null; createdBy?: string | null } = {},
): Promise<{ jobId: string }> {
  const job = await ctx.jobs.enqueue('convert-image', { imageId, outputDir: optimizedDir(ctx) }, options);
  return { jobId: job.id };
}
