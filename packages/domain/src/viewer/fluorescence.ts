/**
 * Spec 2 §2 immunofluorescence display: 'Split Channels' shows a grid of per-channel viewers, its rows
 * and columns chosen to fit the channel count; 'Toggle Grayscale' shows channels in white instead of
 * their colours. These derive what each viewer draws from the slide's equalization preset.
 */
import type { EqualizationPreset } from '../equalization-presets.ts';

export const FLUORESCENCE_LABELS = {
  split: 'Split Channels',
  combine: 'Combine Channels',
  colored: 'Toggle Colored',
  grayscale: 'Toggle Grayscale',
} as const;

/** Rows and columns for n channel viewers: as square as possible, wider than tall (screens are). */
export function channelGridOf(count: number): { rows: number; columns: number } {
  const n = Math.max(1, Math.floor(count));
  const columns = Math.ceil(Math.sqrt(n));
  return { rows: Math.ceil(n / columns), columns };
}

const WHITE = { red: 255, green: 255, blue: 255 };

/**
 * The preset one viewer draws: all enabled channels (combined), or channel `only` alone (a viewer of
 * the split grid, shown even when the preset leaves it off); in white when grayscale.
 */
export function displayPresetOf(
  preset: EqualizationPreset,
  view: { isGrayscale: boolean; only?: number },
): EqualizationPreset {
  return {
    ...preset,
    channels: preset.channels.map((channel, index) => ({
      ...channel,
      enabled: view.only === undefined ? channel.enabled : index === view.only,
      color: view.isGrayscale ? WHITE : channel.color,
    })),
  };
}
