/** Seeded randomness for the synthetic slides: the same seed gives the same pixels on every machine. */

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for textures. Returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A hash of a lattice point to [0, 1): the value of value noise at (ix, iy). */
export function latticeValue(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b9);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * Smooth value noise at (x, y) with lattice spacing `cell`; `period` (in cells) makes it wrap, so a
 * texture built from it tiles without seams. 0 = no wrap.
 */
export function valueNoise(x: number, y: number, cell: number, seed: number, period = 0): number {
  const fx = x / cell;
  const fy = y / cell;
  let ix = Math.floor(fx);
  let iy = Math.floor(fy);
  const tx = smooth(fx - ix);
  const ty = smooth(fy - iy);
  let ix1 = ix + 1;
  let iy1 = iy + 1;
  if (period > 0) {
    ix = mod(ix, period);
    iy = mod(iy, period);
    ix1 = mod(ix1, period);
    iy1 = mod(iy1, period);
  }
  const top = lerp(latticeValue(ix, iy, seed), latticeValue(ix1, iy, seed), tx);
  const bottom = lerp(latticeValue(ix, iy1, seed), latticeValue(ix1, iy1, seed), tx);
  return lerp(top, bottom, ty);
}

export function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

export function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}
