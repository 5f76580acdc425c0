/**
 * Roles and permissions of spec 1 §6: the single table both server and web read.
 * The server enforces it on every route; the web only mirrors it to hide what a user cannot do.
 */

/** The 30 permission flags, in the spec's order. Every flag defaults to false. */
export const PERMISSIONS = [
  'annotationsManage',
  'assignProjectDataOwner',
  'equalizationManage',
  'externalUserManage',
  'exportIdo',
  'exportCsv',
  'exportPyportalConfig',
  'exportShareFilters',
  'jobsManage',
  'predictinoWizard',
  'projectCreate',
  'projectMembersManage',
  'projectMembersView',
  'projectSettingsManage',
  'projectSettingsSetIsHome',
  'slideCopy',
  'slideDelete',
  'slideDownload',
  'slideMetadataExport',
  'slideMetadataManage',
  'slidesBrowse',
  'slideUpload',
  'userProfile',
  'transferAnnotations',
  'landmarksWrite',
  'annotationsCopy',
  'drcCopy',
  'workflowManage',
  'workflowTasks',
  'workflowOnlyUI',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Project roles in the spec's display order. */
export const PROJECT_ROLES = [
  'projectDataOwner',
  'projectAdmin',
  'projectWrite',
  'projectRead',
  'projectViewOnly',
  'projectDataScientist',
  'projectExternal',
  'projectWorkflowUser',
] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const SYSTEM_ROLES = [
  'systemSuperUser',
  'systemSuperReader',
  'portalDataAdmin',
  'support',
  'internalUser',
  'externalUser',
] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export type Role = ProjectRole | SystemRole;

/** "exports" in the spec's role table: the four export flags (slideMetadataExport is listed apart). */
const EXPORTS = ['exportIdo', 'exportCsv', 'exportPyportalConfig', 'exportShareFilters'] as const;

const allBut = (...excluded: Permission[]): Permission[] => PERMISSIONS.filter((p) => !excluded.includes(p));

const PROJECT_ADMIN: Permission[] = [
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
];

export const PROJECT_ROLE_PERMISSIONS: Record<ProjectRole, readonly Permission[]> = {
  projectDataOwner: [...PROJECT_ADMIN, 'slideCopy'],
  projectAdmin: PROJECT_ADMIN,
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
  projectRead: [
    ...EXPORTS,
    'projectMembersView',
    'slideMetadataExport',
    'slideDownload',
    'transferAnnotations',
  ],
  projectViewOnly: ['projectMembersView', 'slideMetadataExport', 'exportCsv', 'exportShareFilters'],
  projectDataScientist: ['predictinoWizard', 'projectMembersView'],
  projectExternal: [
    'annotationsManage',
    ...EXPORTS,
    'slideMetadataManage',
    'slideMetadataExport',
    'slideUpload',
  ],
  projectWorkflowUser: ['workflowTasks', 'workflowOnlyUI'],
};

/**
 * System roles. The spec gives two exactly (systemSuperReader, internalUser, externalUser) and describes
 * the others by what they lack; those sets are this project's reading of it (docs/architecture.md).
 * workflowOnlyUI restricts the interface, so no broad role carries it.
 */
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRole, readonly Permission[]> = {
  systemSuperUser: allBut('workflowOnlyUI'),
  systemSuperReader: ['jobsManage', 'projectCreate', 'slidesBrowse', 'userProfile'],
  portalDataAdmin: allBut('annotationsManage', 'slideDownload', 'workflowOnlyUI'),
  support: allBut(
    'projectSettingsManage',
    'projectSettingsSetIsHome',
    'assignProjectDataOwner',
    'workflowOnlyUI',
  ),
  internalUser: ['jobsManage', 'projectCreate', 'slidesBrowse', 'userProfile'],
  externalUser: ['slideMetadataExport', ...EXPORTS],
};

/** System roles that see every project without being a member (administration and support work). */
const ALL_PROJECTS_ROLES: readonly SystemRole[] = ['systemSuperUser', 'portalDataAdmin', 'support'];

export const ROLE_DISPLAY_NAMES: Record<Role, string> = {
  projectDataOwner: 'Data Owner',
  projectAdmin: 'Project Admin',
  projectWrite: 'Write',
  projectRead: 'Read',
  projectViewOnly: 'View Only',
  projectDataScientist: 'Data Scientist',
  projectExternal: 'External User',
  projectWorkflowUser: 'Workflow User',
  systemSuperUser: 'Super User',
  systemSuperReader: 'Super Reader',
  portalDataAdmin: 'Portal Data Admin',
  support: 'Support',
  internalUser: 'Internal User',
  externalUser: 'External User',
};

export interface PermissionContext {
  systemRoles: readonly SystemRole[];
  /** The user's role in the project at hand; null outside a project or when not a member. */
  projectRole: ProjectRole | null;
  /** Whether the project at hand is the user's home project (isHome); matters for slide copy only. */
  projectIsHome?: boolean;
}

/**
 * A user's permissions: the union of the project role's set and the sets of every system role.
 * Home-project exception (spec 1 §6): a projectAdmin may copy slides out of a project that is not a
 * home project.
 */
export function permissionsOf(ctx: PermissionContext): Set<Permission> {
  const granted = new Set<Permission>();
  if (ctx.projectRole) for (const p of PROJECT_ROLE_PERMISSIONS[ctx.projectRole]) granted.add(p);
  for (const role of ctx.systemRoles) for (const p of SYSTEM_ROLE_PERMISSIONS[role]) granted.add(p);
  if (ctx.projectRole === 'projectAdmin' && ctx.projectIsHome === false) granted.add('slideCopy');
  return granted;
}

export function hasPermission(ctx: PermissionContext, permission: Permission): boolean {
  return permissionsOf(ctx).has(permission);
}

/** A user counts as external if they have no system roles or the list includes externalUser. */
export function isExternalUser(systemRoles: readonly SystemRole[]): boolean {
  return systemRoles.length === 0 || systemRoles.includes('externalUser');
}

/** Whether a user sees every project, member or not. */
export function canSeeAllProjects(systemRoles: readonly SystemRole[]): boolean {
  return systemRoles.some((r) => ALL_PROJECTS_ROLES.includes(r));
}

export const isProjectRole = (v: string): v is ProjectRole =>
  (PROJECT_ROLES as readonly string[]).includes(v);
export const isSystemRole = (v: string): v is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(v);
