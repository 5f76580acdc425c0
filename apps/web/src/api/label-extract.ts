/** Label extract (spec 1 §7 "Submit label extraction job"): the project's patterns, and the submission. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labelExtract } from '@tessera/contract';
import type { LabelPatterns } from '@tessera/domain';
import { call } from './client.ts';

const patternsKey = (projectId: string) => ['projects', projectId, 'label-patterns'] as const;

export function useLabelPatterns(projectId: string) {
  return useQuery({
    queryKey: patternsKey(projectId),
    queryFn: ({ signal }) => call(labelExtract.getLabelPatterns, { params: { projectId }, signal }),
  });
}

export function useSaveLabelPatterns(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patterns: LabelPatterns) =>
      call(labelExtract.saveLabelPatterns, { params: { projectId }, body: { patterns } }),
    onSuccess: (answer) => queryClient.setQueryData(patternsKey(projectId), answer),
  });
}

export const submitLabelExtraction = (projectId: string, body: labelExtract.LabelExtractRequest) =>
  call(labelExtract.extractLabels, { params: { projectId }, body });
