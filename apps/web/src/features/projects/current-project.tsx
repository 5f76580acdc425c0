/** The project of the current /projects/{projectId}/… route and what the user may do in it. */
import { createContext, useContext } from 'react';
import type { Project } from '@tessera/contract';
import type { Permission } from '@tessera/domain';

export interface CurrentProject {
  project: Project;
  permissions: ReadonlySet<Permission>;
}

export const CurrentProjectContext = createContext<CurrentProject | null>(null);

export function useCurrentProject(): CurrentProject {
  const current = useContext(CurrentProjectContext);
  if (!current) throw new Error('useCurrentProject must be used under a project route');
  return current;
}
