/**
 * The Label column's picture per slide row (images/label-image.ts): `labelImage` is 'label',
 * 'thumbnail' or null, so the web requests only pictures that exist.
 */
import type { Db } from '../../db/database.ts';
import { labelImageOf, type LabelImage } from '../imaging/label-image.ts';
import { IMAGE_ID, withoutImageId } from './slide-rows.ts';

/** The row key of the Label column's picture. */
export const LABEL_IMAGE = 'labelImage';

/**
 * Answers by image id. An image's stored info never changes after registration, and parsing it (vendor
 * properties included) for every page of rows is the costly part; the cache is bounded and starts over
 * when full.
 */
const byImage = new Map<string, LabelImage | null>();
const CACHE_LIMIT = 50_000;

/**
 * Sets each row's (by `id`) `labelImage`, in place: rows keep the objects (and prototypes) they were
 * built with. Rows of other projects or unknown ids get null. Rows read by slideSelect carry their image
 * id, which is used and cleared (left undefined, so the answer's JSON leaves it out); other rows are
 * looked up.
 */
export async function withLabelImages<T extends Record<string, unknown>>(
  db: Db,
  projectId: string,
  rows: T[],
): Promise<T[]> {
  const ids = rows.map((r) => String(r.id));
  if (ids.length === 0) return rows;
  const isCarried = rows.every((r) => typeof r[IMAGE_ID] === 'string');
  const links = isCarried
    ? rows.map((r) => ({ id: String(r.id), image_id: r[IMAGE_ID] as string }))
    : await db
        .selectFrom('slides')
        .select(['id', 'image_id'])
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute();
  const missing = [...new Set(links.map((l) => l.image_id).filter((id) => !byImage.has(id)))];
  if (missing.length > 0) {
    const images = await db
      .selectFrom('images')
      .select(['id', 'image_info'])
      .where('id', 'in', missing)
      .execute();
    if (byImage.size + images.length > CACHE_LIMIT) byImage.clear();
    for (const image of images) byImage.set(image.id, labelImageOf(image.image_info));
  }
  const imageOf = new Map(links.map((l) => [l.id, l.image_id]));
  for (const row of rows) {
    (row as Record<string, unknown>)[LABEL_IMAGE] = byImage.get(imageOf.get(String(row.id)) ?? '') ?? null;
    withoutImageId(row);
  }
  return rows;
}
