/**
 * The page's sync state as its viewers see it: the mode in force and what the panel offers, the
 * cross-hair switch, the overwrite, and the coordinator their maps register with. Sync is page-level
 * (spec 2 §4): every tab's panel shows and changes the same state.
 */
import { createContext, useContext } from 'react';
import type { OverwriteState, SyncMode, SyncOffer } from '@tessera/domain';
import type { SyncCoordinator } from './sync-coordinator.ts';

export interface ViewerSync {
  coordinator: SyncCoordinator;
  mode: SyncMode;
  offer: SyncOffer;
  /** Chooses a mode; choosing Manual (again) captures the positions shown now as the reference. */
  choose(mode: SyncMode): void;
  isCrosshairOn: boolean;
  setCrosshairOn(isOn: boolean): void;
  overwrite: OverwriteState;
  /** Saves the displayed slides' centres as their block's location landmark (after confirmation). */
  overwriteLandmarks(): void;
  isOverwriting: boolean;
  /** The displayed slides' block and how many of its slides have landmarks, for the panel's caption. */
  blockSummary: string | null;
}

export const ViewerSyncContext = createContext<ViewerSync | null>(null);

/** The page's sync; null outside a viewer page (a viewer mounted alone, as in a test). */
export function useViewerSyncContext(): ViewerSync | null {
  return useContext(ViewerSyncContext);
}
