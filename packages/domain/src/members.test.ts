import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assignableRoles,
  canEditMemberRole,
  checkRoleAssignment,
  isExternalEmail,
  isProjectManagerRole,
  isWorkflowUserRole,
  MEMBER_MESSAGES,
  PROJECT_ADMINS_LIMIT,
} from './members.ts';
import { PERMISSIONS, PROJECT_ROLES, type Permission, type ProjectRole } from './permissions.ts';

const perms = (...ps: Permission[]) => new Set<Permission>(ps);
const ALL_BUT_DATA_OWNER = PROJECT_ROLES.filter((r) => r !== 'projectDataOwner');

describe('isExternalEmail', () => {
  const policy = {
    companyDomain: 'tessera.test',
    exemptEmails: ['qa.one@partner.org', 'QA.Two@Partner.org'],
  };

  it.each([
    ['ann@tessera.test', false],
    [' Ann@Tessera.TEST ', false],
    ['ann@partner.org', true],
    ['ann@sub.tessera.test', true],
    ['ann@evil-tessera.test', true],
    ['ann@tessera.test.evil.org', true],
    ['tessera.test@evil.org', true],
    ['', true],
    ['qa.one@partner.org', false],
    ['QA.ONE@partner.org', false],
    ['qa.two@partner.org', false],
    ['qa.three@partner.org', true],
  ])('%j is external: %s', (email, external) => {
    expect(isExternalEmail(email, policy)).toBe(external);
  });

  it('reads the company domain case-insensitively and with or without a leading @', () => {
    expect(isExternalEmail('ann@tessera.test', { companyDomain: '@Tessera.Test', exemptEmails: [] })).toBe(
      false,
    );
  });

  it('counts everyone as external when no company domain is configured', () => {
    expect(isExternalEmail('ann@tessera.test', { companyDomain: '', exemptEmails: [] })).toBe(true);
    expect(isExternalEmail('ann@', { companyDomain: ' ', exemptEmails: [] })).toBe(true);
  });
});

describe('assignableRoles (the add-members role selector)', () => {
  it('internal users only: every role but External User, and the data owner only with assignProjectDataOwner', () => {
    expect(assignableRoles(perms('projectMembersManage'), [false, false])).toEqual({
      roles: ALL_BUT_DATA_OWNER.filter((r) => r !== 'projectExternal'),
      fixed: false,
    });
    expect(assignableRoles(perms('projectMembersManage', 'assignProjectDataOwner'), [false])).toEqual({
      roles: PROJECT_ROLES.filter((r) => r !== 'projectExternal'),
      fixed: false,
    });
  });

  it('any external user and no externalUserManage: fixed to External User', () => {
    for (const selection of [[true], [true, true], [false, true], [true, false, false]])
      expect(assignableRoles(perms('projectMembersManage', 'assignProjectDataOwner'), selection)).toEqual({
        roles: ['projectExternal'],
        fixed: true,
      });
  });

  it('all external with externalUserManage: External User offered, admin and data owner not', () => {
    expect(assignableRoles(perms('externalUserManage', 'assignProjectDataOwner'), [true, true])).toEqual({
      roles: [
        'projectWrite',
        'projectRead',
        'projectViewOnly',
        'projectDataScientist',
        'projectExternal',
        'projectWorkflowUser',
      ],
      fixed: false,
    });
  });

  it('mixed with externalUserManage: neither External User nor admin nor data owner', () => {
    expect(assignableRoles(perms('externalUserManage', 'assignProjectDataOwner'), [true, false])).toEqual({
      roles: [
        'projectWrite',
        'projectRead',
        'projectViewOnly',
        'projectDataScientist',
        'projectWorkflowUser',
      ],
      fixed: false,
    });
  });

  it('nobody selected yet: no External User (not all selected users are external)', () => {
    expect(assignableRoles(perms(), []).roles).not.toContain('projectExternal');
    expect(assignableRoles(perms(), []).fixed).toBe(false);
  });

  it('keeps the display order', () => {
    const { roles } = assignableRoles(perms(...PERMISSIONS), [false]);
    expect(roles).toEqual(PROJECT_ROLES.filter((r) => roles.includes(r)));
  });
});

describe('checkRoleAssignment', () => {
  it.each<[string, Permission[], ProjectRole, boolean, string | null]>([
    [
      'internal user as External User',
      ['externalUserManage', 'assignProjectDataOwner'],
      'projectExternal',
      false,
      MEMBER_MESSAGES.internalAsExternal,
    ],
    ['internal user as Write', [], 'projectWrite', false, null],
    [
      'data owner without assignProjectDataOwner',
      ['projectMembersManage'],
      'projectDataOwner',
      false,
      MEMBER_MESSAGES.dataOwnerNotAllowed,
    ],
    ['data owner with assignProjectDataOwner', ['assignProjectDataOwner'], 'projectDataOwner', false, null],
    [
      'external user as Read without externalUserManage',
      ['projectMembersManage'],
      'projectRead',
      true,
      MEMBER_MESSAGES.externalRoleFixed,
    ],
    ['external user as External User without externalUserManage', [], 'projectExternal', true, null],
    ['external user as Read with externalUserManage', ['externalUserManage'], 'projectRead', true, null],
    [
      'external user as admin with externalUserManage',
      ['externalUserManage'],
      'projectAdmin',
      true,
      MEMBER_MESSAGES.roleNotAllowedForExternal,
    ],
    [
      'external user as data owner with both',
      ['externalUserManage', 'assignProjectDataOwner'],
      'projectDataOwner',
      true,
      MEMBER_MESSAGES.roleNotAllowedForExternal,
    ],
  ])('%s → %j', (_name, actor, role, external, message) => {
    expect(checkRoleAssignment(perms(...actor), role, external)).toBe(message);
  });

  it('has the spec message for the internal user given External User', () => {
    expect(MEMBER_MESSAGES.internalAsExternal).toBe(
      'Internal users cannot be assigned the role of External User',
    );
  });

  // The selector and the server's check are one rule seen from two sides: a role is offered exactly when
  // every selected user may be given it, except that without externalUserManage a mixed selection is fixed
  // to External User, which the check then refuses for the internal users (the spec's error message).
  it('agrees with assignableRoles for every actor and selection', () => {
    fc.assert(
      fc.property(
        fc.subarray(['assignProjectDataOwner', 'externalUserManage', 'projectMembersManage'] as Permission[]),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        (held, selection) => {
          const actor = perms(...held);
          const { roles, fixed } = assignableRoles(actor, selection);
          const mixedAndFixed = fixed && selection.some((e) => !e);
          for (const role of PROJECT_ROLES) {
            const allowedForAll = selection.every(
              (external) => checkRoleAssignment(actor, role, external) === null,
            );
            if (mixedAndFixed) expect(allowedForAll).toBe(false);
            else expect(roles.includes(role)).toBe(allowedForAll);
          }
        },
      ),
    );
  });
});

describe('canEditMemberRole', () => {
  it.each<[Permission[], boolean, boolean]>([
    [['projectMembersManage'], false, true],
    [['projectMembersManage'], true, true],
    [['externalUserManage'], true, true],
    [['externalUserManage'], false, false],
    [['projectMembersView'], true, false],
    [[], false, false],
  ])('with %j, member external %s → %s', (held, external, editable) => {
    expect(canEditMemberRole(perms(...held), external)).toBe(editable);
  });
});

describe('workflow users and managers', () => {
  it('only roles carrying workflowTasks can be workflow users', () => {
    expect(PROJECT_ROLES.filter(isWorkflowUserRole)).toEqual([
      'projectDataOwner',
      'projectAdmin',
      'projectWorkflowUser',
    ]);
  });
  it('data owners and project admins manage a project; at most 10 are listed', () => {
    expect(PROJECT_ROLES.filter(isProjectManagerRole)).toEqual(['projectDataOwner', 'projectAdmin']);
    expect(PROJECT_ADMINS_LIMIT).toBe(10);
  });
});

describe('member messages of spec 1 §8', () => {
  it('wrap the last error the way the spec words them', () => {
    expect(MEMBER_MESSAGES.addFailed('boom')).toBe('Failed to add members to project - boom');
    expect(MEMBER_MESSAGES.deleteFailed).toBe('Unable to delete some of the project members');
    expect(MEMBER_MESSAGES.updateFailed('boom')).toBe('Unable to update project member: boom');
    expect(MEMBER_MESSAGES.loadUsersFailed('boom')).toBe('Load users failed: boom');
  });
});
