/**
 * Save and reset from the panel (spec 3 §4, §6, §8): who may do which, 'for all filtered slides of the
 * same assay', the confirmation some of them ask for, the reset warning, and every message they end with.
 */
import { useState, type Dispatch } from 'react';
import {
  EQUALIZATION_MESSAGES,
  equalizationResetBody,
  equalizationResetFailureMessage,
  equalizationSaveBody,
  resetWarning,
  type EqualizationResetScope,
  type EqualizationScope,
} from '@tessera/domain';
import {
  failureOf,
  useResetPreset,
  useSavePreset,
  type EffectivePreset,
  type EqualizationPreset,
} from '../../../api/equalization.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useNotify } from '../../../app/notify.tsx';
import { useCurrentProject } from '../../projects/index.ts';
import type { DraftAction } from './equalization-draft.ts';
import {
  applyToAllOf,
  confirmationOf,
  resetOptions,
  saveOptions,
  type Confirmation,
  type PresetChange,
} from './equalization-panel-rules.ts';

interface Input {
  projectId: string;
  slideId: string;
  sameAssaySlideIds: readonly string[] | null;
  effective: EffectivePreset | null | undefined;
  draft: EqualizationPreset | null;
  dispatch: Dispatch<DraftAction>;
}

export function usePresetChanges({
  projectId,
  slideId,
  sameAssaySlideIds,
  effective,
  draft,
  dispatch,
}: Input) {
  const notify = useNotify();
  const userId = useAuth().me?.id;
  const { permissions } = useCurrentProject();
  const [isApplyToAll, setApplyToAll] = useState(false);
  // The change waiting for the user's confirmation, with its wording (kept as one object while it waits).
  const [pending, setPending] = useState<{ change: PresetChange; confirmation: Confirmation } | null>(null);
  const applyToAll = applyToAllOf(sameAssaySlideIds, slideId);
  const otherSlideIds =
    isApplyToAll && applyToAll.isOffered && !applyToAll.isTooMany ? applyToAll.slideIds : [];

  const updateFailed = (error: unknown) =>
    notify(EQUALIZATION_MESSAGES.updateFailed(failureOf(error).message), 'error');
  const save = useSavePreset(projectId, slideId, {
    onSuccess: (answer) => {
      dispatch({ type: 'saved', preset: answer.preset });
      notify(answer.message, 'success');
    },
    onError: updateFailed,
  });
  const reset = useResetPreset(projectId, slideId, {
    onSuccess: (answer) => {
      dispatch({ type: 'discardEdits' });
      // A reset with nothing left to remove (the ignored missing-preset answer) still ends at the default.
      notify(answer?.message ?? EQUALIZATION_MESSAGES.reset, 'success');
    },
    onError: (error) => {
      const message = equalizationResetFailureMessage(failureOf(error));
      if (message) notify(message, 'error');
    },
  });

  const perform = (change: PresetChange) => {
    if (!userId || !draft) return;
    const slideIds = change.otherSlideIds.length > 0 ? change.otherSlideIds : undefined;
    if (change.kind === 'save')
      save.mutate({ scope: change.scope, body: equalizationSaveBody(change.scope, slideIds, draft, userId) });
    else reset.mutate({ body: equalizationResetBody(change.scope, slideIds, userId) });
  };

  const request = (change: PresetChange) => {
    if (change.kind === 'reset') {
      const warning = resetWarning(effective?.hasDefaultPreset ?? false);
      if (warning) {
        notify(warning, 'warning');
        return;
      }
    }
    const confirmation = confirmationOf(change);
    if (confirmation) setPending({ change, confirmation });
    else perform(change);
  };

  return {
    /** Signed-in and a preset to change: the menus can be used. */
    isReady: !!userId && !!draft && !!effective,
    isBusy: save.isPending || reset.isPending,
    saveOptions: saveOptions(permissions),
    resetOptions: resetOptions(permissions),
    applyToAll,
    isApplyToAll,
    setApplyToAll,
    requestSave: (scope: EqualizationScope) => request({ kind: 'save', scope, otherSlideIds }),
    requestReset: (scope: EqualizationResetScope) => request({ kind: 'reset', scope, otherSlideIds }),
    confirmation: pending?.confirmation ?? null,
    confirm: () => {
      if (pending) perform(pending.change);
      setPending(null);
    },
    cancel: () => setPending(null),
  };
}
