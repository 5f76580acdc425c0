/** SQL of landmarks and of the block a slide belongs to. Only this file (and db/) talks to the landmarks table. */
import type { Db } from '../../db/database.ts';

export interface LandmarksRow {
  block_id: string;
  slides: string;
  landmarks: string;
  updated_by: string | null;
  updated_at: string;
}

export async function findBlockLandmarks(
  db: Db,
  projectId: string,
  blockId: string,
): Promise<LandmarksRow | undefined> {
  return db
    .selectFrom('landmarks')
    .select(['block_id', 'slides', 'landmarks', 'updated_by', 'updated_at'])
    .where('project_id', '=', projectId)
    .where('block_id', '=', blockId)
    .executeTakeFirst();
}

/** Creates or replaces the landmarks of one block of a project. */
export async function upsertBlockLandmarks(
  db: Db,
  row: LandmarksRow & { project_id: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('landmarks')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['project_id', 'block_id']).doUpdateSet({
        slides: row.slides,
        landmarks: row.landmarks,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** The project's slides among `slideIds` with their block (slides of other projects are left out). */
export async function findSlideBlocks(
  db: Db,
  projectId: string,
  slideIds: readonly string[],
): Promise<{ id: string; block_id: string | null }[]> {
  if (slideIds.length === 0) return [];
  return db
    .selectFrom('slides')
    .select(['id', 'block_id'])
    .where('project_id', '=', projectId)
    .where('id', 'in', [...slideIds])
    .execute();
}

/** The first `limit` slides of a block by file name (then id, so the order is stable on both databases). */
export async function findBlockSlides(
  db: Db,
  projectId: string,
  blockId: string,
  limit: number,
): Promise<{ id: string; file_name: string }[]> {
  return db
    .selectFrom('slides')
    .select(['id', 'file_name'])
    .where('project_id', '=', projectId)
    .where('block_id', '=', blockId)
    .orderBy('file_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}
