import { describe, expect, it } from 'vitest';
import {
  EQUALIZATION_PRESET_SOURCES,
  effectivePresetAfterSave,
  equalizationResetBody,
  equalizationSaveBody,
  isShownAfterSave,
  presetChannelLimits,
  presetSourceOfScope,
  type EqualizationPreset,
  type EqualizationPresetChannel,
} from './equalization-presets.ts';

const channel = (extra: Partial<EqualizationPresetChannel> = {}): EqualizationPresetChannel => ({
  enabled: true,
  color: { red: 0, green: 0, blue: 255 },
  range: { minimum: 10, maximum: 200 },
  ...extra,
});
const preset: EqualizationPreset = { type: 'Linear', channels: [channel()] };

describe('save and reset payloads (spec 3 §3, §4)', () => {
  it('leaves slideIds out when saving on the current slide alone', () => {
    expect(equalizationSaveBody('me', undefined, preset, 'u1')).toEqual({ preset, useUserId: 'u1' });
    expect(equalizationSaveBody('project', undefined, preset, 'u1')).toEqual({ preset });
    expect(equalizationSaveBody('default', undefined, preset, 'u1')).toEqual({ preset, isDefault: true });
  });

  it('resets for me with the user id, for the project without it', () => {
    expect(equalizationResetBody('me', undefined, 'u1')).toEqual({ useUserId: 'u1' });
    expect(equalizationResetBody('me', ['s2'], 'u1')).toEqual({ slideIds: ['s2'], useUserId: 'u1' });
    expect(equalizationResetBody('project', undefined, 'u1')).toEqual({});
    expect(equalizationResetBody('project', ['s2', 's3'], 'u1')).toEqual({ slideIds: ['s2', 's3'] });
  });
});

describe('which preset the user sees (spec 3 §4)', () => {
  it('orders the sources: the user’s own, the project’s, the default, computed', () => {
    expect(EQUALIZATION_PRESET_SOURCES).toEqual(['user', 'project', 'default', 'computed']);
    expect(presetSourceOfScope('me')).toBe('user');
    expect(presetSourceOfScope('project')).toBe('project');
    expect(presetSourceOfScope('default')).toBe('default');
  });

  it('a saved preset shows unless a stronger one stands before it', () => {
    for (const source of EQUALIZATION_PRESET_SOURCES) expect(isShownAfterSave('me', source)).toBe(true);
    expect(isShownAfterSave('project', 'user')).toBe(false);
    expect(isShownAfterSave('project', 'project')).toBe(true);
    expect(isShownAfterSave('project', 'computed')).toBe(true);
    expect(isShownAfterSave('default', 'user')).toBe(false);
    expect(isShownAfterSave('default', 'project')).toBe(false);
    expect(isShownAfterSave('default', 'default')).toBe(true);
    expect(isShownAfterSave('default', 'computed')).toBe(true);
  });
});

describe('limits of a preset channel (spec 3 §5)', () => {
  it('are the stored limits', () => {
    expect(presetChannelLimits(channel({ minLimit: 0, maxLimit: 65535 }))).toEqual({
      minLimit: 0,
      maxLimit: 65535,
    });
    expect(presetChannelLimits(channel({ minLimit: -128, maxLimit: 127 }))).toEqual({
      minLimit: -128,
      maxLimit: 127,
    });
  });

  it('without usable stored limits, 0..255 widened to keep the range', () => {
    expect(presetChannelLimits(channel())).toEqual({ minLimit: 0, maxLimit: 255 });
    expect(presetChannelLimits(channel({ minLimit: 5, maxLimit: 5 }))).toEqual({
      minLimit: 0,
      maxLimit: 255,
    });
    expect(presetChannelLimits(channel({ range: { minimum: -4, maximum: 1000 } }))).toEqual({
      minLimit: -4,
      maxLimit: 1000,
    });
  });
});

describe('the effective preset after a save (spec 3 §4)', () => {
  const saved: EqualizationPreset = { type: 'Linear', channels: [channel({ enabled: false })] };

  it('is the saved one when it shows, with its source', () => {
    const computed = { preset, source: 'computed' as const, hasDefaultPreset: false };
    expect(effectivePresetAfterSave(computed, 'me', saved)).toEqual({
      preset: saved,
      source: 'user',
      hasDefaultPreset: false,
    });
    expect(effectivePresetAfterSave(computed, 'default', saved)).toEqual({
      preset: saved,
      source: 'default',
      hasDefaultPreset: true,
    });
  });

  it('stays the one before under a stronger source; a default save still counts as a default', () => {
    const own = { preset, source: 'user' as const, hasDefaultPreset: false };
    expect(effectivePresetAfterSave(own, 'project', saved)).toEqual(own);
    expect(effectivePresetAfterSave(own, 'default', saved)).toEqual({ ...own, hasDefaultPreset: true });
  });
});
