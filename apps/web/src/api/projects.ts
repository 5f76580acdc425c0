/** Query hooks of the projects feature (spec 1 §7: create project, update project, folder ids). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projects, type Project } from '@tessera/contract';
import { call } from './client.ts';
import { queryKeys } from './queries.ts';

export type { Project };

/** The projects the user can access, ordered by name (the server's order). */
export const projectsQuery = queryOptions({
  queryKey: queryKeys.projects,
  queryFn: ({ signal }) => call(projects.listProjects, { signal }),
});

export const useProjects = () => useQuery(projectsQuery);

/** Project ids are 24 hex characters; anything else cannot name a project, so it is not asked for. */
export const isProjectId = (id: string | undefined): id is string => !!id && /^[0-9a-f]{24}$/.test(id);

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => call(projects.getProject, { params: { projectId }, signal }),
  });

export function useProject(projectId: string | undefined) {
  return useQuery({ ...projectQuery(projectId ?? ''), enabled: isProjectId(projectId) });
}

export function useFolderIds(enabled = true) {
  return useQuery({
    queryKey: queryKeys.folderIds,
    queryFn: ({ signal }) => call(projects.listFolderIds, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Puts a fresh project into both the list and its own entry, so every screen shows the same values. */
function useStoreProject() {
  const client = useQueryClient();
  return (project: Project) => {
    client.setQueryData(queryKeys.project(project.id), project);
    client.setQueryData<Project[]>(queryKeys.projects, (list) => {
      if (!list) return list;
      const others = list.filter((p) => p.id !== project.id);
      return [...others, project].sort((a, b) => a.name.localeCompare(b.name));
    });
  };
}

export function useCreateProject() {
  const store = useStoreProject();
  return useMutation({
    mutationFn: (body: { name: string; summary: string }) => call(projects.createProject, { body }),
    onSuccess: store,
  });
}

export type ProjectChanges = { name?: string; summary?: string; folderId?: string; isHome?: boolean };

export function useUpdateProject(projectId: string) {
  const store = useStoreProject();
  return useMutation({
    mutationFn: (body: ProjectChanges) => call(projects.updateProject, { params: { projectId }, body }),
    onSuccess: store,
  });
}
