/**
 * A screen loaded on first visit, as its own chunk (issue #11 point 7: the sign-in page must not
 * download the slide table). A chunk that no longer exists — the tab was opened before a redeploy, whose
 * new build renamed every chunk — rejects the import; it is turned into a ScreenLoadError, which the
 * route's ScreenErrorBoundary answers with a reload hint instead of a crash.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its module has loaded, and
 * React holds back each revealed Suspense boundary for up to 300 ms after its fallback showed. A deep
 * link into nested screens (shell, project, viewer) paid that at every level: 0.7 s of the viewer's
 * first draw. A screen whose module is loaded (preload, or an earlier visit) renders at once.
 */
import { createElement, use, type ComponentType } from 'react';

/** A screen's code could not be fetched (a redeploy since the tab opened, or no connection). */
export class ScreenLoadError extends Error {
  override name = 'ScreenLoadError';
}

/** A lazily loaded screen, and a way to start loading it before it renders. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  // One load, whether preload or the first render starts it. A failed one stays failed (a browser
  // would not fetch the module again anyway): the error boundary offers a reload of the page.
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (cause: unknown) => {
        throw new ScreenLoadError(cause instanceof Error ? cause.message : String(cause), { cause });
      },
    ));
  function Screen(props: P) {
    return createElement(loaded ?? use(loadOnce()), props);
  }
  return Object.assign(Screen, { preload: () => loadOnce().catch(() => undefined) });
}
