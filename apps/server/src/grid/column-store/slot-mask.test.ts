import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotMask } from './slot-mask.ts';

const words = (n: number) =>
  fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: n, maxLength: n });

describe('SlotMask.andAny', () => {
  it('keeps the slots in any of the bitmaps, for none, up to four and more of them', () => {
    const cases = fc
      .integer({ min: 1, max: 40 })
      .chain((n) => fc.tuple(words(n), fc.array(words(n), { minLength: 0, maxLength: 9 })));
    fc.assert(
      fc.property(cases, ([start, bitmaps]) => {
        const mask = new SlotMask(Int32Array.from(start), start.length * 32);
        mask.andAny(
          bitmaps.map((b) => Int32Array.from(b)),
          new Int32Array(start.length),
        );
        const expected = start.map((word, w) => word & bitmaps.reduce((any, b) => any | b[w]!, 0));
        expect([...mask.words]).toEqual(expected);
      }),
    );
  });
});
