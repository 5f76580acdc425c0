/**
 * Landmarks of a block (spec 2 §7 "Landmarks"): a block's landmarks (null when none are stored: the
 * GET's 404 LANDMARKS_NOT_FOUND), a block's slides, and the save that creates or replaces them. The
 * viewer reads these for every open block at once, so the reads are query options for `useQueries`.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { landmarks, type RouteInput } from '@tessera/contract';
import { landmarksLoadFailureMessage } from '@tessera/domain';
import { ApiError, call } from './client.ts';
import { queryKeys } from './queries.ts';

export type StoredBlockLandmarks = landmarks.BlockLandmarks;

/** A block's landmarks, or null when it has none. Other failures are the query's error. */
export const blockLandmarksQuery = (projectId: string, blockId: string) =>
  queryOptions({
    queryKey: queryKeys.blockLandmarks(projectId, blockId),
    queryFn: async ({ signal }): Promise<StoredBlockLandmarks | null> => {
      try {
        return await call(landmarks.getBlockLandmarks, { params: { projectId, blockId }, signal });
      } catch (error) {
        if (error instanceof ApiError && landmarksLoadFailureMessage(error) === null) return null;
        throw error;
      }
    },
  });

/** The ids of a block's slides (every slide of the project with this blockId). */
export const blockSlidesQuery = (projectId: string, blockId: string) =>
  queryOptions({
    queryKey: queryKeys.blockSlides(projectId, blockId),
    queryFn: async ({ signal }) =>
      (await call(landmarks.getBlockSlides, { params: { projectId, blockId }, signal })).slides.map(
        (s) => s.id,
      ),
  });

type SaveBody = RouteInput<typeof landmarks.saveLandmarks, 'body'>;

/**
 * Creates or replaces the landmarks of the body's blocks. The answer is what is stored now: it becomes
 * each block's cached landmarks, and they are read again so every viewer of the block sees the save.
 */
export function useSaveLandmarks(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBody) => call(landmarks.saveLandmarks, { params: { projectId }, body }),
    onSuccess: (answer) =>
      Promise.all(
        answer.blocks.map((block) => {
          const key = queryKeys.blockLandmarks(projectId, block.blockId);
          client.setQueryData(key, block);
          return client.invalidateQueries({ queryKey: key, exact: true });
        }),
      ),
  });
}
