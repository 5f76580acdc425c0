/**
 * Images: registering original files (content-addressed, opened once to read their SlideInfo and, for
 * fluorescence, their channel statistics; their associated pictures are associated-images.ts'). The files stay where
 * they are; the row stores their absolute paths.
 */
import path from 'node:path';
import type { SlideConversion } from '@tessera/contract';
import { openSlide } from '@tessera/wsi';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { computeChannelStatistics } from './channel-statistics.ts';
import { imageChecksum } from './checksum.ts';
import { storeSlideInfo } from './image-info.ts';
import * as q from './images.queries.ts';
import { IMAGE_ERROR_CODES, IMAGE_MESSAGES } from './associated-images.ts';

/**
 * The image of these files: the stored one when their checksum is known, else a new one, after opening
 * the files to check they are a slide and to read their SlideInfo. Throws the reader's error when the
 * files are not a readable slide. With `keys` (an upload's files), the files are then given to the blob
 * store under those keys and the image names where it keeps them; without, they stay where they are
 * (a folder import).
 */
export async function registerImage(
  ctx: AppContext,
  paths: readonly string[],
  known?: { checksum: string; size: number },
  keys?: readonly string[],
): Promise<{ image: q.ImageRow; created: boolean }> {
  const absolute = paths.map((p) => path.resolve(p));
  const { checksum, size } = known ?? (await imageChecksum(absolute));
  const existing = await q.findImageByChecksum(ctx.db, checksum);
  if (existing) return { image: existing, created: false };
  const slide = await openSlide(absolute);
  let info: string;
  let format: string;
  try {
    const isFluorescence = slide.info.kind === 'fluorescence';
    info = storeSlideInfo(slide.info, isFluorescence ? await computeChannelStatistics(slide) : undefined);
    format = slide.info.format;
  } finally {
    await slide.close();
  }
  const storagePaths = keys
    ? await Promise.all(absolute.map((file, i) => ctx.blobs.put(file, keys[i]!)))
    : absolute;
  const id = newId();
  const image = await q.insertImageIfAbsent(ctx.db, {
    id,
    checksum,
    size,
    storagePaths,
    format,
    imageInfo: info,
    now: nowIso(),
  });
  const created = image.id === id;
  // Another registration may have stored the same image meanwhile: then its row is answered, not ours,
  // and what we stored under other names than its files goes (the same names are the same bytes).
  if (keys && !created)
    await Promise.all(
      storagePaths.filter((p) => !image.storagePaths.includes(p)).map((p) => ctx.blobs.remove(p)),
    );
  return { image, created };
}

export { findImageByChecksum, findImageById, type ImageRow } from './images.queries.ts';
export { IMAGE_ERROR_CODES, IMAGE_MESSAGES, renderAssociated } from './associated-images.ts';

/** Thrown inside queueConversion's transaction to roll the job back when the image was not claimed. */
class NotClaimed extends Error {}

/**
 * Queues the conversion of an image into its optimized pyramid (jobs/convert-image.job.ts), once per
 * image: every registration of a slide calls it (slides.service getOrCreateSlideForImage), so an image
 * shared by several slides or projects, or registered again, is converted once. The job and the image's
 * link to it (conversion_job_id) are written in one transaction under a conditional update, so two
 * registrations at once queue one job. `retry` queues again only a conversion that failed or was
 * cancelled. Answers the image's conversion job (null for an image converted without one) and whether
 * this call queued it.
 */
export async function enqueueConversion(
  ctx: AppContext,
  imageId: string,
  options: { createdBy?: string | null; mode?: 'first' | 'retry' } = {},
): Promise<{ jobId: string | null; isQueued: boolean }> {
  const mode = options.mode ?? 'first';
  const current = await q.findConversionRow(ctx.db, imageId);
  if (!current) throw new Error(`Image ${imageId} does not exist`);
  const isDue =
    mode === 'first'
      ? current.jobId === null && current.status === 'NotConverted'
      : conversionOf(current).status === 'Failed';
  if (!isDue) return { jobId: current.jobId, isQueued: false };
  try {
    const jobId = await ctx.db.transaction().execute(async (trx) => {
      // No project: the image (and its conversion) is shared by every project that has a slide of it,
      // and a job is deleted with its project.
      const job = await ctx.jobs.enqueue(
        'convert-image',
        { imageId },
        { createdBy: options.createdBy ?? null, within: trx },
      );
      if (!(await q.claimConversion(trx, imageId, job.id, mode))) throw new NotClaimed();
      return job.id;
    });
    return { jobId, isQueued: true };
  } catch (error) {
    if (!(error instanceof NotClaimed)) throw error;
    return { jobId: (await q.findConversionRow(ctx.db, imageId))?.jobId ?? null, isQueued: false };
  }
}

/**
 * What users see of an image's conversion: its job's state while it has one that has not succeeded (a
 * worker killed mid-run leaves the image row at Converting, but its job is queued again or failed), else
 * the image's own status. Counts are those of the last run.
 */
export function conversionOf(row: q.ConversionRow): SlideConversion {
  const counts = row.counts === null ? [] : (JSON.parse(row.counts) as SlideConversion['counts']);
  const stored =
    (['NotConverted', 'Converting', 'Converted', 'Failed'] as const).find((s) => s === row.status) ??
    'NotConverted';
  switch (stored === 'Converted' ? null : row.jobState) {
    case 'queued':
      return { status: 'Queued', error: null, counts };
    case 'running':
      return { status: 'Converting', error: null, counts };
    case 'failed':
    case 'cancelled':
      return { status: 'Failed', error: row.error ?? row.jobError ?? CONVERSION_MESSAGES.cancelled, counts };
    default:
      return {
        status: stored,
        error: stored === 'Failed' ? (row.error ?? CONVERSION_MESSAGES.failed) : null,
        counts,
      };
  }
}

export const CONVERSION_MESSAGES = {
  cancelled: 'The conversion was cancelled',
  failed: 'The conversion failed',
  notFailed: 'Only a failed conversion can be retried',
} as const;

export async function findConversion(ctx: AppContext, imageId: string): Promise<SlideConversion> {
  const row = await q.findConversionRow(ctx.db, imageId);
  if (!row)
    throw new AppError(404, IMAGE_ERROR_CODES.imageInfoUnavailable, IMAGE_MESSAGES.imageInfoUnavailable);
  return conversionOf(row);
}

/**
 * Queues the conversion of every image never queued: those registered before registration queued it.
 * `tessera serve` runs it once at start, in the process that migrates (cli/serve.ts), and the conditional
 * claim makes a second run, or one racing it, queue nothing twice. Answers how many it queued.
 */
export async function enqueuePendingConversions(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (const imageId of await q.findImagesNeverQueued(ctx.db))
    if ((await enqueueConversion(ctx, imageId)).isQueued) queued++;
  return queued;
}
