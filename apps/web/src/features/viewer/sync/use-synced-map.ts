/**
 * A viewer's part in sync: while its map lives, it is registered with the page's coordinator under the
 * viewer's id, so it leads when moved and follows when another moves.
 */
import { useEffect } from 'react';
import type { SlideMap } from '../../../viewer/slide-map.ts';
import { useViewerSyncContext } from './sync-context.ts';

export function useSyncedMap(viewerId: string, map: SlideMap | null): void {
  const coordinator = useViewerSyncContext()?.coordinator;
  useEffect(() => {
    if (coordinator && map) return coordinator.register(viewerId, map);
  }, [coordinator, viewerId, map]);
}
