/** SQL of the convert-image job: the image to convert and its conversion columns (migration 0007). */
import type { Db } from '../db/database.ts';

export interface ConversionImage {
  id: string;
  checksum: string;
  storagePaths: string[];
}

export interface ConversionCount {
  level: number;
  channel: number;
  converted: number;
  total: number;
}

export async function findImageToConvert(db: Db, imageId: string): Promise<ConversionImage | undefined> {
  const r = await db
    .selectFrom('images')
    .select(['id', 'checksum', 'storage_paths'])
    .where('id', '=', imageId)
    .executeTakeFirst();
  return r && { id: r.id, checksum: r.checksum, storagePaths: JSON.parse(r.storage_paths) as string[] };
}

/** 'Converting': the old optimized file (if any) stays recorded until the new one replaces it. */
export async function markConverting(db: Db, imageId: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ conversion_status: 'Converting', conversion_error: null })
    .where('id', '=', imageId)
    .execute();
}

export async function saveConversionCounts(
  db: Db,
  imageId: string,
  counts: ConversionCount[],
): Promise<void> {
  await db
    .updateTable('images')
    .set({ conversion_counts: JSON.stringify(counts) })
    .where('id', '=', imageId)
    .execute();
}

/** A level of a written pyramid, as slide details describe the `tile-converted` grid from it. */
export interface OptimizedLevel {
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
}

/** Called only after the writer renamed the file into place. */
export async function markConverted(
  db: Db,
  imageId: string,
  optimizedPath: string,
  counts: ConversionCount[],
  levels: OptimizedLevel[],
): Promise<void> {
  await db
    .updateTable('images')
    .set({
      conversion_status: 'Converted',
      optimized_path: optimizedPath,
      optimized_levels: JSON.stringify(levels),
      conversion_counts: JSON.stringify(counts),
      conversion_error: null,
    })
    .where('id', '=', imageId)
    .execute();
}

export async function markFailed(db: Db, imageId: string, reason: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ conversion_status: 'Failed', conversion_error: reason })
    .where('id', '=', imageId)
    .execute();
}

export async function findConversion(
  db: Db,
  imageId: string,
): Promise<
  | { status: string; optimizedPath: string | null; counts: ConversionCount[] | null; error: string | null }
  | undefined
> {
  const r = await db
    .selectFrom('images')
    .select(['conversion_status', 'optimized_path', 'conversion_counts', 'conversion_error'])
    .where('id', '=', imageId)
    .executeTakeFirst();
  return (
    r && {
      status: r.conversion_status,
      optimizedPath: r.optimized_path,
      counts: r.conversion_counts === null ? null : (JSON.parse(r.conversion_counts) as ConversionCount[]),
      error: r.conversion_error,
    }
  );
}

/** After a cancel or shutdown: the image is as it was (still converted when an older optimized file is recorded). */
export async function restoreStatus(
  db: Db,
  imageId: string,
  status: 'Converted' | 'NotConverted',
): Promise<void> {
  await db.updateTable('images').set({ conversion_status: status }).where('id', '=', imageId).execute();
}
