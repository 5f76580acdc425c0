import { describe, expect, it } from 'vitest';
import type { EqualizationPreset } from '../equalization-presets.ts';
import { channelGridOf, displayPresetOf } from './fluorescence.ts';

const channel = (enabled: boolean, red: number) => ({
  enabled,
  color: { red, green: 0, blue: 0 },
  range: { minimum: 0, maximum: 255 },
});
const preset: EqualizationPreset = { type: 'Linear', channels: [channel(true, 10), channel(false, 20)] };

describe('the channel grid', () => {
  it('fits the channel count, as square as possible and never taller than wide', () => {
    expect(channelGridOf(1)).toEqual({ rows: 1, columns: 1 });
    expect(channelGridOf(2)).toEqual({ rows: 1, columns: 2 });
    expect(channelGridOf(3)).toEqual({ rows: 2, columns: 2 });
    expect(channelGridOf(5)).toEqual({ rows: 2, columns: 3 });
    expect(channelGridOf(7)).toEqual({ rows: 3, columns: 3 });
    for (let n = 1; n <= 40; n++) {
      const { rows, columns } = channelGridOf(n);
      expect(rows * columns).toBeGreaterThanOrEqual(n);
      expect(rows * columns - n).toBeLessThan(columns);
      expect(rows).toBeLessThanOrEqual(columns);
    }
  });
});

describe('the preset a viewer draws', () => {
  it('keeps the combined channels, or one channel alone in the split grid', () => {
    expect(displayPresetOf(preset, { isGrayscale: false })).toEqual(preset);
    const second = displayPresetOf(preset, { isGrayscale: false, only: 1 });
    expect(second.channels.map((c) => c.enabled)).toEqual([false, true]);
  });

  it('draws every channel white in grayscale', () => {
    const grey = displayPresetOf(preset, { isGrayscale: true });
    expect(grey.channels.map((c) => c.color)).toEqual([
      { red: 255, green: 255, blue: 255 },
      { red: 255, green: 255, blue: 255 },
    ]);
    expect(grey.channels.map((c) => c.enabled)).toEqual([true, false]);
  });
});
