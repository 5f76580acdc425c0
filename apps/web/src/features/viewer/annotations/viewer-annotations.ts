/**
 * What each viewer's annotation tools offer the side panel (spec 3 §2 "Annotations tab": selection synced
 * both ways with the map): the viewers publish their selection, its actions and a revision that moves
 * with every edit; the Annotations tab reads the active viewer's. A small store outside React, like
 * sync's coordinator: a viewer re-rendering does not re-render the page.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { BoundActions } from '../../../actions/action.ts';

export interface ViewerAnnotationsLink {
  selection: ReadonlySet<string>;
  select(ids: ReadonlySet<string>): void;
  /** The selected cell markers by class (the Cell Marker grid's Selected column). */
  selectedMarkerCounts: ReadonlyMap<string, number>;
  /** The viewer's bound actions: Delete, Lock and Unlock Annotations act on its selection. */
  actions: BoundActions;
  /** Changes whenever the shown set's annotations change (an edit shown, saved or undone). */
  revision: number;
  /** Repairs the set's invalid annotations (null while it cannot be edited); answers the report. */
  fixAnnotations: (() => Promise<string>) | null;
  /** Reads the set the viewer shows again (an import wrote into it). */
  reload(): void;
  /** Shows this image box on the viewer's map. */
  showBox(box: { minX: number; minY: number; maxX: number; maxY: number }): void;
}

export class ViewerAnnotationsStore {
  private readonly links = new Map<string, ViewerAnnotationsLink>();
  private readonly listeners = new Set<() => void>();

  publish(viewerId: string, link: ViewerAnnotationsLink | null): void {
    if (link) this.links.set(viewerId, link);
    else this.links.delete(viewerId);
    for (const listener of this.listeners) listener();
  }

  linkOf = (viewerId: string | null): ViewerAnnotationsLink | null =>
    viewerId === null ? null : (this.links.get(viewerId) ?? null);

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const ViewerAnnotationsContext = createContext<ViewerAnnotationsStore | null>(null);

export const useViewerAnnotationsStore = (): ViewerAnnotationsStore | null =>
  useContext(ViewerAnnotationsContext);

/** The active viewer's link, kept current. */
export function useViewerAnnotationsLink(viewerId: string | null): ViewerAnnotationsLink | null {
  const store = useViewerAnnotationsStore();
  const subscribe = useCallback((listener: () => void) => store?.subscribe(listener) ?? (() => {}), [store]);
  return useSyncExternalStore(subscribe, () => store?.linkOf(viewerId) ?? null);
}
