/**
 * QC metadata presets (spec 3 §2 "QC tab"): the project's six presets with the fields each shows, and
 * changing or resetting one (slideMetadataManage). A changed preset replaces its entry in the cached
 * list, so every open QC tab of the project shows the new fields.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditableMetadataPresetId } from '@tessera/domain';
import { metadataPresets, type MetadataPreset } from '@tessera/contract';
import { call } from './client.ts';
import { queryKeys } from './queries.ts';

export type { MetadataPreset };

export function useMetadataPresets(projectId: string) {
  return useQuery({
    queryKey: queryKeys.metadataPresets(projectId),
    queryFn: ({ signal }) => call(metadataPresets.listMetadataPresets, { params: { projectId }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Puts the preset as saved into the cached list. */
function useStorePreset(projectId: string) {
  const client = useQueryClient();
  return (preset: MetadataPreset) =>
    client.setQueryData<{ presets: MetadataPreset[] }>(
      queryKeys.metadataPresets(projectId),
      (list) => list && { presets: list.presets.map((p) => (p.id === preset.id ? preset : p)) },
    );
}

export function useSaveMetadataPreset(projectId: string) {
  const store = useStorePreset(projectId);
  return useMutation({
    mutationFn: ({ presetId, fields }: { presetId: EditableMetadataPresetId; fields: string[] }) =>
      call(metadataPresets.saveMetadataPreset, { params: { projectId, presetId }, body: { fields } }),
    onSuccess: store,
  });
}

export function useResetMetadataPreset(projectId: string) {
  const store = useStorePreset(projectId);
  return useMutation({
    mutationFn: (presetId: EditableMetadataPresetId) =>
      call(metadataPresets.resetMetadataPreset, { params: { projectId, presetId } }),
    onSuccess: store,
  });
}
