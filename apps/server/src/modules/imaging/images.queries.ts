/** SQL of images. Only this file (and db/) talks to the images table. */
import type { Db } from '../../db/database.ts';

export interface ImageRow {
  id: string;
  checksum: string;
  size: number;
  storagePaths: string[];
  format: string;
  imageInfo: string;
  conversionStatus: string;
  /** JSON of the optimized pyramid's levels (migration 0018), or null. */
  optimizedLevels: string | null;
  createdAt: string;
}

const columns = [
  'id',
  'checksum',
  'size',
  'storage_paths',
  'format',
  'image_info',
  'conversion_status',
  'optimized_levels',
  'created_at',
] as const;

type Raw = {
  id: string;
  checksum: string;
  size: string | number;
  storage_paths: string;
  format: string;
  image_info: string;
  conversion_status: string;
  optimized_levels: string | null;
  created_at: string;
};

function toRow(r: Raw): ImageRow {
  return {
    id: r.id,
    checksum: r.checksum,
    size: Number(r.size),
    storagePaths: JSON.parse(r.storage_paths) as string[],
    format: r.format,
    imageInfo: r.image_info,
    conversionStatus: r.conversion_status,
    optimizedLevels: r.optimized_levels,
    createdAt: r.created_at,
  };
}

export async function findImageByChecksum(db: Db, checksum: string): Promise<ImageRow | undefined> {
  const r = await db.selectFrom('images').select(columns).where('checksum', '=', checksum).executeTakeFirst();
  return r && toRow(r);
}

export async function findImageById(db: Db, id: string): Promise<ImageRow | undefined> {
  const r = await db.selectFrom('images').select(columns).where('id', '=', id).executeTakeFirst();
  return r && toRow(r);
}

/** Inserts the image unless one with its checksum exists (a concurrent import); answers the stored row. */
export async function insertImageIfAbsent(
  db: Db,
  image: {
    id: string;
    checksum: string;
    size: number;
    storagePaths: string[];
    format: string;
    imageInfo: string;
    now: string;
  },
): Promise<ImageRow> {
  await db
    .insertInto('images')
    .values({
      id: image.id,
      checksum: image.checksum,
      size: image.size,
      storage_paths: JSON.stringify(image.storagePaths),
      format: image.format,
      image_info: image.imageInfo,
      created_at: image.now,
    })
    .onConflict((oc) => oc.column('checksum').doNothing())
    .execute();
  const row = await findImageByChecksum(db, image.checksum);
  if (!row) throw new Error('Image row vanished after insert');
  return row;
}

/**
 * Writes an image's info back with what was computed after registration (channel statistics), unless the
 * stored info changed meanwhile: then the other writer's is kept.
 */
export async function updateImageInfo(db: Db, id: string, from: string, to: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ image_info: to })
    .where('id', '=', id)
    .where('image_info', '=', from)
    .execute();
}

/** An image's conversion as stored (migrations 0007, 0016) with the state and message of its conversion job. */
export interface ConversionRow {
  status: string;
  error: string | null;
  counts: string | null;
  jobId: string | null;
  jobState: string | null;
  jobError: string | null;
}

export async function findConversionRow(db: Db, imageId: string): Promise<ConversionRow | undefined> {
  return db
    .selectFrom('images')
    .leftJoin('jobs', 'jobs.id', 'images.conversion_job_id')
    .select([
      'images.conversion_status as status',
      'images.conversion_error as error',
      'images.conversion_counts as counts',
      'images.conversion_job_id as jobId',
      'jobs.state as jobState',
      'jobs.error_message as jobError',
    ])
    .where('images.id', '=', imageId)
    .executeTakeFirst();
}

/**
 * Makes `jobId` the image's conversion job, when the image has none yet (`first`) or its job ended
 * without converting it (`retry`: failed or cancelled, or the image is marked Failed with no job).
 * A converted image is never taken. False when the condition did not hold: another registration got
 * there first, or the conversion is queued, running or done.
 */
export async function claimConversion(
  db: Db,
  imageId: string,
  jobId: string,
  mode: 'first' | 'retry',
): Promise<boolean> {
  let q = db
    .updateTable('images')
    .set({ conversion_job_id: jobId, conversion_error: null })
    .where('id', '=', imageId)
    .where('conversion_status', '<>', 'Converted');
  q =
    mode === 'first'
      ? q.where('conversion_job_id', 'is', null).where('conversion_status', '=', 'NotConverted')
      : q.where((eb) =>
          eb.or([
            eb.and([eb('conversion_job_id', 'is', null), eb('conversion_status', '=', 'Failed')]),
            eb(
              'conversion_job_id',
              'in',
              eb.selectFrom('jobs').select('id').where('state', 'in', ['failed', 'cancelled']),
            ),
          ]),
        );
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Images never queued for conversion (registered before registration queued it), with files to convert:
 * a metadata-only slide's image stores none (slide-metadata.queries insertMetadataSlide).
 */
export async function findImagesNeverQueued(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('images')
    .select('id')
    .where('conversion_job_id', 'is', null)
    .where('conversion_status', '=', 'NotConverted')
    .where('storage_paths', '<>', '[]')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}
