/**
 * The role choices of the members screens, from the domain rules (spec 1 §5): what the add dialog
 * offers for the selected users, and what an existing member's role may become.
 */
import {
  assignableRoles,
  canEditMemberRole,
  checkMemberChange,
  checkRoleAssignment,
  PROJECT_ROLES,
  type Permission,
  type ProjectRole,
} from '@tessera/domain';

export interface RoleChoice {
  /** The roles to list, in display order; includes the chosen role even when it is not allowed. */
  options: ProjectRole[];
  /** The role that will be sent. */
  role: ProjectRole;
  /** Role fixed to External User (an external user selected without externalUserManage). */
  isFixed: boolean;
  /** Why the role cannot be given to the selection, or null. */
  error: string | null;
}

/** The add-members role choice for the selected users' external flags and the role the user picked. */
export function addMembersRoleChoice(
  actor: ReadonlySet<Permission>,
  selectedExternal: readonly boolean[],
  picked: ProjectRole,
): RoleChoice {
  const { roles, fixed } = assignableRoles(actor, selectedExternal);
  const role = fixed ? 'projectExternal' : picked;
  const options = PROJECT_ROLES.filter((r) => roles.includes(r) || r === role);
  let error: string | null = null;
  for (const isExternal of selectedExternal) {
    error = checkRoleAssignment(actor, role, isExternal);
    if (error) break;
  }
  return { options, role, isFixed: fixed, error };
}

/** The roles an existing member's role may change to (their current role always listed), or null when not editable. */
export function memberRoleOptions(
  actor: ReadonlySet<Permission>,
  member: { role: ProjectRole; isExternalUser: boolean },
): ProjectRole[] | null {
  if (!canEditMemberRole(actor, member.isExternalUser) || checkMemberChange(actor, member.role)) return null;
  const { roles } = assignableRoles(actor, [member.isExternalUser]);
  const options = PROJECT_ROLES.filter(
    (r) =>
      r === member.role ||
      (roles.includes(r) && checkRoleAssignment(actor, r, member.isExternalUser) === null),
  );
  return options.length > 1 ? options : null;
}

/** Whether the actor may remove this member (deleting needs projectMembersManage; a Data Owner needs assignProjectDataOwner too). */
export function canRemoveMember(actor: ReadonlySet<Permission>, member: { role: ProjectRole }): boolean {
  return actor.has('projectMembersManage') && checkMemberChange(actor, member.role) === null;
}
