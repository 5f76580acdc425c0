/**
 * Channel equalization of spec 3 §3–§5 and §8, and the tile-path form of spec 2 §7: the per-channel linear
 * window (min, max) and colour that turn fluorescence channels of any sample type into an RGB tile.
 * Pure: the server validates tile paths and preset bodies with it, the web mirrors the same rules.
 */
import { parseBoundedJson } from './json-bounds.ts';
import { z } from 'zod';

/** Spec 3 §9: at most the first 7 channels are enabled by default. */
export const EQUALIZATION_MAX_DEFAULT_ENABLED = 7;

/** The tile path's word for "no equalization" (spec 2 §7: `{equalization or noeq}`). */
export const NO_EQUALIZATION = 'noeq';

/**
 * Spec 3 §9 names a ten-colour channel palette without listing it; these are the usual fluorescence
 * display colours (DAPI blue first, then the common filter colours), fixed so defaults are stable.
 */
export const CHANNEL_PALETTE: readonly Rgb[] = [
  [0, 0, 255],
  [0, 255, 0],
  [255, 0, 0],
  [255, 255, 0],
  [255, 0, 255],
  [0, 255, 255],
  [255, 128, 0],
  [255, 255, 255],
  [128, 0, 255],
  [0, 128, 255],
];

/** Bounds on a tile-path equalization so a hostile URL cannot make us do unbounded work. */
export const EQUALIZATION_TEXT_MAX_LENGTH = 16_384;
export const EQUALIZATION_CHANNELS_MAX = 256;

export const EQUALIZATION_MESSAGES = {
  saved: 'Successfully saved',
  reset: 'Successfully reset to default',
  updateFailed: (reason: string) => `Equalization update failed: ${reason}`,
  loadFailed: (message: string) => `Equalization load failed: ${message}`,
  noDefaultPreset: 'No default preset has been set for this slide, unable to reset',
  channelUnavailable: 'available when optimized for viewing',
  // The server's own answers for a malformed tile-path equalization (the spec gives no wording).
  malformedJson: 'Equalization is not valid JSON',
  tooLong: `Equalization is longer than ${EQUALIZATION_TEXT_MAX_LENGTH} characters`,
  notUrlEncoded: 'Equalization is not correctly URL-encoded',
  invalid: (detail: string) => `Invalid equalization: ${detail}`,
  duplicateChannel: (channel: number) => `Invalid equalization: channel ${channel} is given more than once`,
  minNotBelowMax: (channel: number) => `Invalid equalization: channel ${channel} min must be less than max`,
  unknownChannel: (channel: number, count: number) =>
    `Invalid equalization: channel ${channel} does not exist (the slide has ${count})`,
} as const;

/** The error code the server answers when a slide has no preset; reset ignores it (spec 3 §8). */
export const EQUALIZATION_PRESET_NOT_FOUND = 'EQUALIZATION_PRESET_NOT_FOUND';

export type Rgb = readonly [number, number, number];

/** One channel's window in the tile path. Disabled channels contribute nothing to the tile. */
export interface ChannelWindow {
  channel: number;
  enabled: boolean;
  min: number;
  max: number;
  rgb: Rgb;
}

/** A tile-path equalization: windows sorted by channel, each channel at most once. */
export type TileEqualization = ChannelWindow[];

export type EqualizationResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** What the equalization rules need to know of a slide channel (spec 3 §3 Image info). */
export interface EqualizationChannelInfo {
  name: string;
  /** uint8, int8, uint16, int16, float32 or another type name. */
  type: string;
  /** The channel's own minimum and maximum (statistics or the file's range), when known. */
  min?: number | null;
  max?: number | null;
  /** The file's display colour, when it names one. */
  color?: Rgb | null;
  /** False when the channel cannot be shown (see isChannelAvailable). */
  isAvailable?: boolean;
}

export interface ChannelLimits {
  minLimit: number;
  maxLimit: number;
}

const TYPE_LIMITS: Record<string, ChannelLimits> = {
  int8: { minLimit: -128, maxLimit: 127 },
  uint8: { minLimit: 0, maxLimit: 255 },
  uint16: { minLimit: 0, maxLimit: 65535 },
  int16: { minLimit: -32768, maxLimit: 32767 },
};
const OTHER_LIMITS: ChannelLimits = { minLimit: 0, maxLimit: 255 };

export function hasOwnRange(
  channel: EqualizationChannelInfo,
): channel is EqualizationChannelInfo & { min: number; max: number } {
  return (
    Number.isFinite(channel.min) &&
    Number.isFinite(channel.max) &&
    (channel.min as number) < (channel.max as number)
  );
}

/** True when a channel type's limits are its type's range alone, whatever its own min/max (spec 3 §5). */
export function hasTypeLimits(type: string): boolean {
  return type in TYPE_LIMITS;
}

/**
 * Spec 3 §5: integer types have their type's range; float32 and every other type 0..255, overridden by the
 * channel's own min/max when the slide gives a usable one.
 */
export function channelLimits(channel: EqualizationChannelInfo): ChannelLimits {
  const byType = TYPE_LIMITS[channel.type];
  if (byType) return byType;
  return hasOwnRange(channel) ? { minLimit: channel.min, maxLimit: channel.max } : OTHER_LIMITS;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Spec 3 §5: the range clamps to the channel limits, and min cannot exceed max (min is pulled down to max). */
export function clampRange(
  range: { min: number; max: number },
  limits: ChannelLimits,
): { min: number; max: number } {
  const max = clamp(range.max, limits.minLimit, limits.maxLimit);
  const min = Math.min(clamp(range.min, limits.minLimit, limits.maxLimit), max);
  return { min, max };
}

/**
 * A range the tile path accepts (spec 2 §7 refuses min ≥ max, parseEqualization). Spec 3 §5 lets a range
 * close to one value (min pulled down to max, or both clamped to a limit), and a saved preset may hold
 * one: such a range is widened by the channel's smallest step — 1 for integer types, 1/65536 of the
 * limits otherwise — upwards, or downwards at the upper limit, so it stays a step at that value.
 */
export function tileWindowRange(
  range: { min: number; max: number },
  channel: EqualizationChannelInfo,
): { min: number; max: number } {
  const limits = channelLimits(channel);
  const { min, max } = clampRange(range, limits);
  if (min < max) return { min, max };
  const step = hasTypeLimits(channel.type) ? 1 : (limits.maxLimit - limits.minLimit) / 65536;
  const widened = max + step <= limits.maxLimit ? { min, max: max + step } : { min: min - step, max };
  // A step lost to floating-point precision (huge values): the channel's whole range, still valid.
  return widened.min < widened.max ? widened : { min: limits.minLimit, max: limits.maxLimit };
}

/** Spec 3 §5: channels of unconverted qptiff slides that are not uint8 cannot be shown. */
export function isChannelAvailable(
  slide: { format: string; isConverted: boolean },
  channelType: string,
): boolean {
  return slide.isConverted || slide.format !== 'qptiff' || channelType === 'uint8';
}

/** The message shown for a channel isChannelAvailable refuses, else null. */
export function channelUnavailableMessage(
  slide: { format: string; isConverted: boolean },
  channelType: string,
): string | null {
  return isChannelAvailable(slide, channelType) ? null : EQUALIZATION_MESSAGES.channelUnavailable;
}

// ---- The tile path (spec 2 §7): URL-encoded JSON, a list of min, max and rgb per enabled channel ----

export const rgbByte = z.number().int().min(0).max(255);
const channelWindowInput = z.strictObject({
  /** Defaults to the entry's position in the list. */
  channel: z
    .number()
    .int()
    .min(0)
    .max(EQUALIZATION_CHANNELS_MAX - 1)
    .optional(),
  enabled: z.boolean().optional(),
  min: z.number(),
  max: z.number(),
  rgb: z.tuple([rgbByte, rgbByte, rgbByte]),
});
const tileEqualizationInput = z.array(channelWindowInput).max(EQUALIZATION_CHANNELS_MAX);

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('');
  return path ? `${path.replace(/^\./, '')}: ${issue.message}` : issue.message;
}

/**
 * Parses the JSON text of a tile path's equalization. Never throws: malformed JSON, a wrong shape, a
 * channel given twice or min ≥ max give a message. Channel existence and limits need the slide: see
 * resolveEqualization.
 */
export function parseEqualization(text: string): EqualizationResult<TileEqualization> {
  if (text.length > EQUALIZATION_TEXT_MAX_LENGTH)
    return { ok: false, message: EQUALIZATION_MESSAGES.tooLong };
  const json = parseBoundedJson(text);
  if (!json.ok) return { ok: false, message: EQUALIZATION_MESSAGES.malformedJson };
  const parsed = tileEqualizationInput.safeParse(json.value);
  if (!parsed.success) {
    return {
      ok: false,
      message: EQUALIZATION_MESSAGES.invalid(parsed.error.issues.map(describeIssue).join('; ')),
    };
  }
  const seen = new Set<number>();
  const windows: ChannelWindow[] = [];
  for (const [index, entry] of parsed.data.entries()) {
    const channel = entry.channel ?? index;
    if (seen.has(channel)) return { ok: false, message: EQUALIZATION_MESSAGES.duplicateChannel(channel) };
    seen.add(channel);
    if (!(entry.min < entry.max))
      return { ok: false, message: EQUALIZATION_MESSAGES.minNotBelowMax(channel) };
    windows.push({ channel, enabled: entry.enabled ?? true, min: entry.min, max: entry.max, rgb: entry.rgb });
  }
  return { ok: true, value: windows.sort((a, b) => a.channel - b.channel) };
}

/**
 * Parses the path segment itself: `noeq` → null (no equalization), otherwise URL-decoded JSON. Frameworks
 * usually decode path parameters already; decoding text without `%` is a no-op, so either is accepted.
 */
export function parseEqualizationSegment(segment: string): EqualizationResult<TileEqualization | null> {
  if (segment === NO_EQUALIZATION) return { ok: true, value: null };
  let text = segment;
  if (segment.includes('%')) {
    try {
      text = decodeURIComponent(segment);
    } catch {
      return { ok: false, message: EQUALIZATION_MESSAGES.notUrlEncoded };
    }
  }
  return parseEqualization(text);
}

/**
 * Checks a parsed equalization against the slide's channels and clamps every window to its channel limits
 * (spec 3 §5). Clamping can make min equal max (both beyond a limit); the compositor treats that as a step.
 */
export function resolveEqualization(
  eq: TileEqualization,
  channels: readonly EqualizationChannelInfo[],
): EqualizationResult<TileEqualization> {
  const resolved: ChannelWindow[] = [];
  for (const window of eq) {
    const info = channels[window.channel];
    if (!info)
      return { ok: false, message: EQUALIZATION_MESSAGES.unknownChannel(window.channel, channels.length) };
    resolved.push({ ...window, ...clampRange(window, channelLimits(info)) });
  }
  return { ok: true, value: resolved };
}

/**
 * The canonical text of an equalization, for cache keys and ETags: enabled channels only (disabled ones do
 * not change a pixel), sorted by channel, fixed key order. It is itself valid tile-path JSON:
 * parseEqualization(equalizationKey(eq)) gives back the enabled windows.
 */
export function equalizationKey(eq: TileEqualization | null): string {
  if (eq === null) return NO_EQUALIZATION;
  const enabled = eq.filter((w) => w.enabled).sort((a, b) => a.channel - b.channel);
  // JSON.stringify writes -0 as 0 and every finite number in its shortest round-tripping form.
  return JSON.stringify(
    enabled.map((w) => ({ channel: w.channel, min: w.min, max: w.max, rgb: [w.rgb[0], w.rgb[1], w.rgb[2]] })),
  );
}
