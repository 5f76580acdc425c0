/**
 * A scalar column's slots ordered by (code, id), with where each code's run starts. One permutation
 * serves two answers: a page sorted by the column walks it (store-page.ts), and a range of codes is one
 * run of it (store-filter.ts), so a range filter touches the slots in (or out of) the range rather than
 * every slot of the project.
 */
import type { ScalarColumn, SortedSlots } from './columns.ts';
import type { SlotIndex } from './slot-index.ts';

/** The column's sorted slots, built when first needed (a stable counting sort of the slots in id order). */
export function sortedSlotsOf(column: ScalarColumn, index: SlotIndex): SortedSlots {
  if (column.sorted) return column.sorted;
  const { codes } = column;
  const starts = new Int32Array(column.values.length + 1);
  for (let s = 0; s < index.size; s++) starts[codes[s]! + 1]!++;
  for (let c = 1; c < starts.length; c++) starts[c]! += starts[c - 1]!;
  const next = starts.slice();
  const slots = new Int32Array(index.size);
  for (const slot of index.order) slots[next[codes[slot]!]!++] = slot;
  return (column.sorted = { slots, starts, prefixes: null });
}

/**
 * Prefix bitmaps kept per ranged column: PREFIXES + 1 of them, the slots before positions 0, n/PREFIXES,
 * 2n/PREFIXES, … n of the sorted slots (4 MB a column at a million slides).
 */
const PREFIXES = 32;

/**
 * The slots at positions [from, to) of the sorted slots as bits, written into `out` (as many words as a
 * mask). A wide run costs a pass over its two nearest prefix bitmaps (their XOR holds the slots between
 * them) and a toggle of each slot between a prefix's position and the run's end — at most n/64 at each
 * end — where marking every slot of the run reads and writes a random word per slot (a quarter of a
 * million slides took 2 ms that way on the grid benchmark's first page). A run no longer than the
 * prefixes' spacing is marked slot by slot.
 */
export function runBits(sorted: SortedSlots, from: number, to: number, out: Int32Array, words: number): void {
  const { slots } = sorted;
  const step = slots.length / PREFIXES;
  if (to - from <= step) {
    out.fill(0, 0, words);
    toggle(slots, from, to, out);
    return;
  }
  const prefixes = (sorted.prefixes ??= prefixBitmaps(slots, words));
  const kFrom = Math.round(from / step);
  const kTo = Math.round(to / step);
  const a = prefixes[kFrom]!;
  const b = prefixes[kTo]!;
  for (let w = 0; w < words; w++) out[w] = a[w]! ^ b[w]!;
  toggle(slots, Math.round(kFrom * step), from, out);
  toggle(slots, Math.round(kTo * step), to, out);
}

/** Flips the bits of the slots between two positions (in either order). */
function toggle(slots: Int32Array, p: number, q: number, out: Int32Array): void {
  for (let k = Math.min(p, q); k < Math.max(p, q); k++) {
    const slot = slots[k]!;
    out[slot >>> 5]! ^= 1 << (slot & 31);
  }
}

function prefixBitmaps(slots: Int32Array, words: number): Int32Array[] {
  const step = slots.length / PREFIXES;
  const running = new Int32Array(words);
  const prefixes = [running.slice()];
  for (let k = 1; k <= PREFIXES; k++) {
    for (let p = Math.round((k - 1) * step); p < Math.round(k * step); p++) {
      const slot = slots[p]!;
      running[slot >>> 5]! |= 1 << (slot & 31);
    }
    prefixes.push(running.slice());
  }
  return prefixes;
}
