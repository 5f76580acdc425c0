/**
 * What the equalization panel offers and says (spec 3 §2, §4, §6), without React: the Save and Reset
 * menus' scopes and who may use them, the 'for all filtered slides of the same assay' choice, the
 * confirmations, the caption naming where the preset comes from, and which channels cannot be shown.
 */
import {
  canSaveEqualization,
  channelUnavailableMessage,
  RESET_NEEDS_CONFIRMATION,
  saveNeedsConfirmation,
  type EqualizationPresetSource,
  type EqualizationResetScope,
  type EqualizationScope,
  type Permission,
} from '@tessera/domain';
import { equalization, type SlideDetails } from '@tessera/contract';

const { EQUALIZATION_SLIDES_MAX } = equalization;

/** The caption under the panel's title: where the preset shown comes from (the server's `source`). */
export const PRESET_SOURCE_CAPTIONS: Record<EqualizationPresetSource, string> = {
  user: 'Saved for you',
  project: 'Saved for the project',
  default: 'The slide’s default',
  computed: 'Computed from the channels',
};

export const UNSAVED_CHANGES_CAPTION = 'unsaved changes';

/** Spec 3 §6: the project and default scopes need equalizationManage; the menus show them disabled. */
export const NEEDS_MANAGE_HINT = 'Needs the permission to manage equalization';

export interface ScopeOption<S extends EqualizationScope> {
  scope: S;
  label: string;
  isEnabled: boolean;
}

const SAVE_LABELS: Record<EqualizationScope, string> = {
  me: 'For me',
  project: 'For the project',
  default: 'As default',
};

export function saveOptions(permissions: ReadonlySet<Permission>): ScopeOption<EqualizationScope>[] {
  return (['me', 'project', 'default'] as const).map((scope) => ({
    scope,
    label: SAVE_LABELS[scope],
    isEnabled: canSaveEqualization(scope, permissions),
  }));
}

/** Reset removes the user's own presets or the project's (default presets are what reset returns to). */
export function resetOptions(permissions: ReadonlySet<Permission>): ScopeOption<EqualizationResetScope>[] {
  return (['me', 'project'] as const).map((scope) => ({
    scope,
    label: SAVE_LABELS[scope],
    isEnabled: canSaveEqualization(scope, permissions),
  }));
}

/** The 'for all filtered slides of the same assay' choice (spec 3 §4 save and reset scopes). */
export interface ApplyToAll {
  /** False when the viewer does not know the filtered slides: the choice is not shown. */
  isOffered: boolean;
  /** The other slides, without the current one (it is always saved: spec 3 §4 'Apply to all' skips it). */
  slideIds: string[];
  /** More slides than one change may touch: the choice is shown disabled. */
  isTooMany: boolean;
}

export function applyToAllOf(sameAssaySlideIds: readonly string[] | null, slideId: string): ApplyToAll {
  if (sameAssaySlideIds === null) return { isOffered: false, slideIds: [], isTooMany: false };
  const slideIds = [...new Set(sameAssaySlideIds)].filter((id) => id !== slideId);
  return { isOffered: true, slideIds, isTooMany: slideIds.length > EQUALIZATION_SLIDES_MAX };
}

export function applyToAllLabel({ slideIds, isTooMany }: ApplyToAll): string {
  const count = isTooMany ? `more than ${EQUALIZATION_SLIDES_MAX}` : String(slideIds.length);
  return `For all filtered slides of the same assay (${count} more)`;
}

/** The slides a change touches, in words: 'this slide' or 'this slide and 3 other slides'. */
export function slidesPhrase(otherCount: number): string {
  if (otherCount === 0) return 'this slide';
  return `this slide and ${otherCount} other ${otherCount === 1 ? 'slide' : 'slides'}`;
}

export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
}

export type PresetChange =
  | { kind: 'save'; scope: EqualizationScope; otherSlideIds: string[] }
  | { kind: 'reset'; scope: EqualizationResetScope; otherSlideIds: string[] };

/**
 * Spec 3 §4: saving for the project or as default asks for confirmation, reset always does; null when
 * the change goes ahead at once (saving for me).
 */
export function confirmationOf(change: PresetChange): Confirmation | null {
  const slides = slidesPhrase(change.otherSlideIds.length);
  if (change.kind === 'reset') {
    if (!RESET_NEEDS_CONFIRMATION) return null;
    return change.scope === 'me'
      ? {
          title: 'Reset your equalization?',
          text: `Your saved equalization on ${slides} is removed; the project's or the default preset shows again.`,
          confirmLabel: 'Reset',
        }
      : {
          title: 'Reset the project’s equalization?',
          text: `The project's saved equalization on ${slides} is removed for everyone; the default preset shows again where nobody saved their own.`,
          confirmLabel: 'Reset',
        };
  }
  if (!saveNeedsConfirmation(change.scope)) return null;
  return change.scope === 'project'
    ? {
        title: 'Save for the project?',
        text: `Everyone in the project sees this equalization on ${slides}, unless they saved their own.`,
        confirmLabel: 'Save for the project',
      }
    : {
        title: 'Save as default?',
        text: `This equalization becomes the default of ${slides}: it shows where nobody saved one, and Reset returns to it.`,
        confirmLabel: 'Save as default',
      };
}

/**
 * Spec 3 §5: per channel of the slide, the message of a channel that cannot be shown yet (unconverted
 * qptiff, not uint8), else null; all null while the slide's details are unknown.
 */
export function channelUnavailableMessages(
  details: Pick<SlideDetails, 'conversionStatus' | 'imageInfo'> | undefined,
): (string | null)[] {
  if (!details) return [];
  const slide = {
    // The image's own format comes first in `formats` (then 'optimized' once converted).
    format: details.imageInfo.formats[0] ?? '',
    isConverted: details.conversionStatus === 'Converted',
  };
  return details.imageInfo.channels.map((channel) =>
    channelUnavailableMessage(slide, channel.sampleType ?? 'unknown'),
  );
}
