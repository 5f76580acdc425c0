/**
 * What the signed-in user may do, mirrored from the domain table (the server enforces it anyway; the
 * web only hides what a user cannot do). Global permissions come with /v1/me; a project's permissions
 * are the union of the user's role there and their system roles (spec 1 §6).
 */
import { useMemo } from 'react';
import { permissionsOf, type Permission } from '@tessera/domain';
import type { Project } from '@tessera/contract';
import { useAuth } from './auth.tsx';

const NONE: ReadonlySet<Permission> = new Set();

export function useGlobalPermissions(): ReadonlySet<Permission> {
  const { me } = useAuth();
  return useMemo(() => (me ? new Set<Permission>(me.permissions) : NONE), [me]);
}

export function useProjectPermissions(project: Project | undefined): ReadonlySet<Permission> {
  const { me } = useAuth();
  return useMemo(() => {
    if (!me || !project) return NONE;
    return permissionsOf({
      systemRoles: me.systemRoles,
      projectRole: project.role,
      projectIsHome: project.isHome,
    });
  }, [me, project]);
}
