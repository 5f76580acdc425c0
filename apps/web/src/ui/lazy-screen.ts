/**
 * A screen loaded on first visit, as its own chunk (issue #11 point 7: the sign-in page must not
 * download the slide table). A chunk that no longer exists — the tab was opened before a redeploy, whose
 * new build renamed every chunk — rejects the import; it is turned into a ScreenLoadError, which the
 * route's ScreenErrorBoundary answers with a reload hint instead of a crash.
 */
import { lazy, type ComponentType } from 'react';

/** A screen's code could not be fetched (a redeploy since the tab opened, or no connection). */
export class ScreenLoadError extends Error {
  override name = 'ScreenLoadError';
}

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (cause: unknown) => {
        throw new ScreenLoadError(cause instanceof Error ? cause.message : String(cause), { cause });
      },
    ),
  );
}
