import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortedSlots } from './columns.ts';
import { runBits } from './sorted-slots.ts';

/** A permutation of `n` slots, as a column's sorted slots (runBits reads only the order). */
const sortedOf = (order: number[]): SortedSlots => ({
  slots: Int32Array.from(order),
  starts: new Int32Array(0),
  prefixes: null,
});

describe('runBits', () => {
  it('marks exactly the slots at positions [from, to), through the prefix bitmaps or slot by slot', () => {
    const permutation = fc
      .integer({ min: 0, max: 3000 })
      .chain((n) =>
        fc.tuple(
          fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
          fc.integer({ min: 0, max: n }),
          fc.integer({ min: 0, max: n }),
        ),
      );
    fc.assert(
      fc.property(permutation, ([order, a, b]) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const words = Math.max(1, Math.ceil(order.length / 32));
        const sorted = sortedOf(order);
        const out = new Int32Array(words).fill(-1);
        runBits(sorted, from, to, out, words);
        const expected = new Int32Array(words);
        for (const slot of order.slice(from, to)) expected[slot >>> 5]! |= 1 << (slot & 31);
        expect([...out]).toEqual([...expected]);
      }),
      { numRuns: 200 },
    );
  });
});
