/**
 * The panel's draft preset bound to the server's (rules in equalization-draft.ts), and its reports to the
 * viewer: the server's preset at once, the user's edits once they have rested for the slider debounce
 * (spec 2 §9, 300 ms), so dragging a slider does not ask for a new set of tiles at every step.
 */
import { useEffect, useEffectEvent, useReducer } from 'react';
import { SLIDER_DEBOUNCE_MS } from '@tessera/domain';
import type { EffectivePreset, EqualizationPreset } from '../../../api/equalization.ts';
import { draftReducer, initialDraftState, isSamePreset } from './equalization-draft.ts';

export function useEqualizationDraft(
  effective: EffectivePreset | null | undefined,
  onPresetChange: (preset: EqualizationPreset) => void,
) {
  const serverPreset = effective?.preset ?? null;
  const [state, dispatch] = useReducer(draftReducer, serverPreset, initialDraftState);

  useEffect(() => {
    if (serverPreset) dispatch({ type: 'serverPreset', preset: serverPreset });
  }, [serverPreset]);

  const reportPreset = useEffectEvent((preset: EqualizationPreset) => onPresetChange(preset));
  const { draft, hasEdits } = state;
  useEffect(() => {
    if (!draft) return;
    if (!hasEdits) {
      reportPreset(draft);
      return;
    }
    const timer = setTimeout(() => reportPreset(draft), SLIDER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, hasEdits]);

  const hasUnsavedChanges = hasEdits && !!draft && !!state.base && !isSamePreset(draft, state.base);
  return { draft, hasUnsavedChanges, dispatch };
}
