/**
 * The deep link's annotation_id (spec 2 §2): once the viewer shows the address's set, the annotation is
 * found among the set's (by its centre, then as stored), selected, and the view fitted to it; an id the
 * set does not hold says 'Annotation does not exist'. Applied once per value, like the set itself.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { annotationIdSchema, boundingBoxOf, VIEWER_MESSAGES } from '@tessera/domain';
import { fetchRegion, type ShownSet } from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';
import { useNotify } from '../../../app/notify.tsx';
import type { SlideMap } from '../../../viewer/slide-map.ts';
import type { AnnotationLayers } from '../../../viewer/annotation-layers.ts';

export function useAnnotationDeepLink({
  map,
  layers,
  set,
  annotationId,
  select,
}: {
  map: SlideMap | null;
  layers: AnnotationLayers | null;
  set: ShownSet | null;
  /** The address's annotation_id, for the viewer of the address's slide; null otherwise. */
  annotationId: string | null;
  select: (ids: ReadonlySet<string>) => void;
}): void {
  const notify = useNotify();
  const applied = useRef<string | null>(null);
  const show = useEffectEvent(async (shown: ShownSet, id: string) => {
    if (!annotationIdSchema.safeParse(id).success) return notify(VIEWER_MESSAGES.annotationNotFound, 'error');
    try {
      const region = await fetchRegion(shown, id);
      if (!region) return notify(VIEWER_MESSAGES.annotationNotFound, 'error');
      map?.showBox(boundingBoxOf(region.geometry));
      select(new Set([region.id]));
    } catch (error) {
      notify(messageOf(error), 'error');
    }
  });
  const setKey = set ? `${set.projectId}/${set.setId}@${set.version ?? ''}` : null;
  useEffect(() => {
    if (!map || !layers || !set || !setKey || annotationId === null) return;
    const key = `${setKey}#${annotationId}`;
    if (applied.current === key) return;
    applied.current = key;
    void show(set, annotationId);
    // The set by its key: a new object of the same set is not a new link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, layers, setKey, annotationId]);
}
