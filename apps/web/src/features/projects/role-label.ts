import { ROLE_DISPLAY_NAMES, type ProjectRole } from '@tessera/domain';

/**
 * The user's role in a project as shown to them. A user who sees a project through a system role
 * only (support, administrators) holds no project role there.
 */
export const projectRoleLabel = (role: ProjectRole | null): string =>
  role ? ROLE_DISPLAY_NAMES[role] : 'No project role';
