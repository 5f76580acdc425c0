/**
 * A caller's standing in a project: whether they see it and what they may do there (the permission table
 * of packages/domain). The guard resolves it for every project route; services ask it for a project
 * named otherwise than by the route (an upload's metadata).
 */
import { ERROR_CODES } from '@tessera/contract';
import {
  canSeeAllProjects,
  isProjectRole,
  permissionsOf,
  PROJECT_MESSAGES,
  type Permission,
  type ProjectRole,
  type SystemRole,
} from '@tessera/domain';
import type { Db } from './db/database.ts';
import { notFound } from './errors.ts';
import { findProjectStanding } from './project-scope.queries.ts';

/** The actor's standing in a project; 404 'Project could not be found' when it does not exist or is not visible. */
export async function resolveProjectScope(
  db: Db,
  userId: string,
  systemRoles: SystemRole[],
  projectId: string,
) {
  const row = await findProjectStanding.first(db, { projectId, userId });
  const role = row?.role && isProjectRole(row.role) ? row.role : null;
  if (!row || (!role && !canSeeAllProjects(systemRoles)))
    throw notFound(PROJECT_MESSAGES.notFound, ERROR_CODES.projectNotFound);
  const isHome = row.is_home === 1;
  return { id: row.id, isHome, role, permissions: projectPermissions(systemRoles, role, isHome) };
}

/** Permission sets by what decides them: a handful of combinations, asked for on every project request. */
const permissionSets = new Map<string, ReadonlySet<Permission>>();

function projectPermissions(
  systemRoles: SystemRole[],
  role: ProjectRole | null,
  isHome: boolean,
): ReadonlySet<Permission> {
  const key = `${systemRoles.join(',')}|${role ?? ''}|${isHome}`;
  let permissions = permissionSets.get(key);
  if (!permissions)
    permissionSets.set(
      key,
      (permissions = permissionsOf({ systemRoles, projectRole: role, projectIsHome: isHome })),
    );
  return permissions;
}
