import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandCountOf, channelShadings, channelTileLayout, MAX_CHANNEL_TILE_BANDS } from './channel-tiles.ts';

/** The server composite's window (packages/wsi compositeChannels), written the obvious way. */
const compositeT = (v: number, min: number, max: number) =>
  max > min ? Math.min(1, Math.max(0, (v - min) / (max - min))) : v >= max ? 1 : 0;

const shaded = (stored: number, s: { scale: number; shift: number }) =>
  Math.min(1, Math.max(0, stored * s.scale + s.shift));

describe('the channel tile layout', () => {
  it('gives 8-bit types one byte and 16-bit types two, signed ones shifted to start at 0', () => {
    expect(channelTileLayout(['uint8', 'int8', 'uint16', 'int16'])).toEqual([
      { bands: 1, offset: 0 },
      { bands: 1, offset: 128 },
      { bands: 2, offset: 0 },
      { bands: 2, offset: 32768 },
    ]);
    expect(bandCountOf(channelTileLayout(['uint8', 'uint16'])!)).toBe(3);
  });

  it('has none for other types, no channels, or more bytes than the viewer can bind', () => {
    expect(channelTileLayout(['uint8', 'float32'])).toBeNull();
    expect(channelTileLayout(['uint8', null])).toBeNull();
    expect(channelTileLayout([])).toBeNull();
    expect(channelTileLayout(Array(MAX_CHANNEL_TILE_BANDS / 2).fill('uint16'))).not.toBeNull();
    expect(channelTileLayout(Array(MAX_CHANNEL_TILE_BANDS / 2 + 1).fill('uint16'))).toBeNull();
  });
});

describe('channel shadings', () => {
  const types = ['uint8', 'int8', 'uint16', 'int16'] as const;
  const ranges = { uint8: [0, 255], int8: [-128, 127], uint16: [0, 65535], int16: [-32768, 32767] };

  it('draw every sample as the server composite does, steps (min = max) included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (type, a, b, c, isStep) => {
          const [low, high] = ranges[type];
          const at = (f: number) => Math.round(low! + f * (high! - low!));
          const min = Math.min(at(a), at(b));
          const max = isStep ? min : Math.max(at(a), at(b));
          const v = at(c);
          const layout = channelTileLayout([type])!;
          const [shading] = channelShadings(layout, [
            { channel: 0, enabled: true, min, max, rgb: [255, 0, 0] },
          ]);
          expect(shaded(v + layout[0]!.offset, shading!)).toBeCloseTo(compositeT(v, min, max), 9);
        },
      ),
    );
  });

  it('black out disabled channels and channels without a window', () => {
    const layout = channelTileLayout(['uint8', 'uint8', 'uint8'])!;
    const shadings = channelShadings(layout, [
      { channel: 0, enabled: false, min: 0, max: 255, rgb: [255, 255, 255] },
      { channel: 2, enabled: true, min: 10, max: 20, rgb: [1, 2, 3] },
    ]);
    expect(shadings.map((s) => s.rgb)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [1, 2, 3],
    ]);
  });
});
