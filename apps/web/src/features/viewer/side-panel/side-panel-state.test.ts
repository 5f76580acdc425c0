import { describe, expect, it } from 'vitest';
import {
  chooseMode,
  DEFAULT_PANEL_SHARE,
  loadSidePanelState,
  saveSidePanelState,
  toggleSidebar,
  type SidePanelState,
} from './side-panel-state.ts';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};

describe('the side panel state', () => {
  it('is closed by default, showing the slide list when opened, at the weights 30 and 100', () => {
    const state = loadSidePanelState(memory());
    expect(state).toEqual({ mode: 'none', lastMode: 'list', share: 30 / 130 });
    expect(toggleSidebar(state).mode).toBe('list');
    expect(DEFAULT_PANEL_SHARE).toBeCloseTo(0.2308, 4);
  });

  it('hides and shows the last mode, and a second press of the shown mode hides it', () => {
    const qc = chooseMode(loadSidePanelState(memory()), 'qc');
    expect(qc.mode).toBe('qc');
    const hidden = toggleSidebar(qc);
    expect(hidden).toMatchObject({ mode: 'none', lastMode: 'qc' });
    expect(toggleSidebar(hidden).mode).toBe('qc');
    expect(chooseMode(qc, 'qc').mode).toBe('none');
  });

  it('is remembered, and what does not read falls back field by field', () => {
    const storage = memory();
    const state: SidePanelState = { mode: 'results', lastMode: 'results', share: 0.4 };
    saveSidePanelState(state, storage);
    expect(loadSidePanelState(storage)).toEqual(state);
    storage.setItem('tessera.viewerSidePanel', '{"mode":"gallery","share":7}');
    expect(loadSidePanelState(storage)).toEqual({ mode: 'none', lastMode: 'list', share: 30 / 130 });
    storage.setItem('tessera.viewerSidePanel', 'not json');
    expect(loadSidePanelState(storage).mode).toBe('none');
  });
});
