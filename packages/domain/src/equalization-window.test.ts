/**
 * Presets and the tile path agree: every range a preset can hold (computed from channel statistics,
 * clamped, saved with min = max) gives a tile-path equalization parseEqualization accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  equalizationKey,
  parseEqualization,
  tileWindowRange,
  type EqualizationChannelInfo,
} from './equalization.ts';
import {
  defaultEqualizationPreset,
  presetToTileEqualization,
  type EqualizationPreset,
} from './equalization-presets.ts';

const ch = (type: string, extra: Partial<EqualizationChannelInfo> = {}): EqualizationChannelInfo => ({
  name: type,
  type,
  ...extra,
});
const onePreset = (minimum: number, maximum: number): EqualizationPreset => ({
  type: 'Linear',
  channels: [{ enabled: true, color: { red: 0, green: 255, blue: 0 }, range: { minimum, maximum } }],
});

describe('the default preset from channel statistics (spec 3 §3–§5)', () => {
  it('ranges over the display range, limits stay the type range for integer types', () => {
    const preset = defaultEqualizationPreset([
      ch('uint16', { min: 195, max: 21154 }),
      ch('uint8', { min: 0, max: 40 }),
      ch('int8', { min: -1, max: 96 }),
    ]);
    expect(preset.channels.map((c) => [c.range, c.minLimit, c.maxLimit])).toEqual([
      [{ minimum: 195, maximum: 21154 }, 0, 65535],
      [{ minimum: 0, maximum: 40 }, 0, 255],
      [{ minimum: -1, maximum: 96 }, -128, 127],
    ]);
  });

  it('without statistics, or with an empty display range, ranges over the limits', () => {
    const preset = defaultEqualizationPreset([ch('uint16'), ch('uint16', { min: 7, max: 7 })]);
    expect(preset.channels.map((c) => c.range)).toEqual([
      { minimum: 0, maximum: 65535 },
      { minimum: 0, maximum: 65535 },
    ]);
  });
});

describe('a range closed to one value still gives a valid tile path', () => {
  it.each([
    ['min = max inside the limits', 'uint8', 100, 100, { min: 100, max: 101 }],
    ['min above max (pulled down to max)', 'uint8', 200, 100, { min: 100, max: 101 }],
    ['both beyond the upper limit', 'uint8', 300, 400, { min: 254, max: 255 }],
    ['both below the lower limit', 'int8', -300, -200, { min: -128, max: -127 }],
    ['at the top of uint16', 'uint16', 65535, 65535, { min: 65534, max: 65535 }],
  ])('%s', (_, type, minimum, maximum, expected) => {
    const channels = [ch(type)];
    const eq = presetToTileEqualization(onePreset(minimum, maximum), channels);
    expect(eq).toEqual([{ channel: 0, enabled: true, ...expected, rgb: [0, 255, 0] }]);
    expect(parseEqualization(equalizationKey(eq)).ok).toBe(true);
  });

  it('widens floating-point channels by a 65536th of their limits', () => {
    expect(tileWindowRange({ min: 1, max: 1 }, ch('float32', { min: 0, max: 65536 }))).toEqual({
      min: 1,
      max: 2,
    });
    expect(tileWindowRange({ min: 2, max: 2 }, ch('float32', { min: -2, max: 2 }))).toEqual({
      min: 2 - 4 / 65536,
      max: 2,
    });
  });

  it('leaves open ranges as clampRange makes them', () => {
    expect(tileWindowRange({ min: 10, max: 20 }, ch('uint8'))).toEqual({ min: 10, max: 20 });
    expect(tileWindowRange({ min: -5, max: 300 }, ch('uint8'))).toEqual({ min: 0, max: 255 });
  });

  it('holds for any saved range and channel type', () => {
    const types = ['int8', 'uint8', 'uint16', 'int16', 'float32', 'uint32'];
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
        fc.option(
          fc.tuple(
            fc.double({ min: -1e6, max: 1e6, noNaN: true }),
            fc.double({ min: 0, max: 1e6, noNaN: true }),
          ),
        ),
        (type, minimum, maximum, own) => {
          const info = ch(type, own ? { min: own[0], max: own[0] + own[1] } : {});
          const eq = presetToTileEqualization(onePreset(minimum, maximum), [info]);
          expect(eq).toHaveLength(1);
          expect(parseEqualization(equalizationKey(eq)).ok).toBe(true);
        },
      ),
    );
  });
});
