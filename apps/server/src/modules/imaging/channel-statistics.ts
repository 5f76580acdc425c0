/**
 * Channel statistics of fluorescence images (spec 3 §3 "Image info: channels (type, name, min, max)"):
 * per channel the display range (low, high: percentiles) and the true min and max, read by the wsi
 * package from a coarse level. They are kept in the image's image_info JSON as `channelStatistics`, so no
 * migration: computed at registration, and for images registered before, once, the first time slide
 * details, the equalization or a default-equalized tile needs them, then written back.
 *
 * Absent means never computed; null means the reader failed on the file (damaged): it is not retried on
 * every request, and everyone falls back to the type's range. Registration never fails because of them.
 */
import { readChannelStatistics, type ChannelStatistics, type Slide } from '@tessera/wsi';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { updateImageInfo } from './images.queries.ts';
import { openOriginal } from './stored-slides.ts';

export const StoredChannelStatistics = z.array(
  z.object({ low: z.number(), high: z.number(), min: z.number(), max: z.number() }),
);
export type StoredChannelStatistics = ChannelStatistics[];

/** The statistics of a fluorescence slide, or null when its samples cannot be read. */
export async function computeChannelStatistics(slide: Slide): Promise<ChannelStatistics[] | null> {
  try {
    return await readChannelStatistics(slide);
  } catch {
    // A damaged tile, an unsupported sample type: the file still registers, shown with the type's range.
    return null;
  }
}

const Head = z.object({
  kind: z.string(),
  channels: z.array(z.unknown()),
  channelStatistics: StoredChannelStatistics.nullable().optional().catch(null),
});

function parseHead(imageInfo: string) {
  try {
    const parsed = Head.safeParse(JSON.parse(imageInfo));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The stored statistics, one per channel, or null (none stored, failed, or not matching the channels).
 * Never throws: a damaged row counts as none.
 */
export function storedChannelStatistics(imageInfo: string): StoredChannelStatistics | null {
  const head = parseHead(imageInfo);
  const stats = head?.channelStatistics;
  return stats && stats.length === head.channels.length ? stats : null;
}

/** Concurrent first requests for one image compute its statistics once. */
const computing = new Map<string, Promise<string>>();

/**
 * The image's info with its channel statistics: as stored when they are there (or failed, or the image is
 * not fluorescence), else computed from its files and written back. Files that cannot be opened now
 * (moved, unmounted) are left for a later request.
 */
export async function ensureChannelStatistics(
  ctx: AppContext,
  image: { id: string; imageInfo: string; storagePaths: readonly string[] },
): Promise<string> {
  const head = parseHead(image.imageInfo);
  const isDue = head?.kind === 'fluorescence' && head.channelStatistics === undefined;
  if (!isDue || image.storagePaths.length === 0) return image.imageInfo;
  let pending = computing.get(image.id);
  if (!pending) {
    pending = computeAndStore(ctx, image).finally(() => computing.delete(image.id));
    computing.set(image.id, pending);
  }
  return pending;
}

async function computeAndStore(
  ctx: AppContext,
  image: { id: string; imageInfo: string; storagePaths: readonly string[] },
): Promise<string> {
  let slide: Slide;
  try {
    slide = await openOriginal(ctx.blobs, image.storagePaths);
  } catch {
    return image.imageInfo;
  }
  let statistics: ChannelStatistics[] | null;
  try {
    statistics = await computeChannelStatistics(slide);
  } finally {
    await slide.close();
  }
  const info = JSON.parse(image.imageInfo) as Record<string, unknown>;
  const updated = JSON.stringify({ ...info, channelStatistics: statistics });
  await updateImageInfo(ctx.db, image.id, image.imageInfo, updated);
  return updated;
}
