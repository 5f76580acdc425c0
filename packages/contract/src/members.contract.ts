/**
 * Project members, the add-members user search, project admins and the role list (spec 1 §3, §5, §7).
 * isExternalUser follows the members rule of spec 1 §5: an e-mail outside the company domain (except
 * the exempt test accounts) is external.
 */
import { z } from 'zod';
import { SafeText } from './text.ts';
import { MEMBERS_BATCH_MAX, PROJECT_ADMINS_LIMIT, SYSTEM_ROLES, USER_SEARCH_LIMIT } from '@tessera/domain';
import { defineRoute, authenticated, projectAnyPermission, projectPermission } from './route.ts';
import { Id, ProjectParams, ProjectRoleSchema } from './projects.contract.ts';

export const ProjectMember = z
  .object({
    userId: Id,
    email: z.string(),
    role: ProjectRoleSchema,
    roleDisplayName: z.string(),
    isExternalUser: z.boolean(),
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof ProjectMember>;

export const RoleInfo = z
  .object({
    role: z.union([ProjectRoleSchema, z.enum(SYSTEM_ROLES)]),
    displayName: z.string(),
    type: z.enum(['Project', 'Global']),
  })
  .meta({ id: 'Role' });
export type RoleInfo = z.infer<typeof RoleInfo>;

export const FoundUser = z
  .object({ userId: Id, email: z.string(), isExternalUser: z.boolean() })
  .meta({ id: 'FoundUser' });
export type FoundUser = z.infer<typeof FoundUser>;

export const MemberParams = z.object({ projectId: Id, userId: Id });

/** A list of distinct user ids, 1 to MEMBERS_BATCH_MAX of them. */
const UserIds = z
  .array(Id)
  .min(1, 'Select at least one user')
  .max(MEMBERS_BATCH_MAX, `At most ${MEMBERS_BATCH_MAX} users at a time`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each user may be listed only once');

/** GET /v1/roles: project roles in display order, then the system roles. */
export const listRoles = defineRoute({
  method: 'GET',
  path: '/v1/roles',
  summary: 'Project roles (in display order) and system roles with their display names',
  tags: ['members'],
  access: authenticated,
  response: z.array(RoleInfo),
});

export const listMembers = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/members',
  summary: 'Members of a project with their roles',
  tags: ['members'],
  access: projectPermission('projectMembersView'),
  params: ProjectParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(1000) }),
  response: z.array(ProjectMember),
});

/** Data owners first, then project admins; any member may ask who manages the project. */
export const listProjectAdmins = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/admins',
  summary: `Up to ${PROJECT_ADMINS_LIMIT} data owners and project admins of a project`,
  tags: ['members'],
  access: projectPermission(null),
  params: ProjectParams,
  response: z.array(ProjectMember),
});

/**
 * Find users for the add-members dialog. Project-scoped so that the guard decides who may search:
 * the people who may add members here (projectMembersManage, or externalUserManage for external users).
 */
export const findUsers = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/user-search',
  summary: `Users whose e-mail contains the search text (at most ${USER_SEARCH_LIMIT})`,
  tags: ['members'],
  access: projectAnyPermission('projectMembersManage', 'externalUserManage'),
  params: ProjectParams,
  query: z.object({ search: SafeText.max(254) }),
  response: z.array(FoundUser),
});

/**
 * Add users with one role, all or nothing. externalUserManage alone lets a user add external users
 * only (checked in the service); the role rules of spec 1 §5 apply to every user.
 */
export const addMembers = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/members',
  summary: 'Add users to a project with one role (all or nothing)',
  tags: ['members'],
  access: projectAnyPermission('projectMembersManage', 'externalUserManage'),
  params: ProjectParams,
  body: z.object({ userIds: UserIds, role: ProjectRoleSchema }).strict(),
  response: z.array(ProjectMember),
  status: 201,
});

/** Role update: projectMembersManage, or externalUserManage when the member is external (service). */
export const updateMemberRole = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId/members/:userId',
  summary: "Change a member's role",
  tags: ['members'],
  access: projectAnyPermission('projectMembersManage', 'externalUserManage'),
  params: MemberParams,
  body: z.object({ role: ProjectRoleSchema }).strict(),
  response: ProjectMember,
});

export const removeMembers = defineRoute({
  method: 'DELETE',
  path: '/v1/projects/:projectId/members',
  summary: 'Remove members from a project (all or nothing)',
  tags: ['members'],
  access: projectPermission('projectMembersManage'),
  params: ProjectParams,
  body: z.object({ userIds: UserIds }).strict(),
  response: z.object({ removedUserIds: z.array(Id) }),
});
