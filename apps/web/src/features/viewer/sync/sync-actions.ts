/**
 * The sync panel's commands (spec 2 §4) as actions (actions/action.ts): choose a mode, the cross-hair
 * switch, and overwrite landmarks — what the panel draws and what tests perform are the same objects.
 */
import { SYNC_MODE_LABELS, SYNC_MODES, type SyncMode } from '@tessera/domain';
import { createActionRegistry, type Action } from '../../../actions/action.ts';
import type { ViewerSync } from './sync-context.ts';

export interface SyncActionContext {
  sync: ViewerSync;
  /** Asks the user to confirm the overwrite (a dialog), which then calls sync.overwriteLandmarks. */
  confirmOverwrite(): void;
}

const chooseMode = (mode: SyncMode): Action<SyncActionContext> => ({
  id: `sync.mode.${mode}`,
  label: SYNC_MODE_LABELS[mode],
  isAvailable: (c) => c.sync.offer.modes.includes(mode),
  isEnabled: (c) => mode !== 'landmarks' || c.sync.offer.landmarksDisabledReason === null,
  perform: (c) => c.sync.choose(mode),
});

export const SYNC_ACTIONS = createActionRegistry<SyncActionContext>([
  ...SYNC_MODES.map(chooseMode),
  {
    id: 'sync.toggleCrosshair',
    label: 'Cross-hair',
    perform: (c) => c.sync.setCrosshairOn(!c.sync.isCrosshairOn),
  },
  {
    id: 'sync.overwriteLandmarks',
    label: 'Overwrite landmarks',
    isEnabled: (c) => c.sync.overwrite.isEnabled && !c.sync.isOverwriting,
    perform: (c) => c.confirmOverwrite(),
  },
]);
