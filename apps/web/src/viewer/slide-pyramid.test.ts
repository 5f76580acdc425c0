import { describe, expect, it } from 'vitest';
import { slidePyramid } from './slide-pyramid.ts';

describe('slidePyramid', () => {
  it('counts z from the smallest level, each level twice the resolution of the next', () => {
    const pyramid = slidePyramid({
      size: { w: 1000, h: 600 },
      tileLevels: [
        { size: { w: 1000, h: 600 }, tileSize: { w: 240, h: 240 } },
        { size: { w: 500, h: 300 }, tileSize: { w: 240, h: 240 } },
        { size: { w: 250, h: 150 }, tileSize: { w: 256, h: 256 } },
      ],
    });
    expect(pyramid.extent).toEqual([0, -600, 1000, 0]);
    expect(pyramid.resolutions).toEqual([4, 2, 1]);
    expect(pyramid.tileSizes).toEqual([
      [256, 256],
      [240, 240],
      [240, 240],
    ]);
  });
});
