/**
 * The equalization panel's state rules, without React: the draft preset the user edits over the saved
 * one (spec 3 §2 "Equalization panel", §5 "Equalization"), and when the draft follows the server.
 *
 * The draft follows each new preset the server gives while the user has no edits of their own; once they
 * edit, it stays theirs until saved or reset. So a save that fails (its optimistic value rolled back, spec 2
 * §8) or a refetch never throws away what the user was adjusting.
 */
import {
  clampRange,
  presetChannelLimits,
  type ChannelLimits,
  type EqualizationPreset,
  type EqualizationPresetChannel,
  type Rgb,
} from '@tessera/domain';

export interface DraftState {
  /** The preset the server last gave (the saved or effective one); null before it loaded. */
  base: EqualizationPreset | null;
  /** What the panel shows and the viewer draws; null before the first preset arrived. */
  draft: EqualizationPreset | null;
  /** Whether the draft holds edits the server has not taken yet. */
  hasEdits: boolean;
}

export type DraftAction =
  | { type: 'serverPreset'; preset: EqualizationPreset }
  | { type: 'setEnabled'; index: number; isEnabled: boolean }
  | { type: 'setColor'; index: number; rgb: Rgb }
  | { type: 'setRange'; index: number; bound: RangeBound; value: number }
  | { type: 'saved'; preset: EqualizationPreset }
  | { type: 'discardEdits' };

export type RangeBound = 'min' | 'max';

export function initialDraftState(preset: EqualizationPreset | null): DraftState {
  return { base: preset, draft: preset, hasEdits: false };
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'serverPreset':
      return state.hasEdits && state.draft
        ? { ...state, base: action.preset }
        : { base: action.preset, draft: action.preset, hasEdits: false };
    case 'saved':
      // Edits made while the save was on its way stay edits.
      return { ...state, hasEdits: state.draft !== null && !isSamePreset(state.draft, action.preset) };
    case 'discardEdits':
      return { ...state, draft: state.base, hasEdits: false };
    default: {
      if (!state.draft) return state;
      const draft = editChannel(state.draft, action);
      return draft === state.draft ? state : { ...state, draft, hasEdits: true };
    }
  }
}

type ChannelEdit = Extract<DraftAction, { type: 'setEnabled' | 'setColor' | 'setRange' }>;

function editChannel(preset: EqualizationPreset, action: ChannelEdit): EqualizationPreset {
  const channel = preset.channels[action.index];
  if (!channel) return preset;
  let edited: EqualizationPresetChannel;
  if (action.type === 'setEnabled') edited = { ...channel, enabled: action.isEnabled };
  else if (action.type === 'setColor') edited = { ...channel, color: colorOfRgb(action.rgb) };
  else edited = { ...channel, range: editRange(channel, action.bound, action.value) };
  if (isSameChannel(edited, channel)) return preset;
  const channels = preset.channels.map((c, i) => (i === action.index ? edited : c));
  return { ...preset, channels };
}

/** Every integer type spans at least this much (int8, uint8); a narrower span is a float channel's own range. */
const INTEGER_TYPE_MIN_SPAN = 255;

/**
 * The step of a channel's range inputs and slider: 1 on the limits of an integer type, else a thousandth
 * of the span (a float channel's own range, e.g. 0..1, would otherwise have two or three positions).
 */
export function rangeStep({ minLimit, maxLimit }: ChannelLimits): number {
  const span = maxLimit - minLimit;
  const isIntegerType =
    Number.isInteger(minLimit) && Number.isInteger(maxLimit) && span >= INTEGER_TYPE_MIN_SPAN;
  return isIntegerType ? 1 : span / 1000;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * One bound of a channel's range set to `value`: held within the channel's limits and kept at least one
 * step from the other bound, the moved bound giving way (spec 3 §5 asks only min ≤ max, but the tile path
 * refuses a window with min = max, so the panel never makes one).
 */
export function editRange(
  channel: EqualizationPresetChannel,
  bound: RangeBound,
  value: number,
): EqualizationPresetChannel['range'] {
  const limits = presetChannelLimits(channel);
  const step = rangeStep(limits);
  const { minimum, maximum } = channel.range;
  const next =
    bound === 'min'
      ? { min: clamp(value, limits.minLimit, maximum - step), max: maximum }
      : { min: minimum, max: clamp(value, minimum + step, limits.maxLimit) };
  const clamped = clampRange(next, limits);
  return { minimum: clamped.min, maximum: clamped.max };
}

/** A range input's typed text as a number, or null (the input then goes back to the current value). */
export function parseRangeText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export const rgbOfColor = ({ red, green, blue }: EqualizationPresetChannel['color']): Rgb => [
  red,
  green,
  blue,
];
export const colorOfRgb = ([red, green, blue]: Rgb): EqualizationPresetChannel['color'] => ({
  red,
  green,
  blue,
});

function isSameChannel(a: EqualizationPresetChannel, b: EqualizationPresetChannel): boolean {
  return (
    a.enabled === b.enabled &&
    a.name === b.name &&
    a.color.red === b.color.red &&
    a.color.green === b.color.green &&
    a.color.blue === b.color.blue &&
    a.range.minimum === b.range.minimum &&
    a.range.maximum === b.range.maximum &&
    a.minLimit === b.minLimit &&
    a.maxLimit === b.maxLimit
  );
}

/** Whether two presets draw the same (field by field: the server's key order may differ from ours). */
export function isSamePreset(a: EqualizationPreset, b: EqualizationPreset): boolean {
  return (
    a.type === b.type &&
    a.channels.length === b.channels.length &&
    a.channels.every((channel, i) => isSameChannel(channel, b.channels[i]!))
  );
}

/** A range value as its input shows it: whole on integer steps, else to the step's decimals (no float noise). */
export function formatRangeValue(value: number, step: number): string {
  if (step >= 1 || !(step > 0)) return String(value);
  const decimals = Math.min(20, Math.ceil(-Math.log10(step)));
  return String(Number(value.toFixed(decimals)));
}
