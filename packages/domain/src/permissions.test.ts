import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  PROJECT_ROLES,
  PROJECT_ROLE_PERMISSIONS,
  SYSTEM_ROLE_PERMISSIONS,
  canSeeAllProjects,
  isExternalUser,
  permissionsOf,
  type Permission,
  type ProjectRole,
} from './permissions.ts';

const EXPORTS: Permission[] = ['exportIdo', 'exportCsv', 'exportPyportalConfig', 'exportShareFilters'];
const set = (ps: readonly Permission[]) => [...new Set(ps)].sort();

describe('permission flags', () => {
  it('are the 30 flags of spec 1 §6', () => {
    expect(PERMISSIONS).toHaveLength(30);
    expect(new Set(PERMISSIONS).size).toBe(30);
  });
  it('list project roles in display order', () => {
    expect(PROJECT_ROLES).toEqual([
      'projectDataOwner',
      'projectAdmin',
      'projectWrite',
      'projectRead',
      'projectViewOnly',
      'projectDataScientist',
      'projectExternal',
      'projectWorkflowUser',
    ]);
  });
});

// One expectation per role, written out from the spec's table rather than derived from the code.
const expected: Record<ProjectRole, Permission[]> = {
  projectAdmin: [
    'annotationsManage',
    'equalizationManage',
    'externalUserManage',
    ...EXPORTS,
    'predictinoWizard',
    'projectMembersManage',
    'projectMembersView',
    'projectSettingsManage',
    'slideDelete',
    'slideDownload',
    'slideMetadataExport',
    'slideMetadataManage',
    'slideUpload',
    'landmarksWrite',
    'annotationsCopy',
    'drcCopy',
    'transferAnnotations',
    'workflowManage',
    'workflowTasks',
  ],
  projectDataOwner: [] /* projectAdmin + slideCopy, filled below */,
  projectWrite: [
    'annotationsManage',
    ...EXPORTS,
    'jobsManage',
    'predictinoWizard',
    'projectMembersView',
    'slideDownload',
    'slideMetadataExport',
    'slideMetadataManage',
    'slideUpload',
    'landmarksWrite',
    'transferAnnotations',
  ],
  projectViewOnly: ['projectMembersView', 'slideMetadataExport', 'exportCsv', 'exportShareFilters'],
  projectRead: [
    ...EXPORTS,
    'projectMembersView',
    'slideMetadataExport',
    'slideDownload',
    'transferAnnotations',
  ],
  projectExternal: [
    'annotationsManage',
    ...EXPORTS,
    'slideMetadataManage',
    'slideMetadataExport',
    'slideUpload',
  ],
  projectDataScientist: ['predictinoWizard', 'projectMembersView'],
  projectWorkflowUser: ['workflowTasks', 'workflowOnlyUI'],
};
expected.projectDataOwner = [...expected.projectAdmin, 'slideCopy'];

describe.each(PROJECT_ROLES)('project role %s', (role) => {
  it('grants exactly the spec table', () => {
    expect(set(PROJECT_ROLE_PERMISSIONS[role])).toEqual(set(expected[role]));
  });
  it('with no system role grants only its own set (home project)', () => {
    expect(set([...permissionsOf({ systemRoles: [], projectRole: role, projectIsHome: true })])).toEqual(
      set(expected[role]),
    );
  });
});

describe('system roles', () => {
  it('systemSuperReader and internalUser: jobsManage, projectCreate, slidesBrowse, userProfile', () => {
    for (const r of ['systemSuperReader', 'internalUser'] as const)
      expect(set(SYSTEM_ROLE_PERMISSIONS[r])).toEqual(
        set(['jobsManage', 'projectCreate', 'slidesBrowse', 'userProfile']),
      );
  });
  it('externalUser: slideMetadataExport and the exports', () => {
    expect(set(SYSTEM_ROLE_PERMISSIONS.externalUser)).toEqual(set(['slideMetadataExport', ...EXPORTS]));
  });
  it('systemSuperUser: nearly everything', () => {
    expect(SYSTEM_ROLE_PERMISSIONS.systemSuperUser.length).toBeGreaterThanOrEqual(29);
  });
  it('portalDataAdmin: no annotationsManage, no slideDownload; assigns data owners, creates, manages settings, copies, deletes', () => {
    const p = new Set(SYSTEM_ROLE_PERMISSIONS.portalDataAdmin);
    expect(p.has('annotationsManage')).toBe(false);
    expect(p.has('slideDownload')).toBe(false);
    for (const f of [
      'assignProjectDataOwner',
      'projectCreate',
      'projectSettingsManage',
      'slideCopy',
      'slideDelete',
    ] as const)
      expect(p.has(f)).toBe(true);
  });
  it('support: broad, but no project settings management and no assignProjectDataOwner', () => {
    const p = new Set(SYSTEM_ROLE_PERMISSIONS.support);
    expect(p.has('projectSettingsManage')).toBe(false);
    expect(p.has('assignProjectDataOwner')).toBe(false);
    expect(p.has('slideDelete')).toBe(true);
  });
});

describe('union rule', () => {
  it('adds every system role set to the project role set', () => {
    const p = permissionsOf({
      systemRoles: ['internalUser', 'externalUser'],
      projectRole: 'projectDataScientist',
    });
    expect(set([...p])).toEqual(
      set([
        'predictinoWizard',
        'projectMembersView',
        'jobsManage',
        'projectCreate',
        'slidesBrowse',
        'userProfile',
        'slideMetadataExport',
        ...EXPORTS,
      ]),
    );
  });
  it('without a project role grants only the system roles', () => {
    expect([...permissionsOf({ systemRoles: [], projectRole: null })]).toEqual([]);
  });
});

describe('home-project exception', () => {
  it('a projectAdmin may copy slides only out of a project that is not the home project', () => {
    expect(
      permissionsOf({ systemRoles: [], projectRole: 'projectAdmin', projectIsHome: false }).has('slideCopy'),
    ).toBe(true);
    expect(
      permissionsOf({ systemRoles: [], projectRole: 'projectAdmin', projectIsHome: true }).has('slideCopy'),
    ).toBe(false);
  });
  it('a data owner may copy from any project', () => {
    expect(
      permissionsOf({ systemRoles: [], projectRole: 'projectDataOwner', projectIsHome: true }).has(
        'slideCopy',
      ),
    ).toBe(true);
  });
});

describe('external user rule', () => {
  it('no system roles, or externalUser among them, counts as external', () => {
    expect(isExternalUser([])).toBe(true);
    expect(isExternalUser(['externalUser'])).toBe(true);
    expect(isExternalUser(['internalUser', 'externalUser'])).toBe(true);
    expect(isExternalUser(['internalUser'])).toBe(false);
  });
  it('administration roles see all projects; internal and external users do not', () => {
    expect(canSeeAllProjects(['systemSuperUser'])).toBe(true);
    expect(canSeeAllProjects(['internalUser'])).toBe(false);
    expect(canSeeAllProjects([])).toBe(false);
  });
});
