/**
 * A set of slots as bits — slot s is bit (s & 31) of word s >>> 5 — and the passes that narrow it.
 * Bits rather than a byte per slot: counting is a popcount per word, intersecting with a code's bitmap
 * is one AND per 32 slots, and every pass skips the words already empty, so each filter after a
 * selective one costs little (measured: a two-filter count over a million slides in about 1 ms).
 */

export class SlotMask {
  constructor(
    readonly words: Int32Array,
    /** Slots covered; bits at and past it are 0. */
    readonly size: number,
  ) {}

  has(slot: number): boolean {
    return ((this.words[slot >>> 5]! >>> (slot & 31)) & 1) === 1;
  }

  count(): number {
    let n = 0;
    for (let w = 0; w < this.words.length; w++) n += popcount(this.words[w]!);
    return n;
  }

  /** Keeps the slots whose code the table marks (lut[code] is 0 or 1). */
  andLut(codes: Int32Array, lut: Uint8Array): void {
    const { words, size } = this;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      if (word === 0) continue;
      const base = w << 5;
      let bits = 0;
      const end = Math.min(32, size - base);
      for (let b = 0; b < end; b++) bits |= lut[codes[base + b]!]! << b;
      words[w] = word & bits;
    }
  }

  /** Keeps the slots whose code is within [from, to) — or, `outside`, not within it. */
  andRange(codes: Int32Array, from: number, to: number, outside: boolean): void {
    const { words, size } = this;
    // Within [from, to) is (code - from) < (to - from) unsigned: one comparison a slot, no branch.
    const width = to - from;
    const flip = outside ? -1 : 0;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      if (word === 0) continue;
      const base = w << 5;
      let bits = 0;
      const end = Math.min(32, size - base);
      for (let b = 0; b < end; b++) bits |= bit((codes[base + b]! - from) >>> 0 < width) << b;
      words[w] = word & (bits ^ flip);
    }
  }

  /** Keeps the slots whose bit is set in `bits` — or, when `isKept` is false, those whose bit is clear. */
  andBits(bits: Int32Array, isKept: boolean): void {
    const { words } = this;
    const flip = isKept ? 0 : -1;
    for (let w = 0; w < words.length; w++) words[w] = words[w]! & (bits[w]! ^ flip);
  }

  /** The words holding at least one slot: what a pass over the slots' codes visits. */
  nonEmptyWords(): number {
    let n = 0;
    for (let w = 0; w < this.words.length; w++) if (this.words[w] !== 0) n++;
    return n;
  }

  /**
   * Keeps the slots in any of the given bitmaps (one per chosen code). Up to four in one pass over the
   * words (a missing one stands in as the first again: OR-ing it twice changes nothing), where a loop
   * over the bitmaps inside the loop over the words took three times as long; more are OR-ed into
   * `scratch` one bitmap at a time first.
   */
  andAny(bitmaps: readonly Int32Array[], scratch: Int32Array): void {
    const { words } = this;
    const n = words.length;
    const [a, b = a, c = a, d = a] = bitmaps;
    if (!a || !b || !c || !d) {
      words.fill(0);
      return;
    }
    if (bitmaps.length <= 4) {
      for (let w = 0; w < n; w++) words[w] = words[w]! & (a[w]! | b[w]! | c[w]! | d[w]!);
      return;
    }
    scratch.set(a.subarray(0, n));
    for (const bitmap of bitmaps.slice(1)) for (let w = 0; w < n; w++) scratch[w] = scratch[w]! | bitmap[w]!;
    this.andBits(scratch, true);
  }

  /** Drops the slots for which `keep` is false; visits only the slots still in. */
  filterSlots(keep: (slot: number) => boolean): void {
    const { words } = this;
    for (let w = 0; w < words.length; w++) {
      let bits = words[w]!;
      let kept = bits;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        if (!keep((w << 5) | (31 - Math.clz32(low)))) kept ^= low;
      }
      words[w] = kept;
    }
  }
}

/** The set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Booleans combined with `|` and `<<` (typed as numbers here) compile to branch-free integer code; a
 * conditional around them runs several times slower over a million slots.
 */
const bit = (b: boolean) => b as unknown as number;

/** One bitmap per code of a column: the slots holding it (for columns of few codes, see columns.ts). */
export function codeBitmaps(codes: Int32Array, size: number, codeCount: number): Int32Array[] {
  const words = (size + 31) >>> 5;
  const bitmaps = Array.from({ length: codeCount }, () => new Int32Array(words));
  for (let s = 0; s < size; s++) bitmaps[codes[s]!]![s >>> 5]! |= 1 << (s & 31);
  return bitmaps;
}
