import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, PROJECT_ROLE_PERMISSIONS, permissionsOf, type Permission } from '@tessera/domain';
import { addMembersRoleChoice, canRemoveMember, memberRoleOptions } from './member-roles.ts';

const admin = permissionsOf({ systemRoles: ['internalUser'], projectRole: 'projectAdmin' });
const dataOwnerAssigner = new Set<Permission>([...admin, 'assignProjectDataOwner']);
const managerWithoutExternal = new Set<Permission>(
  PROJECT_ROLE_PERMISSIONS.projectAdmin.filter((p) => p !== 'externalUserManage'),
);

describe('add members role choice', () => {
  it('offers internal roles for internal users, without data owner unless allowed', () => {
    const choice = addMembersRoleChoice(admin, [false, false], 'projectRead');
    expect(choice.options).not.toContain('projectDataOwner');
    expect(choice.options).not.toContain('projectExternal');
    expect(choice.error).toBeNull();
    expect(addMembersRoleChoice(dataOwnerAssigner, [false], 'projectRead').options).toContain(
      'projectDataOwner',
    );
  });

  it('fixes the role to External User when an external user is selected without externalUserManage', () => {
    const choice = addMembersRoleChoice(managerWithoutExternal, [false, true], 'projectWrite');
    expect(choice).toMatchObject({ role: 'projectExternal', isFixed: true, options: ['projectExternal'] });
    // The internal user in the selection cannot take that role.
    expect(choice.error).toBe(MEMBER_MESSAGES.internalAsExternal);
  });

  it('refuses External User for internal users once an internal user joins the selection', () => {
    expect(addMembersRoleChoice(admin, [true], 'projectExternal').error).toBeNull();
    const mixed = addMembersRoleChoice(admin, [true, false], 'projectExternal');
    expect(mixed.error).toBe(MEMBER_MESSAGES.internalAsExternal);
    expect(mixed.options).toContain('projectExternal');
  });

  it('excludes admin roles for external users with externalUserManage', () => {
    const choice = addMembersRoleChoice(dataOwnerAssigner, [true], 'projectRead');
    expect(choice.options).not.toContain('projectAdmin');
    expect(choice.options).not.toContain('projectDataOwner');
    expect(choice.options).toContain('projectExternal');
  });
});

describe('existing member role options', () => {
  it('is not editable without projectMembersManage (unless external with externalUserManage)', () => {
    const viewer = permissionsOf({ systemRoles: ['internalUser'], projectRole: 'projectRead' });
    expect(memberRoleOptions(viewer, { role: 'projectRead', isExternalUser: false })).toBeNull();
    const externalManager = new Set<Permission>(['externalUserManage']);
    expect(memberRoleOptions(externalManager, { role: 'projectExternal', isExternalUser: true })).toContain(
      'projectRead',
    );
    expect(memberRoleOptions(externalManager, { role: 'projectRead', isExternalUser: false })).toBeNull();
  });

  it('keeps the current role and never offers External User to an internal member', () => {
    const options = memberRoleOptions(admin, { role: 'projectWrite', isExternalUser: false });
    expect(options).toContain('projectWrite');
    expect(options).not.toContain('projectExternal');
  });
});

describe('a Data Owner', () => {
  it('keeps their role and membership unless the actor may assign Data Owners', () => {
    const owner = { role: 'projectDataOwner' as const, isExternalUser: false };
    expect(memberRoleOptions(admin, owner)).toBeNull();
    expect(canRemoveMember(admin, owner)).toBe(false);
    expect(memberRoleOptions(dataOwnerAssigner, owner)).toContain('projectAdmin');
    expect(canRemoveMember(dataOwnerAssigner, owner)).toBe(true);
    expect(canRemoveMember(admin, { role: 'projectWrite' })).toBe(true);
  });
});
