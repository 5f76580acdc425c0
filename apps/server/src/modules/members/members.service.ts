/**
 * Project members (spec 1 §5 Members, §7, §8): list, add, change role, remove, find users, project
 * admins and the role list. The role rules live in packages/domain (checkRoleAssignment,
 * canEditMemberRole); this file applies them to every user of a request and keeps each change all or
 * nothing. A project keeps at least one data owner or project admin once it has one, so that someone
 * can still manage it.
 */
import type { members } from '@tessera/contract';
import {
  canEditMemberRole,
  checkMemberChange,
  checkRoleAssignment,
  isExternalEmail,
  isProjectManagerRole,
  isProjectRole,
  MEMBER_MESSAGES,
  PROJECT_ADMINS_LIMIT,
  PROJECT_MANAGER_ROLES,
  PROJECT_ROLES,
  ROLE_DISPLAY_NAMES,
  SYSTEM_ROLES,
  USER_SEARCH_LIMIT,
  USER_SEARCH_MIN_LENGTH,
  type ExternalEmailPolicy,
  type ProjectRole,
} from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import * as q from './members.queries.ts';

type ProjectMember = members.ProjectMember;
type FoundUser = members.FoundUser;
type RoleInfo = members.RoleInfo;

const externalPolicyOf = (ctx: AppContext): ExternalEmailPolicy => ({
  companyDomain: ctx.config.companyDomain,
  exemptEmails: ctx.config.externalExemptEmails,
});

function toMember(ctx: AppContext, row: q.MemberRow & { role: ProjectRole }): ProjectMember {
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    roleDisplayName: ROLE_DISPLAY_NAMES[row.role],
    isExternalUser: isExternalEmail(row.email, externalPolicyOf(ctx)),
  };
}

/** Rows whose role is not a project role (none are written by this module) are left out rather than failing the list. */
const withProjectRole = (rows: q.MemberRow[]) =>
  rows.filter((r): r is q.MemberRow & { role: ProjectRole } => isProjectRole(r.role));

/**
 * The answer to a refused role: giving an internal user the External User role, or an external user a
 * managing role, is never valid (400); the other refusals depend on what the actor holds (403).
 */
function refuseRole(message: string): never {
  if (message === MEMBER_MESSAGES.internalAsExternal || message === MEMBER_MESSAGES.roleNotAllowedForExternal)
    throw badRequest(message);
  throw forbidden(message);
}

export function listRoles(): RoleInfo[] {
  return [
    ...PROJECT_ROLES.map((role) => ({
      role,
      displayName: ROLE_DISPLAY_NAMES[role],
      type: 'Project' as const,
    })),
    ...SYSTEM_ROLES.map((role) => ({ role, displayName: ROLE_DISPLAY_NAMES[role], type: 'Global' as const })),
  ];
}

export async function listMembers(
  ctx: AppContext,
  scope: ProjectScope,
  limit: number,
): Promise<ProjectMember[]> {
  const rows = await q.findMembers(ctx.db, scope.id, { limit });
  return withProjectRole(rows).map((r) => toMember(ctx, r));
}

export async function listProjectAdmins(ctx: AppContext, scope: ProjectScope): Promise<ProjectMember[]> {
  const rows = await q.findMembers(ctx.db, scope.id, {
    limit: PROJECT_ADMINS_LIMIT,
    roles: PROJECT_MANAGER_ROLES,
  });
  return withProjectRole(rows).map((r) => toMember(ctx, r));
}

export async function findUsers(ctx: AppContext, search: string): Promise<FoundUser[]> {
  const text = search.trim();
  if (text.length < USER_SEARCH_MIN_LENGTH) throw badRequest(MEMBER_MESSAGES.searchTooShort);
  const users = await q.searchUsersByEmail(ctx.db, text, USER_SEARCH_LIMIT);
  return users.map((u) => ({
    userId: u.id,
    email: u.email,
    isExternalUser: isExternalEmail(u.email, externalPolicyOf(ctx)),
  }));
}

/**
 * Adds every user with `role`, or none. Holding externalUserManage without projectMembersManage
 * lets an actor add external users only (the access of the route lets either permission in).
 */
export async function addMembers(
  ctx: AppContext,
  actor: Actor,
  scope: ProjectScope,
  input: { userIds: string[]; role: ProjectRole },
): Promise<ProjectMember[]> {
  const users = await q.findUsersByIds(ctx.db, input.userIds);
  const byId = new Map(users.map((u) => [u.id, u]));
  const unknown = input.userIds.filter((id) => !byId.has(id));
  if (unknown.length) throw badRequest(MEMBER_MESSAGES.unknownUsers(unknown));

  const policy = externalPolicyOf(ctx);
  const targets = input.userIds.map((id) => {
    const email = byId.get(id)?.email ?? '';
    return { id, email, isExternal: isExternalEmail(email, policy) };
  });
  const canManageMembers = scope.permissions.has('projectMembersManage');
  if (!canManageMembers && targets.some((t) => !t.isExternal))
    throw forbidden(MEMBER_MESSAGES.internalNeedsMembersManage);
  for (const t of targets) {
    const refused = checkRoleAssignment(scope.permissions, input.role, t.isExternal);
    if (refused) refuseRole(refused);
  }

  const now = nowIso();
  await q.inTransaction(ctx.db, async (tx) => {
    await q.lockProject(tx, scope.id);
    const existing = await q.findMembersByUserIds(tx, scope.id, input.userIds);
    const first = existing[0];
    if (first) throw conflict(MEMBER_MESSAGES.alreadyMember(first.email));
    await q.insertMembers(tx, scope.id, input.userIds, input.role, now);
  });
  for (const t of targets)
    await ctx.audit.record({
      action: 'member.added',
      actorUserId: actor.userId,
      target: t.id,
      details: { projectId: scope.id, role: input.role },
    });
  return targets.map((t) => toMember(ctx, { user_id: t.id, email: t.email, role: input.role }));
}

export async function updateMemberRole(
  ctx: AppContext,
  actor: Actor,
  scope: ProjectScope,
  userId: string,
  role: ProjectRole,
): Promise<ProjectMember> {
  const policy = externalPolicyOf(ctx);
  const changed = await q.inTransaction(ctx.db, async (tx) => {
    await q.lockProject(tx, scope.id);
    const member = withProjectRole(await q.findMembersByUserIds(tx, scope.id, [userId]))[0];
    if (!member) throw notFound(MEMBER_MESSAGES.memberNotFound);
    const isExternal = isExternalEmail(member.email, policy);
    if (!canEditMemberRole(scope.permissions, isExternal)) throw forbidden(MEMBER_MESSAGES.editNotAllowed);
    const refused =
      checkMemberChange(scope.permissions, member.role) ??
      checkRoleAssignment(scope.permissions, role, isExternal);
    if (refused) refuseRole(refused);
    if (member.role === role) return { member, from: role };
    await q.updateMemberRole(tx, scope.id, userId, role);
    await keepAManager(tx, scope.id, [member.role]);
    return { member: { ...member, role }, from: member.role };
  });
  if (changed.from !== role)
    await ctx.audit.record({
      action: 'member.roleChanged',
      actorUserId: actor.userId,
      target: userId,
      details: { projectId: scope.id, from: changed.from, to: role },
    });
  return toMember(ctx, changed.member);
}

export async function removeMembers(
  ctx: AppContext,
  actor: Actor,
  scope: ProjectScope,
  userIds: string[],
): Promise<{ removedUserIds: string[] }> {
  const removed = await q.inTransaction(ctx.db, async (tx) => {
    await q.lockProject(tx, scope.id);
    const members = await q.findMembersByUserIds(tx, scope.id, userIds);
    const found = new Set(members.map((m) => m.user_id));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length) throw notFound(MEMBER_MESSAGES.notMembers(missing));
    for (const m of withProjectRole(members)) {
      const refused = checkMemberChange(scope.permissions, m.role);
      if (refused) throw forbidden(refused);
    }
    await q.deleteMembers(tx, scope.id, userIds);
    await keepAManager(
      tx,
      scope.id,
      members.map((m) => m.role),
    );
    return members;
  });
  for (const m of removed)
    await ctx.audit.record({
      action: 'member.removed',
      actorUserId: actor.userId,
      target: m.user_id,
      details: { projectId: scope.id, role: m.role },
    });
  return { removedUserIds: userIds };
}

/**
 * Inside the transaction, after a change that took away `previousRoles`: refuses (and so rolls back)
 * when a manager was taken away and none is left. A project that had no manager is not held to it.
 */
async function keepAManager(tx: q.Conn, projectId: string, previousRoles: readonly string[]): Promise<void> {
  const tookAManager = previousRoles.some((r) => isProjectRole(r) && isProjectManagerRole(r));
  if (tookAManager && (await q.countManagers(tx, projectId, PROJECT_MANAGER_ROLES)) === 0)
    throw conflict(MEMBER_MESSAGES.lastManager);
}
