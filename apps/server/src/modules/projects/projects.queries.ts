/** SQL of projects. Only this file (and db/) talks to the projects tables. */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ProjectRole } from '@tessera/domain';

export interface ProjectRow {
  id: string;
  name: string;
  summary: string;
  folder_id: string;
  is_home: number;
  created_at: string;
  role: string | null;
  /** bigint count: PostgreSQL answers it as a string. */
  slide_count: string | number | bigint | null;
}

const projectColumns = [
  'projects.id',
  'projects.name',
  'projects.summary',
  'projects.folder_id',
  'projects.is_home',
  'projects.created_at',
] as const;

/** The project's slide count, as a correlated subquery (slides are indexed by project through their unique key). */
const slideCount = (eb: ExpressionBuilder<Database, 'projects'>) =>
  eb
    .selectFrom('slides')
    .select((e) => e.fn.countAll<string | number>().as('c'))
    .whereRef('slides.project_id', '=', 'projects.id')
    .as('slide_count');

/** Projects the user is a member of, or every project when `all` (a system role that sees all). */
export async function findProjectsForUser(db: Db, userId: string, all: boolean): Promise<ProjectRow[]> {
  let q = db
    .selectFrom('projects')
    .leftJoin('project_members', (j) =>
      j.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId),
    )
    .select((eb) => [...projectColumns, 'project_members.role', slideCount(eb)]);
  if (!all) q = q.where('project_members.user_id', '=', userId);
  return q.orderBy('projects.name').execute();
}

export async function findProjectForUser(
  db: Db,
  projectId: string,
  userId: string,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .leftJoin('project_members', (j) =>
      j.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId),
    )
    .select((eb) => [...projectColumns, 'project_members.role', slideCount(eb)])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
}

export async function isProjectNameTaken(db: Db, nameKey: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('projects').select('id').where('name_key', '=', nameKey);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertProjectWithOwner(
  db: Db,
  project: { id: string; name: string; nameKey: string; summary: string; now: string },
  owner: { userId: string; role: ProjectRole },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('projects')
      .values({
        id: project.id,
        name: project.name,
        name_key: project.nameKey,
        summary: project.summary,
        folder_id: '',
        is_home: 0,
        created_at: project.now,
        updated_at: project.now,
      })
      .execute();
    await tx
      .insertInto('project_members')
      .values({ project_id: project.id, user_id: owner.userId, role: owner.role, created_at: project.now })
      .execute();
  });
}

export async function updateProjectFields(
  db: Db,
  projectId: string,
  fields: Partial<{ name: string; name_key: string; summary: string; folder_id: string; is_home: number }>,
  now: string,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ ...fields, updated_at: now })
    .where('id', '=', projectId)
    .execute();
}

export async function findFolderIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('folder_ids').select('folder_id').orderBy('folder_id').execute()).map(
    (r) => r.folder_id,
  );
}

export async function isKnownFolderId(db: Db, folderId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('folder_ids')
      .select('folder_id')
      .where('folder_id', '=', folderId)
      .executeTakeFirst()) !== undefined
  );
}
