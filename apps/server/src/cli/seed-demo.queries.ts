/** The demo's own writes: its project, memberships and folder ids, and the mark that it was seeded once. */
import type { ProjectRole } from '@tessera/domain';
import type { Db } from '../db/database.ts';

export async function isDemoSeeded(db: Db): Promise<boolean> {
  return (
    (await db.selectFrom('settings').select('value').where('key', '=', 'demoSeeded').executeTakeFirst()) !==
    undefined
  );
}

export async function markDemoSeeded(db: Db, at: string): Promise<void> {
  await db.insertInto('settings').values({ key: 'demoSeeded', value: at }).execute();
}

export async function insertDemoProject(
  db: Db,
  project: { id: string; name: string; summary: string; at: string },
): Promise<void> {
  await db
    .insertInto('projects')
    .values({
      id: project.id,
      name: project.name,
      name_key: project.name.toLowerCase(),
      summary: project.summary,
      folder_id: '',
      is_home: 0,
      created_at: project.at,
      updated_at: project.at,
    })
    .execute();
}

export async function insertDemoMember(
  db: Db,
  member: { projectId: string; userId: string; role: ProjectRole; at: string },
): Promise<void> {
  await db
    .insertInto('project_members')
    .values({
      project_id: member.projectId,
      user_id: member.userId,
      role: member.role,
      created_at: member.at,
    })
    .execute();
}

export async function insertFolderIds(db: Db, folderIds: readonly string[]): Promise<void> {
  for (const folder_id of folderIds)
    await db
      .insertInto('folder_ids')
      .values({ folder_id })
      .onConflict((oc) => oc.doNothing())
      .execute();
}
