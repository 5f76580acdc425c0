/**
 * The projects the copy wizard offers as targets: every other project the user sees where they may add
 * slides (canCopySlidesInto), each with what they may do there, so the annotation checkbox follows the
 * chosen target. The server checks the same again.
 */
import { canCopySlidesInto, permissionsOf, type Permission, type SystemRole } from '@tessera/domain';
import type { Project } from '@tessera/contract';

export interface CopyTarget {
  id: string;
  name: string;
  permissions: ReadonlySet<Permission>;
}

export function copyTargetsOf(
  projects: readonly Project[],
  systemRoles: readonly SystemRole[],
  sourceProjectId: string,
): CopyTarget[] {
  return projects.flatMap((project) => {
    if (project.id === sourceProjectId) return [];
    const permissions = permissionsOf({
      systemRoles,
      projectRole: project.role,
      projectIsHome: project.isHome,
    });
    return canCopySlidesInto(permissions) ? [{ id: project.id, name: project.name, permissions }] : [];
  });
}
