/** Member-management rules of spec 1 §5 (Members). */
import {
  PROJECT_ROLES,
  permissionsOf,
  PROJECT_ROLE_PERMISSIONS,
  type Permission,
  type ProjectRole,
} from './permissions.ts';

export const MEMBER_MESSAGES = {
  internalAsExternal: 'Internal users cannot be assigned the role of External User',
  addFailed: (last: string) => `Failed to add members to project - ${last}`,
  deleteFailed: 'Unable to delete some of the project members',
  updateFailed: (message: string) => `Unable to update project member: ${message}`,
  loadUsersFailed: (message: string) => `Load users failed: ${message}`,
  dataOwnerNotAllowed: 'You are not allowed to assign the Data Owner role',
  // Ours: the spec guards assigning the role; changing or removing a Data Owner takes the same right.
  dataOwnerChangeNotAllowed: 'You are not allowed to change or remove a Data Owner',
  externalRoleFixed: 'External users can only be assigned the role of External User',
  roleNotAllowedForExternal: 'External users cannot be project admins or data owners',
  // The server's own answers (the spec gives only the client's wrappers above).
  alreadyMember: (email: string) => `${email} is already a member of this project`,
  unknownUsers: (ids: readonly string[]) => `Unknown user: ${ids.join(', ')}`,
  notMembers: (ids: readonly string[]) => `Not a member of this project: ${ids.join(', ')}`,
  memberNotFound: 'Project member not found',
  lastManager: 'A project must keep at least one Data Owner or Project Admin',
  internalNeedsMembersManage: 'You can only manage external users in this project',
  editNotAllowed: 'You are not allowed to change the role of this member',
  searchTooShort: 'Enter at least 2 characters to search',
} as const;

export const PROJECT_ADMINS_LIMIT = 10;
/** Users found by one search of the add-members dialog. */
export const USER_SEARCH_LIMIT = 20;
export const USER_SEARCH_MIN_LENGTH = 2;
/** Users added or removed in one call. */
export const MEMBERS_BATCH_MAX = 100;

/**
 * The roles that manage a project ("project admins" in spec 1 §7): a project keeps at least one
 * member holding one of them, so someone can still manage its members.
 */
export const PROJECT_MANAGER_ROLES: readonly ProjectRole[] = ['projectDataOwner', 'projectAdmin'];
export const isProjectManagerRole = (role: ProjectRole): boolean => PROJECT_MANAGER_ROLES.includes(role);

export interface ExternalEmailPolicy {
  /** The company e-mail domain, e.g. "example.com"; users outside it count as external. */
  companyDomain: string;
  /** Accounts exempt from the rule (the spec's "two test accounts"), compared case-insensitively. */
  exemptEmails: readonly string[];
}

/** An e-mail not ending in the company domain (excluding the exempt accounts) counts as external. */
export function isExternalEmail(email: string, policy: ExternalEmailPolicy): boolean {
  const e = email.trim().toLowerCase();
  if (policy.exemptEmails.some((x) => x.trim().toLowerCase() === e)) return false;
  // Matched after the '@' so that "evil-example.com" or "example.com.evil.org" never pass as the company.
  const domain = policy.companyDomain.trim().toLowerCase().replace(/^@/, '');
  return domain === '' || !e.endsWith('@' + domain);
}

/**
 * The roles the acting user may offer when adding the selected users (spec 1 §5):
 * - without assignProjectDataOwner the data owner role is not offered;
 * - projectExternal only when all selected users are external;
 * - any external user selected and no externalUserManage: the role is fixed to projectExternal;
 * - with externalUserManage, projectAdmin and projectDataOwner are excluded for external users.
 */
export function assignableRoles(
  actor: ReadonlySet<Permission>,
  selectedExternal: readonly boolean[],
): {
  roles: ProjectRole[];
  fixed: boolean;
} {
  const anyExternal = selectedExternal.some(Boolean);
  const allExternal = selectedExternal.length > 0 && selectedExternal.every(Boolean);
  if (anyExternal && !actor.has('externalUserManage')) return { roles: ['projectExternal'], fixed: true };
  const roles = PROJECT_ROLES.filter((role) => {
    if (role === 'projectDataOwner' && !actor.has('assignProjectDataOwner')) return false;
    if (role === 'projectExternal' && !allExternal) return false;
    if (anyExternal && (role === 'projectAdmin' || role === 'projectDataOwner')) return false;
    return true;
  });
  return { roles, fixed: false };
}

/** The message refusing `role` for a user, or null when the actor may give it. */
export function checkRoleAssignment(
  actor: ReadonlySet<Permission>,
  role: ProjectRole,
  targetIsExternal: boolean,
): string | null {
  if (!targetIsExternal && role === 'projectExternal') return MEMBER_MESSAGES.internalAsExternal;
  if (role === 'projectDataOwner' && !actor.has('assignProjectDataOwner'))
    return MEMBER_MESSAGES.dataOwnerNotAllowed;
  if (targetIsExternal && !actor.has('externalUserManage') && role !== 'projectExternal')
    return MEMBER_MESSAGES.externalRoleFixed;
  if (targetIsExternal && (role === 'projectAdmin' || role === 'projectDataOwner'))
    return MEMBER_MESSAGES.roleNotAllowedForExternal;
  return null;
}

/** Existing members' roles are editable with projectMembersManage, or for an external member with externalUserManage. */
export function canEditMemberRole(actor: ReadonlySet<Permission>, memberIsExternal: boolean): boolean {
  return actor.has('projectMembersManage') || (memberIsExternal && actor.has('externalUserManage'));
}

/**
 * The message refusing to change the role of, or remove, a member who now holds `currentRole`, or null.
 * A role protected when it is assigned (Data Owner: assignProjectDataOwner) is protected when it is
 * taken away too (DESIGN §14), else a project admin could demote the owner they may not appoint.
 */
export function checkMemberChange(actor: ReadonlySet<Permission>, currentRole: ProjectRole): string | null {
  if (currentRole === 'projectDataOwner' && !actor.has('assignProjectDataOwner'))
    return MEMBER_MESSAGES.dataOwnerChangeNotAllowed;
  return null;
}

/** Only roles carrying workflowTasks can be chosen as workflow users. */
export function isWorkflowUserRole(role: ProjectRole): boolean {
  return PROJECT_ROLE_PERMISSIONS[role].includes('workflowTasks');
}

export { permissionsOf };
