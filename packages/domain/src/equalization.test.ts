import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_PALETTE,
  channelLimits,
  channelUnavailableMessage,
  clampRange,
  EQUALIZATION_MESSAGES,
  EQUALIZATION_PRESET_NOT_FOUND,
  equalizationKey,
  isChannelAvailable,
  parseEqualization,
  parseEqualizationSegment,
  resolveEqualization,
  type ChannelWindow,
  type EqualizationChannelInfo,
} from './equalization.ts';
import {
  applyToAllSlideIds,
  canSaveEqualization,
  defaultEqualizationPreset,
  equalizationLoadFailure,
  equalizationResetFailureMessage,
  equalizationSaveBody,
  equalizationSuccessMessage,
  presetToTileEqualization,
  resetWarning,
  saveNeedsConfirmation,
  scopeNeedsEqualizationManage,
  scopeOfSaveBody,
  type EqualizationPreset,
} from './equalization-presets.ts';
import type { Permission } from './permissions.ts';

const ch = (type: string, extra: Partial<EqualizationChannelInfo> = {}): EqualizationChannelInfo => ({
  name: type,
  type,
  ...extra,
});

describe('channel limits (spec 3 §5)', () => {
  it.each([
    ['int8', -128, 127],
    ['uint8', 0, 255],
    ['uint16', 0, 65535],
    ['int16', -32768, 32767],
    ['float32', 0, 255],
    ['uint32', 0, 255],
  ])('%s → %d..%d', (type, minLimit, maxLimit) => {
    expect(channelLimits(ch(type))).toEqual({ minLimit, maxLimit });
  });

  it("float32 and other types take the channel's own min/max", () => {
    expect(channelLimits(ch('float32', { min: -1.5, max: 3.25 }))).toEqual({
      minLimit: -1.5,
      maxLimit: 3.25,
    });
    expect(channelLimits(ch('float64', { min: 0, max: 1 }))).toEqual({ minLimit: 0, maxLimit: 1 });
    // An unusable own range (inverted, missing) falls back to 0..255.
    expect(channelLimits(ch('float32', { min: 5, max: 5 }))).toEqual({ minLimit: 0, maxLimit: 255 });
    expect(channelLimits(ch('float32', { min: null, max: 3 }))).toEqual({ minLimit: 0, maxLimit: 255 });
  });

  it('integer types keep their type range even with statistics', () => {
    expect(channelLimits(ch('uint16', { min: 100, max: 4000 }))).toEqual({ minLimit: 0, maxLimit: 65535 });
  });

  it('clamps ranges into the limits and min never exceeds max', () => {
    expect(clampRange({ min: -10, max: 300 }, { minLimit: 0, maxLimit: 255 })).toEqual({ min: 0, max: 255 });
    expect(clampRange({ min: 200, max: 100 }, { minLimit: 0, maxLimit: 255 })).toEqual({
      min: 100,
      max: 100,
    });
    expect(clampRange({ min: 300, max: 400 }, { minLimit: 0, maxLimit: 255 })).toEqual({
      min: 255,
      max: 255,
    });
  });

  it('clamping invariants hold for any range and limits', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        fc.integer({ min: -70000, max: 70000 }),
        fc.integer({ min: 0, max: 70000 }),
        (min, max, low, width) => {
          const limits = { minLimit: low, maxLimit: low + width };
          const r = clampRange({ min, max }, limits);
          expect(r.min).toBeGreaterThanOrEqual(limits.minLimit);
          expect(r.max).toBeLessThanOrEqual(limits.maxLimit);
          expect(r.min).toBeLessThanOrEqual(r.max);
          // Idempotent: a clamped range is already inside.
          expect(clampRange(r, limits)).toEqual(r);
        },
      ),
    );
  });

  it('unconverted qptiff channels that are not uint8 are unavailable, with the spec message', () => {
    expect(isChannelAvailable({ format: 'qptiff', isConverted: false }, 'uint16')).toBe(false);
    expect(channelUnavailableMessage({ format: 'qptiff', isConverted: false }, 'uint16')).toBe(
      'available when optimized for viewing',
    );
    expect(isChannelAvailable({ format: 'qptiff', isConverted: false }, 'uint8')).toBe(true);
    expect(isChannelAvailable({ format: 'qptiff', isConverted: true }, 'uint16')).toBe(true);
    expect(channelUnavailableMessage({ format: 'ome-tiff', isConverted: false }, 'uint16')).toBeNull();
  });
});

describe('parseEqualization (tile path, spec 2 §7)', () => {
  const ok = (text: string) => {
    const r = parseEqualization(text);
    if (!r.ok) throw new Error(r.message);
    return r.value;
  };
  const message = (text: string) => {
    const r = parseEqualization(text);
    if (r.ok) throw new Error('expected a failure');
    return r.message;
  };

  it('reads a list of min, max and rgb, channel defaulting to the position, sorted by channel', () => {
    expect(
      ok(
        '[{"min":0,"max":255,"rgb":[0,0,255]},{"channel":3,"min":10,"max":20.5,"rgb":[255,0,0],"enabled":false}]',
      ),
    ).toEqual([
      { channel: 0, enabled: true, min: 0, max: 255, rgb: [0, 0, 255] },
      { channel: 3, enabled: false, min: 10, max: 20.5, rgb: [255, 0, 0] },
    ]);
    expect(
      ok('[{"channel":2,"min":0,"max":1,"rgb":[1,1,1]},{"channel":1,"min":0,"max":1,"rgb":[2,2,2]}]').map(
        (w) => w.channel,
      ),
    ).toEqual([1, 2]);
    expect(ok('[]')).toEqual([]);
  });

  it('gives clear messages and never throws', () => {
    expect(message('{nope')).toBe('Equalization is not valid JSON');
    expect(message('{"min":0}')).toMatch(/^Invalid equalization: /);
    expect(message('[{"min":0,"max":10,"rgb":[0,0,256]}]')).toMatch(
      /^Invalid equalization: \[0\]\.rgb\[2\]: /,
    );
    expect(message('[{"min":0,"max":10}]')).toMatch(/^Invalid equalization: \[0\]\.rgb: /);
    expect(message('[{"min":"0","max":10,"rgb":[0,0,0]}]')).toMatch(/\[0\]\.min/);
    expect(message('[{"channel":-1,"min":0,"max":10,"rgb":[0,0,0]}]')).toMatch(/\[0\]\.channel/);
    expect(message('[{"min":0,"max":10,"rgb":[0,0,0],"gamma":2}]')).toMatch(/^Invalid equalization: /);
    expect(message('[{"min":5,"max":5,"rgb":[0,0,0]}]')).toBe(
      'Invalid equalization: channel 0 min must be less than max',
    );
    expect(message('[{"min":0,"max":1,"rgb":[0,0,0]},{"channel":0,"min":0,"max":1,"rgb":[0,0,0]}]')).toBe(
      'Invalid equalization: channel 0 is given more than once',
    );
    expect(message('x'.repeat(20000))).toBe('Equalization is longer than 16384 characters');
    fc.assert(fc.property(fc.string(), (text) => void parseEqualization(text)));
    fc.assert(fc.property(fc.json(), (text) => void parseEqualization(text)));
  });

  it('reads the path segment: noeq, URL-encoded JSON, bad encoding', () => {
    expect(parseEqualizationSegment('noeq')).toEqual({ ok: true, value: null });
    const text = '[{"min":0,"max":255,"rgb":[0,255,0]}]';
    expect(parseEqualizationSegment(encodeURIComponent(text))).toEqual(parseEqualization(text));
    expect(parseEqualizationSegment(text)).toEqual(parseEqualization(text));
    expect(parseEqualizationSegment('%E0%A4%A')).toEqual({
      ok: false,
      message: 'Equalization is not correctly URL-encoded',
    });
  });

  it('resolves against the slide: unknown channel → message, windows clamped to limits', () => {
    const eq = ok('[{"min":-50,"max":70000,"rgb":[0,0,255]},{"min":-5,"max":300,"rgb":[0,255,0]}]');
    expect(resolveEqualization(eq, [ch('uint16'), ch('uint8')])).toEqual({
      ok: true,
      value: [
        { channel: 0, enabled: true, min: 0, max: 65535, rgb: [0, 0, 255] },
        { channel: 1, enabled: true, min: 0, max: 255, rgb: [0, 255, 0] },
      ],
    });
    expect(resolveEqualization(eq, [ch('uint16')])).toEqual({
      ok: false,
      message: 'Invalid equalization: channel 1 does not exist (the slide has 1)',
    });
    const signed = resolveEqualization(ok('[{"min":-200,"max":-100,"rgb":[1,2,3]}]'), [ch('int8')]);
    expect(signed.ok && signed.value[0]).toMatchObject({ min: -128, max: -100 });
  });
});

const windowArb: fc.Arbitrary<ChannelWindow> = fc
  .record({
    channel: fc.integer({ min: 0, max: 20 }),
    enabled: fc.boolean(),
    a: fc.double({ noNaN: true, noDefaultInfinity: true }),
    b: fc.double({ noNaN: true, noDefaultInfinity: true }),
    rgb: fc.tuple(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
    ),
  })
  .filter(({ a, b }) => a !== b)
  .map(({ channel, enabled, a, b, rgb }) => ({
    channel,
    enabled,
    min: Math.min(a, b),
    max: Math.max(a, b),
    rgb,
  }));
const eqArb = fc.uniqueArray(windowArb, { selector: (w) => w.channel, maxLength: 10 });

describe('equalizationKey', () => {
  it('keeps enabled channels in channel order with a fixed key order', () => {
    const eq: ChannelWindow[] = [
      { channel: 2, enabled: true, min: 1, max: 2, rgb: [3, 4, 5] },
      { channel: 1, enabled: false, min: 0, max: 9, rgb: [0, 0, 0] },
      { channel: 0, enabled: true, min: -0, max: 0.5, rgb: [255, 0, 0] },
    ];
    expect(equalizationKey(eq)).toBe(
      '[{"channel":0,"min":0,"max":0.5,"rgb":[255,0,0]},{"channel":2,"min":1,"max":2,"rgb":[3,4,5]}]',
    );
    expect(equalizationKey(null)).toBe('noeq');
  });

  it('parse → key → parse round trips and the key is canonical', () => {
    fc.assert(
      fc.property(eqArb, (eq) => {
        const key = equalizationKey(eq);
        const parsed = parseEqualization(key);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const enabled = eq.filter((w) => w.enabled).sort((x, y) => x.channel - y.channel);
        expect(parsed.value).toEqual(enabled.map((w) => ({ ...w, min: w.min + 0, max: w.max + 0 })));
        expect(equalizationKey(parsed.value)).toBe(key);
        // The same windows in another order or through the URL give the same key.
        expect(equalizationKey([...eq].reverse())).toBe(key);
        const viaUrl = parseEqualizationSegment(encodeURIComponent(JSON.stringify(eq)));
        expect(viaUrl.ok && equalizationKey(viaUrl.value)).toBe(key);
      }),
    );
  });
});

describe('default preset (spec 3 §4)', () => {
  it('enables at most the first 7 available channels, palette colours when the file has none', () => {
    const channels = Array.from({ length: 12 }, (_, i) => ch('uint16', { name: `c${i}` }));
    channels[1] = { ...channels[1]!, isAvailable: false };
    channels[2] = { ...channels[2]!, color: [10, 20, 30] };
    const preset = defaultEqualizationPreset(channels);
    expect(preset.type).toBe('Linear');
    expect(preset.channels.map((c) => c.enabled)).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(preset.channels[0]!.color).toEqual({ red: 0, green: 0, blue: 255 });
    expect(preset.channels[2]!.color).toEqual({ red: 10, green: 20, blue: 30 });
    expect(preset.channels[10]!.color).toEqual({
      red: CHANNEL_PALETTE[0]![0],
      green: CHANNEL_PALETTE[0]![1],
      blue: CHANNEL_PALETTE[0]![2],
    });
    expect(CHANNEL_PALETTE).toHaveLength(10);
    expect(preset.channels[0]).toMatchObject({
      name: 'c0',
      range: { minimum: 0, maximum: 65535 },
      minLimit: 0,
      maxLimit: 65535,
    });
  });

  it("takes the range from the channel's statistics, clamped to its limits", () => {
    const preset = defaultEqualizationPreset([
      ch('uint16', { min: 100, max: 4000 }),
      ch('uint8', { min: -5, max: 90 }),
      ch('float32', { min: -1, max: 2 }),
    ]);
    expect(preset.channels.map((c) => c.range)).toEqual([
      { minimum: 100, maximum: 4000 },
      { minimum: 0, maximum: 90 },
      { minimum: -1, maximum: 2 },
    ]);
  });

  it('turns a preset into the tile equalization of its enabled, available channels, clamped', () => {
    const channels = [ch('uint8'), ch('uint8'), ch('uint16', { isAvailable: false })];
    const preset: EqualizationPreset = {
      type: 'Linear',
      channels: [
        { enabled: true, color: { red: 1, green: 2, blue: 3 }, range: { minimum: -4, maximum: 400 } },
        { enabled: false, color: { red: 0, green: 0, blue: 0 }, range: { minimum: 0, maximum: 1 } },
        { enabled: true, color: { red: 0, green: 0, blue: 0 }, range: { minimum: 0, maximum: 1 } },
        { enabled: true, color: { red: 0, green: 0, blue: 0 }, range: { minimum: 0, maximum: 1 } },
      ],
    };
    expect(presetToTileEqualization(preset, channels)).toEqual([
      { channel: 0, enabled: true, min: 0, max: 255, rgb: [1, 2, 3] },
    ]);
  });
});

describe('save scopes and permissions (spec 3 §4, §6)', () => {
  const none = new Set<Permission>();
  const manage = new Set<Permission>(['equalizationManage']);
  const preset = defaultEqualizationPreset([ch('uint8')]);

  it('project and default scope need equalizationManage; for me does not', () => {
    expect(scopeNeedsEqualizationManage('me')).toBe(false);
    expect(scopeNeedsEqualizationManage('project')).toBe(true);
    expect(scopeNeedsEqualizationManage('default')).toBe(true);
    expect(canSaveEqualization('me', none)).toBe(true);
    expect(canSaveEqualization('project', none)).toBe(false);
    expect(canSaveEqualization('default', none)).toBe(false);
    expect(canSaveEqualization('project', manage)).toBe(true);
    expect(canSaveEqualization('default', manage)).toBe(true);
  });

  it('project and default saves ask for confirmation', () => {
    expect(saveNeedsConfirmation('me')).toBe(false);
    expect(saveNeedsConfirmation('project')).toBe(true);
    expect(saveNeedsConfirmation('default')).toBe(true);
  });

  it('builds the saved payload and reads its scope back', () => {
    expect(equalizationSaveBody('me', ['s1'], preset, 'u1')).toEqual({
      slideIds: ['s1'],
      preset,
      useUserId: 'u1',
    });
    expect(equalizationSaveBody('project', ['s1'], preset, 'u1')).toEqual({ slideIds: ['s1'], preset });
    expect(equalizationSaveBody('default', ['s1'], preset, 'u1')).toEqual({
      slideIds: ['s1'],
      preset,
      isDefault: true,
    });
    for (const scope of ['me', 'project', 'default'] as const) {
      expect(scopeOfSaveBody(equalizationSaveBody(scope, [], preset, 'u1'))).toBe(scope);
    }
  });

  it('apply to all: filtered slides with the same assay info, skipping the current one', () => {
    const a = (marker: string, channel: number) => ({ marker, channel });
    const current = { id: 's1', assays: [a('CD3', 1), a('DAPI', 0)] };
    const filtered = [
      current,
      { id: 's2', assays: [a('DAPI', 0), a('CD3', 1)] },
      { id: 's3', assays: [a('DAPI', 0)] },
      { id: 's4', assays: [a('CD3', 1), a('DAPI', 0)] },
      { id: 's5', assays: [a('CD3', 2), a('DAPI', 0)] },
    ];
    expect(applyToAllSlideIds(current, filtered)).toEqual(['s2', 's4']);
  });
});

describe('messages of spec 3 §8 Equalization', () => {
  it('success messages, with counts when applied to all slides', () => {
    expect(equalizationSuccessMessage('save')).toBe('Successfully saved');
    expect(equalizationSuccessMessage('reset')).toBe('Successfully reset to default');
    expect(equalizationSuccessMessage('save', 3)).toBe('Successfully saved (3 slides)');
    expect(equalizationSuccessMessage('reset', 1)).toBe('Successfully reset to default (1 slide)');
  });

  it('update failure wording', () => {
    expect(EQUALIZATION_MESSAGES.updateFailed('boom')).toBe('Equalization update failed: boom');
  });

  it('load failure: message, silent on not found, preset-not-found clears the cache', () => {
    expect(equalizationLoadFailure({ status: 500, message: 'down' })).toEqual({
      message: 'Equalization load failed: down',
      clearsCachedPreset: false,
    });
    expect(equalizationLoadFailure({ status: 404, message: 'x' })).toEqual({
      message: null,
      clearsCachedPreset: false,
    });
    expect(
      equalizationLoadFailure({ status: 404, code: EQUALIZATION_PRESET_NOT_FOUND, message: 'x' }),
    ).toEqual({ message: null, clearsCachedPreset: true });
  });

  it('reset: warning without a default preset, the missing-preset code ignored', () => {
    expect(resetWarning(false)).toBe('No default preset has been set for this slide, unable to reset');
    expect(resetWarning(true)).toBeNull();
    expect(equalizationResetFailureMessage({ code: EQUALIZATION_PRESET_NOT_FOUND, message: 'x' })).toBeNull();
    expect(equalizationResetFailureMessage({ code: 'INTERNAL_SERVER_ERROR', message: 'down' })).toBe(
      'Equalization update failed: down',
    );
  });
});
