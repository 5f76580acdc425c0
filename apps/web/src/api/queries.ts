/**
 * TanStack Query setup (spec 1 §8): failed queries retry up to 3 times, except when the server says the
 * user has not read the manual (retrying cannot help until they confirm it) or the answer is 404 (the
 * thing is not there). Mutations never retry: a repeated create or delete is not harmless.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MANUAL_NOT_READ_CODE } from '@tessera/domain';
import { reportManualNotRead, requestAppStateCheck } from '../app/app-state/signals.ts';
import { ApiError } from './client.ts';

export const MAX_QUERY_RETRIES = 3;

/** TanStack passes the number of failures before this one (0 on the first failure). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 404 || error.code === MANUAL_NOT_READ_CODE))
    return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/**
 * What a failed request tells the app-state gate: the manual is not confirmed (show that dialog), or the
 * server may be down, in maintenance or unreachable (check the version file now, not in 3 minutes).
 */
export function appSignalOf(error: unknown): 'manualNotRead' | 'checkAppState' | null {
  if (error instanceof ApiError) {
    if (error.code === MANUAL_NOT_READ_CODE) return 'manualNotRead';
    return error.status === 503 || error.status === 502 || error.status === 504 ? 'checkAppState' : null;
  }
  // fetch rejects with a TypeError when no answer arrived at all; an abort is the caller's own doing.
  return error instanceof TypeError ? 'checkAppState' : null;
}

function signalAppState(error: unknown): void {
  const signal = appSignalOf(error);
  if (signal === 'manualNotRead') reportManualNotRead();
  else if (signal === 'checkAppState') requestAppStateCheck();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: signalAppState }),
    mutationCache: new MutationCache({ onError: signalAppState }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Every query key of the shell in one place, so invalidation cannot miss a spelling. */
export const queryKeys = {
  projects: ['projects'] as const,
  project: (projectId: string) => ['projects', projectId] as const,
  folderIds: ['folder-ids'] as const,
  members: (projectId: string) => ['projects', projectId, 'members'] as const,
  projectAdmins: (projectId: string) => ['projects', projectId, 'admins'] as const,
  userSearch: (projectId: string, text: string) => ['projects', projectId, 'user-search', text] as const,
  slideImage: (projectId: string, slideId: string, kind: 'label' | 'thumbnail') =>
    ['projects', projectId, 'slides', slideId, kind] as const,
  slideCount: (projectId: string) => ['projects', projectId, 'slide-count'] as const,
  slideDetails: (projectId: string, slideId: string) =>
    ['projects', projectId, 'slides', slideId, 'details'] as const,
  slideList: (projectId: string) => ['projects', projectId, 'slide-list'] as const,
  equalization: (projectId: string, slideId: string) =>
    ['projects', projectId, 'slides', slideId, 'equalization'] as const,
  blockLandmarks: (projectId: string, blockId: string) =>
    ['projects', projectId, 'blocks', blockId, 'landmarks'] as const,
  blockSlides: (projectId: string, blockId: string) =>
    ['projects', projectId, 'blocks', blockId, 'slides'] as const,
  toolConfig: (projectId: string, configId: string) =>
    ['projects', projectId, 'tool-configs', configId] as const,
  fieldDescriptors: (projectId: string, tableId: string) =>
    ['projects', projectId, 'fields', tableId] as const,
  columnState: (projectId: string, tableId: string) =>
    ['projects', projectId, 'column-state', tableId] as const,
  slideRow: (projectId: string, slideId: string) =>
    ['projects', projectId, 'slides', slideId, 'row'] as const,
  metadataPresets: (projectId: string) => ['projects', projectId, 'metadata-presets'] as const,
  annotationClasses: (projectId: string) => ['projects', projectId, 'annotation-classes'] as const,
  slideAnnotationSets: (projectId: string, slideId: string) =>
    ['projects', projectId, 'slides', slideId, 'annotation-sets'] as const,
};

/** The text an error shows in a message: the server's message, or the error's own. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Internal error';
