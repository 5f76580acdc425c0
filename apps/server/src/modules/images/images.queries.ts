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
  createdAt: string;
}

const columns = ['id', 'checksum', 'size', 'storage_paths', 'format', 'image_info', 'conversion_status', 'created_at'] as const;

type Raw = { id: string; checksum: string; size: string | number; storage_paths: string; format: string; image_info: string; conversion_status: string; created_at: string };

function toRow(r: Raw): ImageRow {
  return {
    id: r.id,
    checksum: r.checksum,
    size: Number(r.size),
    storagePaths: JSON.parse(r.storage_paths) as string[],
    format: r.format,
    imageInfo: r.image_info,
    conversionStatus: r.conversion_status,
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
  image: { id: string; checksum: string; size: number; storagePaths: string[]; format: string; imageInfo: string; now: string },
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
