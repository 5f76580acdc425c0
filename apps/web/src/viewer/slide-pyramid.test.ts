import { describe, expect, it } from 'vitest';
import { flippedOrigins, slidePyramid, slideTilesOf } from './slide-pyramid.ts';

const level = (w: number, h: number, tile: number) => ({ size: { w, h }, tileSize: { w: tile, h: tile } });

describe('slidePyramid', () => {
  it('counts z from the smallest level, each level twice the resolution of the next', () => {
    const pyramid = slidePyramid({ w: 1000, h: 600 }, [
      level(1000, 600, 240),
      level(500, 300, 240),
      level(250, 150, 256),
    ]);
    expect(pyramid.extent).toEqual([0, -600, 1000, 0]);
    expect(pyramid.resolutions).toEqual([4, 2, 1]);
    expect(pyramid.tileSizes).toEqual([
      [256, 256],
      [240, 240],
      [240, 240],
    ]);
    expect(pyramid.columns).toEqual([1, 3, 5]);
  });

  it('mirrors each level so its last column ends at the left edge of the image', () => {
    const pyramid = slidePyramid({ w: 1000, h: 600 }, [level(1000, 600, 240), level(500, 300, 240)]);
    // z 1 (full size): 5 columns of 240 cover 1200, the last padded 200 past the image.
    // z 0 (half size): 3 columns of 240 at resolution 2 cover 1440.
    expect(flippedOrigins(1000, pyramid)).toEqual([
      [1000 - 1440, 0],
      [1000 - 1200, 0],
    ]);
  });
});

describe('slideTilesOf', () => {
  const original = [level(1000, 600, 240)];
  const optimized = [level(1000, 600, 256)];

  it('takes the optimized pyramid only once Converted and with its grid known', () => {
    const info = { tileLevels: original, optimizedTileLevels: optimized };
    expect(slideTilesOf({ conversionStatus: 'Converted', imageInfo: info })).toEqual({
      path: 'tile-converted',
      levels: optimized,
    });
    for (const status of ['NotConverted', 'Queued', 'Converting', 'Failed'])
      expect(slideTilesOf({ conversionStatus: status, imageInfo: info }).path).toBe('tile');
    expect(
      slideTilesOf({
        conversionStatus: 'Converted',
        imageInfo: { tileLevels: original, optimizedTileLevels: null },
      }),
    ).toEqual({ path: 'tile', levels: original });
  });
});
