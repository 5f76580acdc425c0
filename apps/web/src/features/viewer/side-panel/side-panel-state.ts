/**
 * The side panel's state, remembered in this browser: the mode shown ('none' when hidden — the default,
 * spec 2 §9 "Side menu closed by default"), the mode 'Show sidebar' brings back, and the split's weight.
 */
import { z } from 'zod';
import { MAIN_LAYOUT_WEIGHTS, SIDE_PANEL_MODES, type SidePanelMode } from '@tessera/domain';

const KEY = 'tessera.viewerSidePanel';
const [PANEL_WEIGHT, VIEWERS_WEIGHT] = MAIN_LAYOUT_WEIGHTS;
/** The panel's share of the width when nobody has resized it: 30 of 130. */
export const DEFAULT_PANEL_SHARE = PANEL_WEIGHT / (PANEL_WEIGHT + VIEWERS_WEIGHT);

const OpenMode = z.enum(SIDE_PANEL_MODES).exclude(['none']);
const SidePanelState = z.object({
  mode: z.enum(SIDE_PANEL_MODES).catch('none'),
  lastMode: OpenMode.catch('list'),
  /** The panel's share of the width: the split keeps its weight when the window resizes. */
  share: z.number().min(0.05).max(0.8).catch(DEFAULT_PANEL_SHARE),
});
export type SidePanelState = z.infer<typeof SidePanelState>;

const DEFAULT: SidePanelState = { mode: 'none', lastMode: 'list', share: DEFAULT_PANEL_SHARE };

export function loadSidePanelState(storage: Pick<Storage, 'getItem'> = localStorage): SidePanelState {
  try {
    const parsed = SidePanelState.safeParse(JSON.parse(storage.getItem(KEY) ?? '{}'));
    return parsed.success ? parsed.data : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

export function saveSidePanelState(
  state: SidePanelState,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the panel keeps its state while the page is open.
  }
}

/** Shows a mode; choosing the mode already shown hides the panel (like the rail's buttons of an IDE). */
export function chooseMode(state: SidePanelState, mode: Exclude<SidePanelMode, 'none'>): SidePanelState {
  return state.mode === mode ? { ...state, mode: 'none' } : { ...state, mode, lastMode: mode };
}

/** 'Hide sidebar' / 'Show sidebar': the last mode comes back. */
export function toggleSidebar(state: SidePanelState): SidePanelState {
  return state.mode === 'none' ? { ...state, mode: state.lastMode } : { ...state, mode: 'none' };
}
