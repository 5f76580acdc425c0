/** SQL of project members and the user search. Only this file (and db/) talks to project_members here. */
import { sql } from 'kysely';
import type { ProjectRole } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { isSqlite } from '../../db/dialect.ts';

export interface MemberRow {
  user_id: string;
  email: string;
  role: string;
}

/** Any of Db or a transaction on it (Kysely's Transaction extends Kysely). */
export type Conn = Db;

export async function findMembers(
  db: Conn,
  projectId: string,
  opts: { limit: number; roles?: readonly ProjectRole[] },
): Promise<MemberRow[]> {
  let q = db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['project_members.user_id', 'users.email', 'project_members.role'])
    .where('project_members.project_id', '=', projectId);
  if (opts.roles) q = q.where('project_members.role', 'in', [...opts.roles]);
  // Data owners, then project admins, then everyone else; by e-mail within each (the admins list relies on it).
  return q
    .orderBy(
      sql`case project_members.role when 'projectDataOwner' then 0 when 'projectAdmin' then 1 else 2 end`,
    )
    .orderBy('users.email')
    .limit(opts.limit)
    .execute();
}

export async function findMembersByUserIds(
  db: Conn,
  projectId: string,
  userIds: readonly string[],
): Promise<MemberRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['project_members.user_id', 'users.email', 'project_members.role'])
    .where('project_members.project_id', '=', projectId)
    .where('project_members.user_id', 'in', [...userIds])
    .execute();
}

export async function findUsersByIds(
  db: Conn,
  userIds: readonly string[],
): Promise<{ id: string; email: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...userIds])
    .execute();
}

/** Users whose e-mail contains `text` (case-insensitive, LIKE wildcards in `text` taken literally). */
export async function searchUsersByEmail(
  db: Conn,
  text: string,
  limit: number,
): Promise<{ id: string; email: string }[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql<boolean>`lower(email) like ${pattern} escape '\\'`)
    .orderBy('email')
    .limit(limit)
    .execute();
}

/**
 * Locks the project row for the rest of the transaction (PostgreSQL), so that two concurrent changes
 * cannot each remove a different last manager. SQLite runs one write transaction at a time already.
 */
export async function lockProject(tx: Conn, projectId: string): Promise<void> {
  const q = tx.selectFrom('projects').select('id').where('id', '=', projectId);
  await (isSqlite(tx) ? q : q.forUpdate()).execute();
}

export async function countManagers(
  tx: Conn,
  projectId: string,
  managerRoles: readonly ProjectRole[],
): Promise<number> {
  const row = await tx
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('role', 'in', [...managerRoles])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertMembers(
  tx: Conn,
  projectId: string,
  userIds: readonly string[],
  role: ProjectRole,
  now: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insertInto('project_members')
    .values(userIds.map((userId) => ({ project_id: projectId, user_id: userId, role, created_at: now })))
    .execute();
}

export async function updateMemberRole(
  tx: Conn,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<void> {
  await tx
    .updateTable('project_members')
    .set({ role })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembers(tx: Conn, projectId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** Runs `work` in one transaction: every member change here is all or nothing. */
export function inTransaction<T>(db: Db, work: (tx: Conn) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
