/**
 * Equalization presets (spec 3 §3, §4): the saved windows of a slide's channels, their scopes and who may
 * save them, and the messages of saving, resetting and loading them. The tile path's form lives in
 * equalization.ts.
 */
import { z } from 'zod';
import type { Permission } from './permissions.ts';
import {
  rgbByte,
  CHANNEL_PALETTE,
  channelLimits,
  clampRange,
  EQUALIZATION_CHANNELS_MAX,
  EQUALIZATION_MAX_DEFAULT_ENABLED,
  EQUALIZATION_MESSAGES,
  EQUALIZATION_PRESET_NOT_FOUND,
  hasOwnRange,
  tileWindowRange,
  type ChannelLimits,
  type ChannelWindow,
  type EqualizationChannelInfo,
  type TileEqualization,
} from './equalization.ts';
// ---- Presets (spec 3 §3, §4) ----

const presetChannel = z.object({
  name: z.string().max(200).optional(),
  enabled: z.boolean(),
  color: z.object({ red: rgbByte, green: rgbByte, blue: rgbByte }),
  range: z.object({ minimum: z.number(), maximum: z.number() }),
  minLimit: z.number().optional(),
  maxLimit: z.number().optional(),
});
/** Spec 3 §3: type Linear, channels each with enabled, color, range; per channel also minLimit, maxLimit, name. */
export const equalizationPresetSchema = z.object({
  type: z.literal('Linear'),
  channels: z.array(presetChannel).max(EQUALIZATION_CHANNELS_MAX),
});
export type EqualizationPreset = z.infer<typeof equalizationPresetSchema>;
export type EqualizationPresetChannel = z.infer<typeof presetChannel>;

/**
 * The preset a slide shows before anyone saves one (spec 3 §4): channels enabled only if available and only
 * the first 7 of them; colours from the file, else the palette by channel index; the range from the
 * channel's own min/max when known, else its limits.
 */
export function defaultEqualizationPreset(channels: readonly EqualizationChannelInfo[]): EqualizationPreset {
  return {
    type: 'Linear',
    channels: channels.map((channel, index) => {
      const limits = channelLimits(channel);
      const range = hasOwnRange(channel)
        ? clampRange(channel, limits)
        : { min: limits.minLimit, max: limits.maxLimit };
      const [red, green, blue] = channel.color ?? CHANNEL_PALETTE[index % CHANNEL_PALETTE.length]!;
      return {
        name: channel.name,
        enabled: index < EQUALIZATION_MAX_DEFAULT_ENABLED && channel.isAvailable !== false,
        color: { red, green, blue },
        range: { minimum: range.min, maximum: range.max },
        minLimit: limits.minLimit,
        maxLimit: limits.maxLimit,
      };
    }),
  };
}

/**
 * The tile-path equalization a preset asks for: its enabled channels, each window clamped to its limits
 * and never empty (tileWindowRange), so every preset gives tiles parseEqualization accepts.
 */
export function presetToTileEqualization(
  preset: EqualizationPreset,
  channels: readonly EqualizationChannelInfo[],
): TileEqualization {
  const windows: ChannelWindow[] = [];
  preset.channels.forEach((channel, index) => {
    const info = channels[index];
    if (!channel.enabled || !info || info.isAvailable === false) return;
    const range = tileWindowRange({ min: channel.range.minimum, max: channel.range.maximum }, info);
    windows.push({
      channel: index,
      enabled: true,
      ...range,
      rgb: [channel.color.red, channel.color.green, channel.color.blue],
    });
  });
  return windows;
}

/** Spec 3 §4 save scopes: for me only, for the whole project, or as default. */
export type EqualizationScope = 'me' | 'project' | 'default';

/** Spec 3 §6: without equalizationManage, saving for the entire project or as default is disabled. */
export function scopeNeedsEqualizationManage(scope: EqualizationScope): boolean {
  return scope !== 'me';
}

export function canSaveEqualization(scope: EqualizationScope, permissions: ReadonlySet<Permission>): boolean {
  return !scopeNeedsEqualizationManage(scope) || permissions.has('equalizationManage');
}

/** Spec 3 §4: saving for the entire project or as default asks for confirmation; saving for me does not. */
export function saveNeedsConfirmation(scope: EqualizationScope): boolean {
  return scope !== 'me';
}

/** Spec 3 §4: reset always asks for confirmation. */
export const RESET_NEEDS_CONFIRMATION = true;

/**
 * The saved payload of spec 3 §3: slideIds, preset, and useUserId (for me) or isDefault (as default).
 * slideIds is left out when saving on the current slide alone: the server counts slides in its success
 * message only when they are given (spec 3 §4 "with counts when applied to all slides").
 */
export interface EqualizationSaveBody {
  slideIds?: string[];
  preset: EqualizationPreset;
  useUserId?: string;
  isDefault?: boolean;
}

export function equalizationSaveBody(
  scope: EqualizationScope,
  slideIds: string[] | undefined,
  preset: EqualizationPreset,
  userId: string,
): EqualizationSaveBody {
  const body: EqualizationSaveBody = slideIds === undefined ? { preset } : { slideIds, preset };
  if (scope === 'me') return { ...body, useUserId: userId };
  if (scope === 'default') return { ...body, isDefault: true };
  return body;
}

/** Reset to default (spec 3 §4) removes the caller's own presets or the project's; default presets stay. */
export type EqualizationResetScope = Exclude<EqualizationScope, 'default'>;

/** The reset payload: slideIds (left out for the current slide alone) and useUserId when resetting for me. */
export function equalizationResetBody(
  scope: EqualizationResetScope,
  slideIds: string[] | undefined,
  userId: string,
): { slideIds?: string[]; useUserId?: string } {
  return {
    ...(slideIds === undefined ? {} : { slideIds }),
    ...(scope === 'me' ? { useUserId: userId } : {}),
  };
}

/**
 * Where a slide's effective preset comes from, in the order the first saved one wins (spec 3 §4): the
 * user's own, else the project's, else the default, else one computed from the channels.
 */
export const EQUALIZATION_PRESET_SOURCES = ['user', 'project', 'default', 'computed'] as const;
export type EqualizationPresetSource = (typeof EQUALIZATION_PRESET_SOURCES)[number];

const SOURCE_OF_SCOPE: Record<EqualizationScope, EqualizationPresetSource> = {
  me: 'user',
  project: 'project',
  default: 'default',
};

export const presetSourceOfScope = (scope: EqualizationScope): EqualizationPresetSource =>
  SOURCE_OF_SCOPE[scope];

/**
 * Whether a preset just saved with `scope` is the one the user now sees: it is unless a preset of a
 * stronger source stands before it (saving for the project changes nothing for a user who saved their own).
 */
export function isShownAfterSave(scope: EqualizationScope, currentSource: EqualizationPresetSource): boolean {
  const rank = (source: EqualizationPresetSource) => EQUALIZATION_PRESET_SOURCES.indexOf(source);
  return rank(presetSourceOfScope(scope)) <= rank(currentSource);
}

/** What a user sees on a slide: the effective preset, where it comes from, and whether a default exists. */
export interface EffectiveEqualizationPreset {
  preset: EqualizationPreset;
  source: EqualizationPresetSource;
  hasDefaultPreset: boolean;
}

/**
 * The effective preset right after a save with `scope` succeeds, as far as the caller can tell without
 * asking: the saved preset when it shows (isShownAfterSave), else the one before; saving as default makes
 * hasDefaultPreset true. The web shows it at once and then reads the server's answer.
 */
export function effectivePresetAfterSave(
  previous: EffectiveEqualizationPreset,
  scope: EqualizationScope,
  preset: EqualizationPreset,
): EffectiveEqualizationPreset {
  const hasDefaultPreset = previous.hasDefaultPreset || scope === 'default';
  return isShownAfterSave(scope, previous.source)
    ? { preset, source: presetSourceOfScope(scope), hasDefaultPreset }
    : { ...previous, hasDefaultPreset };
}

/**
 * The limits a preset channel's range is held to (spec 3 §5): those the server stored with it, else
 * (an older or hand-made preset) the limits of a channel of unknown type, widened to keep its range.
 */
export function presetChannelLimits(channel: EqualizationPresetChannel): ChannelLimits {
  const { minLimit, maxLimit } = channel;
  if (Number.isFinite(minLimit) && Number.isFinite(maxLimit) && minLimit! < maxLimit!)
    return { minLimit: minLimit!, maxLimit: maxLimit! };
  const other = channelLimits({ name: '', type: 'unknown' });
  const { minimum, maximum } = channel.range;
  return {
    minLimit: Number.isFinite(minimum) ? Math.min(other.minLimit, minimum) : other.minLimit,
    maxLimit: Number.isFinite(maximum) ? Math.max(other.maxLimit, maximum) : other.maxLimit,
  };
}

/** The scope a saved body stands for: the inverse of equalizationSaveBody, for the server's permission check. */
export function scopeOfSaveBody(body: {
  useUserId?: string | null;
  isDefault?: boolean | null;
}): EqualizationScope {
  if (body.isDefault) return 'default';
  return body.useUserId ? 'me' : 'project';
}

interface AssayRef {
  marker: string;
  channel: string | number | null;
}

/** Two slides have the same assay info when they carry the same (marker, channel) pairs, in any order. */
export function assayInfoKey(assays: readonly AssayRef[]): string {
  return JSON.stringify(assays.map((a) => [a.marker, a.channel === null ? null : String(a.channel)]).sort());
}

/**
 * Spec 3 §4 'Apply to all': the filtered slides with the same assay info as the current one, skipping the
 * current slide (it is saved by the single-slide action), in list order, each once.
 */
export function applyToAllSlideIds<S extends { id: string; assays: readonly AssayRef[] }>(
  current: S,
  filtered: readonly S[],
): string[] {
  const key = assayInfoKey(current.assays);
  const ids = filtered.filter((s) => s.id !== current.id && assayInfoKey(s.assays) === key).map((s) => s.id);
  return [...new Set(ids)];
}

/**
 * Spec 3 §4 success messages, with the count when applied to all slides. The spec does not word the count;
 * ours reads 'Successfully saved (12 slides)'.
 */
export function equalizationSuccessMessage(action: 'save' | 'reset', appliedToSlides?: number): string {
  const base = action === 'save' ? EQUALIZATION_MESSAGES.saved : EQUALIZATION_MESSAGES.reset;
  if (appliedToSlides === undefined) return base;
  return `${base} (${appliedToSlides} ${appliedToSlides === 1 ? 'slide' : 'slides'})`;
}

/** What the viewer does when loading a preset fails (spec 3 §8). */
export interface EqualizationLoadFailure {
  /** The notification, or null when the failure is silent. */
  message: string | null;
  /** A preset-not-found resets the cached preset to none. */
  clearsCachedPreset: boolean;
}

export function equalizationLoadFailure(error: {
  status: number;
  code?: string;
  message: string;
}): EqualizationLoadFailure {
  const isPresetMissing = error.code === EQUALIZATION_PRESET_NOT_FOUND;
  return {
    message: error.status === 404 ? null : EQUALIZATION_MESSAGES.loadFailed(error.message),
    clearsCachedPreset: isPresetMissing,
  };
}

/**
 * What a failed reset shows: the missing-preset code is ignored (null); anything else is an update failure.
 * Before calling reset, a slide without a default preset shows EQUALIZATION_MESSAGES.noDefaultPreset.
 */
export function equalizationResetFailureMessage(error: { code?: string; message: string }): string | null {
  return error.code === EQUALIZATION_PRESET_NOT_FOUND
    ? null
    : EQUALIZATION_MESSAGES.updateFailed(error.message);
}

/** Spec 3 §8: the warning shown instead of resetting when the slide has no default preset, else null. */
export function resetWarning(hasDefaultPreset: boolean): string | null {
  return hasDefaultPreset ? null : EQUALIZATION_MESSAGES.noDefaultPreset;
}
