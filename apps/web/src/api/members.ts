/** Query hooks of project members (spec 1 §7: members list, add, update role, remove, find users, admins). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { members, type RouteInput } from '@tessera/contract';
import type { ProjectRole } from '@tessera/domain';
import { PROJECT_ADMINS_LIMIT, USER_SEARCH_MIN_LENGTH } from '@tessera/domain';
import { call } from './client.ts';
import { queryKeys } from './queries.ts';

export type ProjectMember = import('@tessera/contract').members.ProjectMember;
export type FoundUser = import('@tessera/contract').members.FoundUser;

export function useMembers(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.members(projectId),
    queryFn: ({ signal }) => call(members.listMembers, { params: { projectId }, query: {}, signal }),
    enabled,
  });
}

/** Data owners and project admins, at most PROJECT_ADMINS_LIMIT (the server caps it too). */
export function useProjectAdmins(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projectAdmins(projectId),
    queryFn: async ({ signal }) =>
      (await call(members.listProjectAdmins, { params: { projectId }, signal })).slice(
        0,
        PROJECT_ADMINS_LIMIT,
      ),
  });
}

/** Users whose e-mail contains `search`; asked only once the text is long enough to mean something. */
export function useUserSearch(projectId: string, search: string, enabled: boolean) {
  const text = search.trim();
  return useQuery({
    queryKey: queryKeys.userSearch(projectId, text),
    queryFn: ({ signal }) =>
      call(members.findUsers, { params: { projectId }, query: { search: text }, signal }),
    enabled: enabled && text.length >= USER_SEARCH_MIN_LENGTH,
    staleTime: 10_000,
    retry: false,
  });
}

/** After any change the member list and the admins list are read again from the server. */
function useRefreshMembers(projectId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.members(projectId) }),
      client.invalidateQueries({ queryKey: queryKeys.projectAdmins(projectId) }),
    ]);
}

export function useAddMembers(projectId: string) {
  const refresh = useRefreshMembers(projectId);
  return useMutation({
    mutationFn: (body: RouteInput<typeof members.addMembers, 'body'>) =>
      call(members.addMembers, { params: { projectId }, body }),
    onSettled: refresh,
  });
}

export function useUpdateMemberRole(projectId: string) {
  const refresh = useRefreshMembers(projectId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProjectRole }) =>
      call(members.updateMemberRole, { params: { projectId, userId }, body: { role } }),
    onSettled: refresh,
  });
}

export function useRemoveMembers(projectId: string) {
  const refresh = useRefreshMembers(projectId);
  return useMutation({
    mutationFn: (userIds: string[]) =>
      call(members.removeMembers, { params: { projectId }, body: { userIds } }),
    onSettled: refresh,
  });
}
