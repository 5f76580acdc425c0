/** SQL of a set's links into projects (migration 0021 `annotation_set_links`). */
import type { Db } from '../../db/database.ts';

export interface CandidateRow {
  project_id: string;
  project_name: string;
  is_home: number;
  slide_id: string;
  /** The caller's role there, null when not a member. */
  role: string | null;
}

/** Every project's slides of this image, with the caller's role in the project, by project name. */
export async function findImageSlides(db: Db, imageId: string, userId: string): Promise<CandidateRow[]> {
  return db
    .selectFrom('slides as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .leftJoin('project_members as m', (join) =>
      join.onRef('m.project_id', '=', 's.project_id').on('m.user_id', '=', userId),
    )
    .select(['s.project_id', 'p.name as project_name', 'p.is_home', 's.id as slide_id', 'm.role'])
    .where('s.image_id', '=', imageId)
    .orderBy('p.name')
    .orderBy('s.created_at')
    .execute();
}

/** The links of the set, and the sets of other names on the given slides. */
export async function findLinks(db: Db, setId: string): Promise<{ project_id: string; slide_id: string }[]> {
  return db
    .selectFrom('annotation_set_links')
    .select(['project_id', 'slide_id'])
    .where('set_id', '=', setId)
    .execute();
}

/** Slides among `slideIds` on which another set of this name shows. */
export async function findNameClashes(
  db: Db,
  setId: string,
  name: string,
  slideIds: readonly string[],
): Promise<Set<string>> {
  if (slideIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('annotation_set_links')
    .select('slide_id')
    .where('slide_id', 'in', [...slideIds])
    .where('name', '=', name)
    .where('set_id', '<>', setId)
    .execute();
  return new Set(rows.map((row) => row.slide_id));
}

export async function insertLink(
  db: Db,
  link: { set_id: string; project_id: string; slide_id: string; name: string; linked_at: string },
): Promise<void> {
  await db.insertInto('annotation_set_links').values(link).execute();
}

export async function deleteLink(db: Db, setId: string, projectId: string): Promise<number> {
  const result = await db
    .deleteFrom('annotation_set_links')
    .where('set_id', '=', setId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
