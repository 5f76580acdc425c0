import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelTable, compositeChannels, type ChannelTile, type CompositeWindow } from './composite.ts';

const tile = (samples: ChannelTile['samples'], width = samples.length, height = 1): ChannelTile => ({
  samples,
  width,
  height,
});
const win = (min: number, max: number, rgb: [number, number, number], enabled = true): CompositeWindow => ({
  enabled,
  min,
  max,
  rgb,
});
const pixel = (rgb: Uint8ClampedArray, i: number) => [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]];

/** The composite written the slow, obvious way, to check the fast one against. */
function reference(tiles: ChannelTile[], windows: CompositeWindow[]): number[] {
  const n = tiles[0]!.width * tiles[0]!.height;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      windows.forEach((w, k) => {
        if (!w.enabled) return;
        const v = tiles[k]!.samples[i]!;
        const t =
          w.max > w.min ? Math.min(1, Math.max(0, (v - w.min) / (w.max - w.min))) || 0 : v >= w.max ? 1 : 0;
        sum += Math.round(t * w.rgb[c]!);
      });
      out.push(Math.min(255, sum));
    }
  }
  return out;
}

describe('compositeChannels', () => {
  it('a single uint8 channel in white is grey with the identity window', () => {
    const rgb = compositeChannels([tile(new Uint8Array([0, 1, 128, 255]))], [win(0, 255, [255, 255, 255])]);
    expect(rgb).toBeInstanceOf(Uint8ClampedArray);
    expect([...rgb]).toEqual([0, 0, 0, 1, 1, 1, 128, 128, 128, 255, 255, 255]);
  });

  it('red plus green is yellow where both are saturated', () => {
    const red = tile(new Uint16Array([65535, 65535, 0, 0]), 2, 2);
    const green = tile(new Uint16Array([65535, 0, 65535, 0]), 2, 2);
    const rgb = compositeChannels([red, green], [win(0, 65535, [255, 0, 0]), win(0, 65535, [0, 255, 0])]);
    expect(pixel(rgb, 0)).toEqual([255, 255, 0]);
    expect(pixel(rgb, 1)).toEqual([255, 0, 0]);
    expect(pixel(rgb, 2)).toEqual([0, 255, 0]);
    expect(pixel(rgb, 3)).toEqual([0, 0, 0]);
  });

  it('windows linearly and clamps below min and above max', () => {
    const rgb = compositeChannels(
      [tile(new Uint16Array([0, 1000, 1500, 2000, 3000, 65535]))],
      [win(1000, 2000, [255, 255, 255])],
    );
    expect([...rgb].filter((_, i) => i % 3 === 0)).toEqual([0, 0, 128, 255, 255, 255]);
  });

  it('additive blending clamps to 255', () => {
    const a = tile(new Uint8Array([200]));
    const rgb = compositeChannels([a, a], [win(0, 200, [200, 100, 0]), win(0, 200, [200, 100, 0])]);
    expect(pixel(rgb, 0)).toEqual([255, 200, 0]);
  });

  it('ignores disabled channels, whose tiles may be missing', () => {
    const on = tile(new Uint8Array([255, 0]));
    const rgb = compositeChannels(
      [on, null, tile(new Uint8Array([255, 255]))],
      [win(0, 255, [0, 0, 255]), win(0, 255, [255, 0, 0], false), win(0, 255, [0, 255, 0], false)],
    );
    expect([...rgb]).toEqual([0, 0, 255, 0, 0, 0]);
    expect(() => compositeChannels([on, null], [win(0, 255, [1, 1, 1]), win(0, 255, [1, 1, 1])])).toThrow(
      'No tile for enabled channel 1',
    );
  });

  it('reads int16 negative values through the signed table', () => {
    const rgb = compositeChannels(
      [tile(new Int16Array([-32768, -1000, -500, 0, 32767]))],
      [win(-1000, 0, [0, 255, 0])],
    );
    expect([...rgb].filter((_, i) => i % 3 === 1)).toEqual([0, 0, 128, 255, 255]);
  });

  it('reads int8 negative values', () => {
    const rgb = compositeChannels(
      [tile(new Int8Array([-128, -64, 0, 127]))],
      [win(-128, 127, [255, 255, 255])],
    );
    expect([...rgb].filter((_, i) => i % 3 === 0)).toEqual([0, 64, 128, 255]);
  });

  it('windows float32 per pixel, NaN as black', () => {
    const rgb = compositeChannels(
      [tile(new Float32Array([-1, 0, 0.25, 0.5, 2, Number.NaN]))],
      [win(0, 0.5, [255, 0, 255])],
    );
    expect([...rgb].filter((_, i) => i % 3 === 0)).toEqual([0, 0, 128, 255, 255, 0]);
  });

  it('treats min = max as a step', () => {
    const u8 = compositeChannels([tile(new Uint8Array([99, 100, 101]))], [win(100, 100, [255, 0, 0])]);
    const f32 = compositeChannels([tile(new Float32Array([99, 100, 101]))], [win(100, 100, [255, 0, 0])]);
    expect([...u8].filter((_, i) => i % 3 === 0)).toEqual([0, 255, 255]);
    expect([...f32]).toEqual([...u8]);
  });

  it('refuses tiles of different sizes or too few samples', () => {
    expect(() =>
      compositeChannels(
        [tile(new Uint8Array(4), 2, 2), tile(new Uint8Array(4), 4, 1)],
        [win(0, 1, [1, 1, 1]), win(0, 1, [1, 1, 1])],
      ),
    ).toThrow('Channel 1 tile is 4×1, not 2×2');
    expect(() => compositeChannels([tile(new Uint8Array(3), 2, 2)], [win(0, 1, [1, 1, 1])])).toThrow(
      'has 3 samples',
    );
  });

  it('signed tables index by bit pattern', () => {
    const table = channelTable(8, true, win(-128, 127, [255, 0, 0]));
    expect(table[0xff]! & 1023).toBe(127); // −1: (−1 + 128) / 255 of red
    expect(table[0x80]).toBe(0); // −128
    expect(table[0x7f]).toBe(255); // 127, red only
  });

  it('rounds exact .5 ties like the definition (found by the property below)', () => {
    // (6 + 7) / 14 · 7 = 6.5 exactly; a reciprocal-multiply gives 6.4999… and rounds down.
    const rgb = compositeChannels([tile(Uint8Array.from([6, 0, 0, 0]))], [win(-7, 7, [0, 7, 0])]);
    expect(rgb[1]).toBe(7);
  });

  it('matches the obvious per-pixel composite for any types and windows', () => {
    const arrays = [
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
      fc.int8Array({ minLength: 16, maxLength: 16 }),
      fc.uint16Array({ minLength: 16, maxLength: 16 }),
      fc.int16Array({ minLength: 16, maxLength: 16 }),
      fc.float32Array({ minLength: 16, maxLength: 16, noDefaultInfinity: true }),
    ];
    const channel = fc.tuple(
      fc.oneof(...arrays),
      fc.integer({ min: -40000, max: 70000 }),
      fc.integer({ min: 0, max: 70000 }),
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(channel, { minLength: 1, maxLength: 5 }), (channels) => {
        const tiles = channels.map(([samples]) => tile(samples, 4, 4));
        const windows = channels.map(([, min, width, rgb, enabled]) => win(min, min + width, rgb, enabled));
        expect([...compositeChannels(tiles, windows)]).toEqual(reference(tiles, windows));
      }),
      { numRuns: 200 },
    );
  });
});
