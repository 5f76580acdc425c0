/**
 * The viewer's reads of a slide's equalization, with spec 3 §8's load failure: 'Equalization load failed:
 * {message}', silent on a not-found status.
 */
import { useEffect } from 'react';
import { equalizationLoadFailure } from '@tessera/domain';
import { failureOf, useEffectivePresetQuery, type EffectivePreset } from '../../../api/equalization.ts';
import { useNotify } from '../../../app/notify.tsx';

/**
 * The viewer (for its tile URLs) and the panel read the same query, so the same failure reaches both:
 * each error object is told once, whichever of them sees it first.
 */
const toldErrors = new WeakSet<object>();

function useLoadFailureNotice(error: Error | null) {
  const notify = useNotify();
  useEffect(() => {
    if (!error || toldErrors.has(error)) return;
    toldErrors.add(error);
    const { message } = equalizationLoadFailure(failureOf(error));
    if (message) notify(message, 'error');
  }, [error, notify]);
}

/** The effective-preset query, its failure told to the user. */
export function useEffectivePresetWithNotice(projectId: string, slideId: string) {
  const query = useEffectivePresetQuery(projectId, slideId);
  useLoadFailureNotice(query.error);
  return query;
}

/**
 * The slide's effective preset for drawing its tiles: undefined while it loads; null when the slide has
 * nothing to equalize, or when loading failed (told to the user), so the viewer draws without equalization.
 */
export function useEffectivePreset(projectId: string, slideId: string): EffectivePreset | null | undefined {
  const query = useEffectivePresetWithNotice(projectId, slideId);
  if (query.data !== undefined) return query.data;
  return query.isError ? null : undefined;
}
