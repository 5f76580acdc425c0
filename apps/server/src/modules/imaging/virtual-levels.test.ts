import { describe, expect, it } from 'vitest';
import type { SlideLevel } from '@tessera/wsi';
import { TileLru, virtualLevels } from './virtual-levels.ts';

const level = (width: number, height: number, downsample: number): SlideLevel => ({
  width,
  height,
  tileWidth: 256,
  tileHeight: 256,
  downsample,
  isTiled: true,
  compression: 'jpeg',
});

describe('virtualLevels', () => {
  it('fills the 2× steps an SVS with 4× levels lacks, each from the coarsest finer stored level', () => {
    const levels = virtualLevels([level(10000, 8000, 1), level(2500, 2000, 4), level(625, 500, 16)]);
    expect(levels.map((l) => [l.width, l.height, l.stored, l.factor])).toEqual([
      [10000, 8000, 0, 1],
      [5000, 4000, 0, 2],
      [2500, 2000, 1, 1],
      [1250, 1000, 1, 2],
      [625, 500, 2, 1],
      [313, 250, 2, 2],
      [157, 125, 2, 4],
    ]);
    expect(levels.map((l) => l.isCut)).toEqual([false, true, false, true, false, true, true]);
  });

  it('makes levels down to one tile for a one-level file', () => {
    const levels = virtualLevels([{ ...level(2220, 2967, 1), tileWidth: 240, tileHeight: 240 }]);
    expect(levels.map((l) => [l.width, l.height, l.factor])).toEqual([
      [2220, 2967, 1],
      [1110, 1484, 2],
      [555, 742, 4],
      [278, 371, 8],
      [139, 186, 16],
    ]);
  });
});

describe('virtualLevels of a stripped image', () => {
  it('serves its stored level in 256² tiles cut from the strips, not as 1920 × 16 strips', () => {
    const levels = virtualLevels([
      { ...level(1920, 1440, 1), tileWidth: 1920, tileHeight: 16, isTiled: false },
    ]);
    expect(levels.map((l) => [l.width, l.height, l.tileWidth, l.tileHeight, l.factor, l.isCut])).toEqual([
      [1920, 1440, 256, 256, 1, true],
      [960, 720, 256, 256, 2, true],
      [480, 360, 256, 256, 4, true],
      [240, 180, 256, 256, 8, true],
    ]);
  });
});

describe('TileLru', () => {
  const tile = (bytes: number) => ({ rgb: new Uint8Array(bytes), width: 1, height: 1 });
  it('evicts the least recently used tiles beyond its byte budget', () => {
    const lru = new TileLru(300);
    lru.set('a', tile(100));
    lru.set('b', tile(100));
    lru.set('c', tile(100));
    expect(lru.get('a')).toBeDefined(); // a is now the most recent
    lru.set('d', tile(100));
    expect(lru.get('b')).toBeUndefined();
    expect([lru.size, lru.totalBytes]).toEqual([3, 300]);
    lru.set('huge', tile(301));
    expect(lru.get('huge')).toBeUndefined();
  });
});
