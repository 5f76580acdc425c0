/** SQL of the Jobs panel: the names its rows show beside each job. */
import type { Db } from '../../db/database.ts';

/** Project names by id. */
export async function findProjectNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Each image's original file paths (JSON), by id. */
export async function findImageFiles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('images')
    .select(['id', 'storage_paths'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.storage_paths]));
}

/**
 * The project a user's image conversion belongs to in their eyes: one where they added a slide of the
 * image (a conversion job has no project of its own: the image is shared by every project that has it).
 */
export async function findImageProjects(
  db: Db,
  userId: string,
  imageIds: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('slides')
    .innerJoin('projects', 'projects.id', 'slides.project_id')
    .select(['slides.image_id', 'projects.id', 'projects.name'])
    .where('slides.created_by', '=', userId)
    .where('slides.image_id', 'in', [...imageIds])
    .orderBy('slides.created_at')
    .execute();
  const projects = new Map<string, { id: string; name: string }>();
  for (const r of rows) if (!projects.has(r.image_id)) projects.set(r.image_id, { id: r.id, name: r.name });
  return projects;
}
