/**
 * A block of leaf rows ordered by the column store: the slots of [startRow, endRow) in the order SQL's
 * `ORDER BY col ASC NULLS FIRST, id ASC` (or `DESC NULLS LAST, id DESC`) gives. The database then reads
 * just those rows by id.
 *
 * Why: a selective filter sorted by another column makes SQL walk the sort's index and read row after
 * row to test the filter (about 15 rows read per row kept at a 7 % filter); the store has the filter's
 * mask already and walks a permutation of the slots sorted by the column, which costs a few microseconds
 * per row passed over and reads nothing.
 *
 * Only for one sort column with few distinct values — a controlled vocabulary, a boolean or a number —
 * whose codes the store keeps with their values anyway; free text and dates are sorted by their index
 * in SQL (their values would cost the store far more memory, and most of their sorts are the unfiltered
 * default, which an index walk answers at once).
 */
import type { ScalarColumn } from './columns.ts';
import type { SlotIndex } from './slot-index.ts';
import type { SlotMask } from './slot-mask.ts';
import { sortedSlotsOf } from './sorted-slots.ts';

/**
 * The slots of rows [startRow, endRow) among the masked ones, sorted by the column (blanks first
 * ascending, last descending) and then by id in the same direction.
 */
export function pageSlots(
  mask: SlotMask,
  column: ScalarColumn,
  slots: SlotIndex,
  desc: boolean,
  startRow: number,
  endRow: number,
): number[] {
  const sorted = sortedSlotsOf(column, slots).slots;
  const out: number[] = [];
  let skipped = 0;
  const step = desc ? -1 : 1;
  for (
    let k = desc ? sorted.length - 1 : 0;
    k >= 0 && k < sorted.length && out.length < endRow - startRow;
    k += step
  ) {
    const slot = sorted[k]!;
    if (!mask.has(slot)) continue;
    if (skipped < startRow) skipped++;
    else out.push(slot);
  }
  return out;
}
