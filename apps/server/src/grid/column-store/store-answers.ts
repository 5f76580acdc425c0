/**
 * The grid's aggregate answers over a column store mask: the count, a level of group rows with their
 * child counts, and a field's distinct values — in the order and shape grid.queries.ts answers them from
 * SQL (groups by the column's order, blanks first ascending and last descending; values blanks first).
 */
import { fromStored } from '../grid-source.ts';
import type { GridColumn } from '../grid-source.ts';
import type { Column, ScalarColumn } from './columns.ts';
import type { SlotMask } from './slot-mask.ts';

type Row = Record<string, unknown>;

export const countOf = (mask: SlotMask): number => mask.count();

/** Calls `visit` with every slot of the mask, in slot order (the set bits, word by word). */
function forEachSlot(mask: SlotMask, visit: (slot: number) => void): void {
  const { words } = mask;
  for (let w = 0; w < words.length; w++) {
    let bits = words[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      visit((w << 5) | (31 - Math.clz32(low)));
    }
  }
}

/** Group rows [startRow, endRow) of `column` among the masked slots, with the level's counts. */
export function groupLevel(
  mask: SlotMask,
  stored: ScalarColumn,
  column: GridColumn,
  desc: boolean,
  startRow: number,
  endRow: number,
) {
  const counts = new Float64Array(stored.values.length);
  const { codes } = stored;
  // The set bits inline rather than through forEachSlot: a callback per slot costs more than the count.
  const { words } = mask;
  for (let w = 0; w < words.length; w++) {
    let bits = words[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const code = codes[(w << 5) | (31 - Math.clz32(low))]!;
      counts[code] = counts[code]! + 1;
    }
  }
  const last = stored.values.length - 1;
  const rows: Row[] = [];
  let groups = 0;
  let slides = 0;
  // Ascending: blanks (code 0) first; descending: the codes backwards, blanks last.
  for (let k = 0; k <= last; k++) {
    const code = desc ? (k === last ? 0 : last - k) : k;
    const n = counts[code]!;
    if (n === 0) continue;
    if (groups >= startRow && groups < endRow)
      rows.push({ [column.field]: fromStored(column, stored.values[code]), childCount: n, isGroup: true });
    groups++;
    slides += n;
  }
  return { rows, rowCount: groups, filteredSlideCount: slides };
}

/** The distinct values of the masked slots (null first when a slot is blank), at most `limit`. */
export function distinctOf(mask: SlotMask, stored: Column, column: GridColumn, limit: number) {
  const seen = new Uint8Array(stored.values.length);
  let hasBlanks = false;
  if (stored.kind === 'scalar') {
    const { codes } = stored;
    const { words } = mask;
    for (let w = 0; w < words.length; w++) {
      let bits = words[w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        seen[codes[(w << 5) | (31 - Math.clz32(low))]!] = 1;
      }
    }
    hasBlanks = seen[0] === 1;
    seen[0] = 0;
  } else {
    const { offsets, items } = stored;
    forEachSlot(mask, (slot) => {
      if (offsets[slot] === offsets[slot + 1]) hasBlanks = true;
      for (let i = offsets[slot]!; i < offsets[slot + 1]!; i++) seen[items[i]!] = 1;
    });
  }
  const values: unknown[] = hasBlanks ? [null] : [];
  for (let code = 0; code < seen.length && values.length <= limit; code++)
    if (seen[code]) values.push(fromStored(column, stored.values[code]));
  return {
    values: values.slice(0, limit) as (string | number | boolean | null)[],
    isTruncated: values.length > limit,
  };
}
