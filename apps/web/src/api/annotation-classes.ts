/**
 * A project's annotation classes (spec 1 §7 "After login, fetched": freehandClasses and cmaClasses;
 * spec 2 §3): read by every member, replaced as a whole by holders of projectSettingsManage. The saved
 * list replaces the cached one, so the viewer's tools see the new classes at once.
 */
import { useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnotationClass } from '@tessera/domain';
import { annotations } from '@tessera/contract';
import { call } from './client.ts';
import { queryKeys } from './queries.ts';

/** Spec 1 §8: what a failed read of the classes says. */
export const CLASSES_FETCH_FAILED = 'Annotation classes fetch failed';

export const annotationClassesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.annotationClasses(projectId),
    queryFn: ({ signal }) => call(annotations.getAnnotationClasses, { params: { projectId }, signal }),
    staleTime: 5 * 60_000,
  });

export const useAnnotationClasses = (projectId: string) => useQuery(annotationClassesQuery(projectId));

/** The project's classes, freehand and cell marker, by id (empty until read). */
export function useAnnotationClassMap(projectId: string) {
  const classes = useAnnotationClasses(projectId);
  const map = useMemo(
    () =>
      new Map(
        [...(classes.data?.freehandClasses ?? []), ...(classes.data?.cmaClasses ?? [])].map((c) => [
          c.classId,
          c,
        ]),
      ) as ReadonlyMap<string, AnnotationClass>,
    [classes.data],
  );
  return { classMap: map, isPending: classes.isPending };
}

export function useSaveAnnotationClasses(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (classes: AnnotationClass[]) =>
      call(annotations.saveAnnotationClasses, { params: { projectId }, body: { classes } }),
    onSuccess: (saved) => client.setQueryData(queryKeys.annotationClasses(projectId), saved),
  });
}
