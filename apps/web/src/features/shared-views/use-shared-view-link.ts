/**
 * The shared filter link (spec 1 §2): `?smf={hash}` on the slide metadata page names a saved view. The
 * view is fetched once and handed to the table, then the parameter is removed (replacing the history
 * entry, so Back does not restore it again); a link that cannot be restored says so (spec 1 §8) and is
 * removed too.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { sharedViews, type SharedView } from '@tessera/contract';
import { ApiError } from '../../api/client.ts';
import { shouldRetryQuery } from '../../api/queries.ts';
import { fetchSharedView } from '../../api/shared-views.ts';
import { useNotify } from '../../app/notify.tsx';

export const SHARED_VIEW_PARAM = 'smf';
export const SHARED_LINK_INVALID = 'Invalid Link: Failed to restore Metadata table from shared url';

/** An answer from the server (unknown hash, another project's, unreadable) will not change on retry; a lost connection may. */
const shouldRetrySharedView = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && shouldRetryQuery(failures, error);

/**
 * isRestoring: the URL names a view that is not applied yet; the table should wait for it rather than
 * load its own saved state and then jump.
 */
export function useSharedViewLink(
  projectId: string,
  onRestore: (view: SharedView) => void,
): { isRestoring: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const notify = useNotify();
  const hash = searchParams.get(SHARED_VIEW_PARAM);
  // A malformed hash is refused here, without asking the server.
  const isWellFormed = hash !== null && sharedViews.SharedViewHash.safeParse(hash).success;
  const view = useQuery({
    queryKey: ['projects', projectId, 'shared-views', hash],
    queryFn: ({ signal }) => fetchSharedView(projectId, hash ?? '', signal),
    enabled: isWellFormed,
    retry: shouldRetrySharedView,
    staleTime: Infinity,
    gcTime: 0,
  });
  // The hash already handled: effects run twice in development, and the table must be restored once.
  const handled = useRef<string | null>(null);

  const finish = useEffectEvent((restored: SharedView | null) => {
    let isRestored = false;
    if (restored) {
      try {
        onRestore(restored);
        isRestored = true;
      } catch {
        // A view the table cannot apply is as invalid as one the server cannot find.
      }
    }
    if (!isRestored) notify(SHARED_LINK_INVALID, 'error');
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARED_VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  });

  const outcome = !isWellFormed
    ? 'failed'
    : view.isSuccess
      ? 'restored'
      : view.isError
        ? 'failed'
        : 'pending';
  useEffect(() => {
    if (hash === null) {
      handled.current = null;
      return;
    }
    if (outcome === 'pending' || handled.current === hash) return;
    handled.current = hash;
    finish(outcome === 'restored' ? (view.data ?? null) : null);
  }, [hash, outcome, view.data]);

  return { isRestoring: hash !== null };
}
