/**
 * Slides of a project (spec 1 §7): get or create by checksum, details with imageInfo (spec 2 §3), the
 * label, macro and thumbnail images, and a minimal list. A slide points at an image shared by its copies.
 */
import {
  ERROR_CODES,
  type ImageInfo,
  type Slide,
  type SlideConversion,
  type SlideDetails,
} from '@tessera/contract';
import {
  canSeeAllProjects,
  formatAssayMarkers,
  isSlideFileName,
  UPLOAD_MESSAGES,
  VIEWER_MESSAGES,
} from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { ByteLru } from '../../lib/byte-lru.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError, badRequest } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { ensureChannelStatistics } from '../imaging/channel-statistics.ts';
import { toImageInfo } from '../imaging/image-info.ts';
import {
  CONVERSION_MESSAGES,
  enqueueConversion,
  findConversion,
  findImageByChecksum,
  findImageById,
  IMAGE_ERROR_CODES,
  IMAGE_MESSAGES,
  renderAssociated,
  type ImageRow,
} from '../imaging/images.service.ts';
import type { AssociatedKind, ImageFormat } from '../imaging/picture-encode.ts';
import * as q from './slides.queries.ts';

export const SLIDE_MESSAGES = {
  notFound: VIEWER_MESSAGES.slideNotFound,
  imageNotStored: (checksum: string) =>
    `No image with checksum ${checksum} has been uploaded; upload the file first`,
  invalidFileName: UPLOAD_MESSAGES.invalidFileName,
} as const;

export const SLIDE_ERROR_CODES = {
  notFound: ERROR_CODES.slideNotFound,
  imageNotFound: 'IMAGE_NOT_FOUND',
  conversionNotFailed: 'CONVERSION_NOT_FAILED',
} as const;

export const toSlide = (row: q.SlideRow): Slide => ({
  id: row.id,
  projectId: row.project_id,
  fileName: row.file_name,
  fileExtension: row.file_extension,
  checksum: row.checksum,
  name: row.name,
  status: row.status,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
});

/** 'ome.tif' for a.ome.tif, 'svs' for a.svs: what follows the stem, lower case, without the leading dot. */
export function slideNameParts(fileName: string): { name: string; extension: string } {
  const lower = fileName.toLowerCase();
  const double = ['.ome.tiff', '.ome.tif'].find((e) => lower.endsWith(e));
  const dot = double ? fileName.length - double.length : fileName.lastIndexOf('.');
  if (dot <= 0) return { name: fileName, extension: '' };
  return { name: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

/**
 * The project's slide for an image: the one already there (same checksum), else a new one. Answers
 * whether it was created, for the import summary. Every registration of a slide comes through here (folder
 * import, the CLI, the demo, get-or-create after an upload), and queues the image's conversion unless it
 * is queued, running or done.
 */
export async function getOrCreateSlideForImage(
  ctx: AppContext,
  projectId: string,
  image: ImageRow,
  file: { fileName: string; fileExtension: string },
  createdBy: string | null,
): Promise<{ slide: q.SlideRow; created: boolean }> {
  const existing = await q.findSlideByChecksum(ctx.db, projectId, image.checksum);
  // Queued once per image, whichever registration comes first; the others find it queued.
  await enqueueConversion(ctx, image.id, { createdBy });
  if (existing) return { slide: existing, created: false };
  const now = nowIso();
  const { row, created } = await q.insertSlideIfAbsent(ctx.db, {
    id: newId(),
    project_id: projectId,
    image_id: image.id,
    file_name: file.fileName,
    file_extension: file.fileExtension,
    checksum: image.checksum,
    name: slideNameParts(file.fileName).name,
    status: 'available',
    created_at: now,
    created_by: createdBy,
    updated_at: now,
  });
  return { slide: row, created };
}

export async function getOrCreateSlide(
  ctx: AppContext,
  actor: Actor,
  project: ProjectScope,
  input: { fileName: string; fileExtension: string; checksum: string },
): Promise<Slide> {
  const fileName = input.fileName.trim();
  if (!isSlideFileName(fileName) || !isSlideFileName(input.fileExtension))
    throw badRequest(SLIDE_MESSAGES.invalidFileName);
  const existing = await q.findSlideByChecksum(ctx.db, project.id, input.checksum);
  if (existing) return toSlide(existing);
  // An image stored for other projects joins this one only for a caller who may read it there; anyone
  // else gets the answer of an unknown checksum, so the answer does not tell which files exist.
  const image = await findImageByChecksum(ctx.db, input.checksum);
  const isReadable =
    image &&
    (await q.isImageReadableBy(ctx.db, input.checksum, actor.userId, canSeeAllProjects(actor.systemRoles)));
  if (!image || !isReadable)
    throw new AppError(404, SLIDE_ERROR_CODES.imageNotFound, SLIDE_MESSAGES.imageNotStored(input.checksum));
  const extension = input.fileExtension.trim().replace(/^\./, '').toLowerCase();
  const { slide } = await getOrCreateSlideForImage(
    ctx,
    project.id,
    image,
    { fileName, fileExtension: extension },
    actor.userId,
  );
  return toSlide(slide);
}

async function slideWithImage(
  ctx: AppContext,
  projectId: string,
  slideId: string,
): Promise<{ slide: q.SlideRow; image: ImageRow }> {
  const slide = await q.findSlide(ctx.db, projectId, slideId);
  if (!slide) throw new AppError(404, SLIDE_ERROR_CODES.notFound, SLIDE_MESSAGES.notFound(slideId));
  const image = await findImageById(ctx.db, slide.image_id);
  if (!image)
    throw new AppError(404, IMAGE_ERROR_CODES.imageInfoUnavailable, IMAGE_MESSAGES.imageInfoUnavailable);
  return { slide, image };
}

export async function getSlideDetails(
  ctx: AppContext,
  project: ProjectScope,
  slideId: string,
): Promise<SlideDetails> {
  const { slide, image } = await slideWithImage(ctx, project.id, slideId);
  // Images registered before channel statistics were kept get them now, once.
  const imageInfo: ImageInfo | null = toImageInfo({
    ...image,
    imageInfo: await ensureChannelStatistics(ctx, image),
  });
  if (!imageInfo)
    throw new AppError(404, IMAGE_ERROR_CODES.imageInfoUnavailable, IMAGE_MESSAGES.imageInfoUnavailable);
  const [conversion, fields] = await Promise.all([
    findConversion(ctx, image.id),
    q.findViewerFields(ctx.db, project.id, slideId),
  ]);
  const assays = assaysOf(fields?.assays);
  return {
    ...toSlide(slide),
    blockId: fields?.block_id ?? null,
    assays,
    assayMarkersFormatted: formatAssayMarkers(assays),
    conversionStatus: conversion.status,
    conversion,
    imageInfo,
  };
}

/** The stored assays JSON as channel and marker, by channel; anything unreadable counts as none. */
function assaysOf(json: string | undefined): { channel: number; marker: string }[] {
  let rows: unknown;
  try {
    rows = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(
      (r): r is { channel: number; marker: string } =>
        Number.isInteger(r?.channel) && typeof r?.marker === 'string',
    )
    .map((r) => ({ channel: r.channel, marker: r.marker }))
    .sort((a, b) => a.channel - b.channel);
}

/** Queues the slide's failed conversion again (slideUpload); 409 when it has not failed (queued, running, done). */
export async function retrySlideConversion(
  ctx: AppContext,
  actor: Actor,
  project: ProjectScope,
  slideId: string,
): Promise<SlideConversion> {
  const { image } = await slideWithImage(ctx, project.id, slideId);
  const { isQueued } = await enqueueConversion(ctx, image.id, { createdBy: actor.userId, mode: 'retry' });
  if (!isQueued)
    throw new AppError(409, SLIDE_ERROR_CODES.conversionNotFailed, CONVERSION_MESSAGES.notFailed);
  return findConversion(ctx, image.id);
}

/** Encoded labels, macros and thumbnails kept between requests: a slide list asks for dozens at once. */
const renderedImages = new ByteLru<Buffer>(32 * 1024 * 1024, (bytes) => bytes.length);

/**
 * An encoded associated image and its ETag; bytes null when `ifNoneMatch` names it already. An image never
 * changes for its checksum, so the ETag is the checksum, kind and format, and the encoded bytes are kept.
 */
export async function getSlideImage(
  ctx: AppContext,
  project: ProjectScope,
  slideId: string,
  kind: AssociatedKind,
  format: ImageFormat,
  ifNoneMatch?: string,
): Promise<{ etag: string; bytes: Buffer | null }> {
  const { image } = await slideWithImage(ctx, project.id, slideId);
  const etag = `"${image.checksum.slice(0, 32)}-${kind}-${format}"`;
  if (ifNoneMatch?.split(',').some((t) => t.trim() === etag || t.trim() === '*'))
    return { etag, bytes: null };
  let bytes = renderedImages.get(etag);
  if (!bytes) renderedImages.set(etag, (bytes = await renderAssociated(ctx.blobs, image, kind, format)));
  return { etag, bytes };
}
