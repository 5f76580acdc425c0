/**
 * A slide's equalization presets (spec 3 §7 "Equalization"): the effective preset, save and reset.
 * A save shows at once and is rolled back when it fails (spec 2 §8 "Mutation failure"); after every save
 * or reset the presets of the slides it touched are read again, so what shows is the server's.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { equalization, type RouteInput } from '@tessera/contract';
import {
  effectivePresetAfterSave,
  equalizationLoadFailure,
  equalizationResetFailureMessage,
  type EqualizationScope,
} from '@tessera/domain';
import { ApiError, call } from './client.ts';
import { messageOf, queryKeys } from './queries.ts';

export type EffectivePreset = equalization.EffectivePreset;
export type EqualizationPreset = equalization.EqualizationPreset;
export type SaveAnswer = Awaited<ReturnType<typeof savePreset>>;
export type ResetAnswer = Awaited<ReturnType<typeof resetPreset>>;

/** An error as the spec's failure rules read it (a request that got no answer has status 0). */
export function failureOf(error: unknown): { status: number; code?: string; message: string } {
  return error instanceof ApiError ? error : { status: 0, message: messageOf(error) };
}

/**
 * The slide's effective preset; null when it has nothing to equalize (404 EQUALIZATION_PRESET_NOT_FOUND:
 * spec 3 §8 resets the cached value to none, it is no failure). Other failures are the query's error.
 */
export function useEffectivePresetQuery(projectId: string, slideId: string) {
  return useQuery(effectivePresetQuery(projectId, slideId));
}

export const effectivePresetQuery = (projectId: string, slideId: string) =>
  queryOptions({
    queryKey: queryKeys.equalization(projectId, slideId),
    queryFn: async ({ signal }): Promise<EffectivePreset | null> => {
      try {
        return await call(equalization.getPreset, { params: { projectId, slideId }, signal });
      } catch (error) {
        if (equalizationLoadFailure(failureOf(error)).clearsCachedPreset) return null;
        throw error;
      }
    },
  });

/** Reads again the presets of every slide a save or reset touched that a screen holds. */
function refetchPresets(client: QueryClient, projectId: string, slideIds: readonly string[]) {
  return Promise.all(
    [...new Set(slideIds)].map((slideId) =>
      client.invalidateQueries({ queryKey: queryKeys.equalization(projectId, slideId), exact: true }),
    ),
  );
}

function savePreset(projectId: string, slideId: string, body: SaveBody) {
  return call(equalization.savePreset, { params: { projectId, slideId }, body });
}

/** The missing-preset answer is ignored on reset (spec 3 §8): null then, as nothing was left to remove. */
async function resetPreset(projectId: string, slideId: string, body: ResetBody) {
  try {
    return await call(equalization.resetPreset, { params: { projectId, slideId }, body });
  } catch (error) {
    if (error instanceof ApiError && equalizationResetFailureMessage(error) === null) return null;
    throw error;
  }
}

type SaveBody = RouteInput<typeof equalization.savePreset, 'body'>;
type ResetBody = RouteInput<typeof equalization.resetPreset, 'body'>;

/**
 * What the caller is told when a change ends. Given to the mutation itself (not to `mutate`), so it
 * is told even when the panel closed while the request was on its way.
 */
export interface ChangeHandlers<A> {
  onSuccess: (answer: A) => void;
  onError: (error: unknown) => void;
}

export function useSavePreset(projectId: string, slideId: string, handlers: ChangeHandlers<SaveAnswer>) {
  const client = useQueryClient();
  const key = queryKeys.equalization(projectId, slideId);
  return useMutation({
    mutationFn: ({ body }: { scope: EqualizationScope; body: SaveBody }) =>
      savePreset(projectId, slideId, body),
    onMutate: async ({ scope, body }) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const previous = client.getQueryData<EffectivePreset | null>(key);
      if (previous) client.setQueryData(key, effectivePresetAfterSave(previous, scope, body.preset));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context) client.setQueryData(key, context.previous);
      handlers.onError(error);
    },
    onSuccess: (answer, { scope }, context) => {
      // The server's answer is the preset fitted to the slide's channels: it replaces the guess.
      if (context?.previous)
        client.setQueryData(key, effectivePresetAfterSave(context.previous, scope, answer.preset));
      handlers.onSuccess(answer);
    },
    onSettled: (_answer, _error, { body }) =>
      refetchPresets(client, projectId, [slideId, ...(body.slideIds ?? [])]),
  });
}

/** Reset shows nothing before the server answers: which preset shows then is the server's to say. */
export function useResetPreset(projectId: string, slideId: string, handlers: ChangeHandlers<ResetAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: ResetBody }) => resetPreset(projectId, slideId, body),
    onError: handlers.onError,
    onSuccess: handlers.onSuccess,
    onSettled: (_answer, _error, { body }) =>
      refetchPresets(client, projectId, [slideId, ...(body.slideIds ?? [])]),
  });
}
