import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.ts';
import { argbToRgba, argbToRgbaOverWhite } from './pixels.ts';

/** Premultiplied ARGB as OpenSlide stores it: one native uint32 per pixel. */
const argb = (a: number, r: number, g: number, b: number) => ((a << 24) | (r << 16) | (g << 8) | b) >>> 0;

describe('premultiplied ARGB conversion', () => {
  const pixels = new Uint32Array([
    argb(255, 200, 100, 50), // opaque
    argb(0, 0, 0, 0), // transparent
    argb(128, 100, 64, 0), // half covered: straight 199, 128, 0
    argb(51, 51, 10, 1), // 20 %: straight 255, 50, 5
    argb(10, 40, 0, 0), // corrupt (colour above alpha): clamped, not wrapped
  ]);

  it('un-premultiplies to straight RGBA, reading uint32 values (not bytes) so byte order does not matter', () => {
    expect([...argbToRgba(pixels)]).toEqual([
      200, 100, 50, 255, 0, 0, 0, 0, 199, 128, 0, 128, 255, 50, 5, 51, 255, 0, 0, 10,
    ]);
  });

  it('composites over white for tiles: transparent becomes white, partial blends, always opaque', () => {
    expect([...argbToRgbaOverWhite(pixels)]).toEqual([
      200, 100, 50, 255, 255, 255, 255, 255, 227, 191, 127, 255, 255, 214, 205, 255, 255, 245, 245, 255,
    ]);
  });
});

describe('Limiter', () => {
  it('never runs more than its limit and serves waiters in order', async () => {
    const limiter = new Limiter(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(i);
      active--;
      return i;
    };
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => limiter.run(task(i))));
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.inFlight).toBe(0);
  });

  it('releases its slot when a task fails', async () => {
    const limiter = new Limiter(1);
    await expect(
      limiter.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await limiter.run(async () => 7)).toBe(7);
  });

  it('refuses nonsense limits', () => {
    expect(() => new Limiter(0)).toThrow(RangeError);
    expect(() => new Limiter(2.5)).toThrow(RangeError);
  });
});
