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
  return (column.sorted = { slots, starts });
}
