/**
 * The columns of a column store. A scalar column is dictionary-encoded: each slot holds a code, 0 for
 * null, else 1 + the value's rank among the column's distinct values in the database's own order (the
 * order its index and every ORDER BY use, collation included). A list column (drugIds, qcComments,
 * molecularSubtype, assay markers) holds each slot's value codes in compressed rows.
 *
 * Because codes follow the database's order, group rows and set-filter values come out in the order SQL
 * would give them, and a range condition is a range of codes — found by binary search when the values
 * also ascend in JavaScript's order (numbers always; ISO dates always), else answered by SQL instead.
 */

/** A value as the database returns it: text, or a number (booleans are 1/0). */
export type StoredValue = string | number;

export interface ScalarColumn {
  kind: 'scalar';
  /** codes[slot]: 0 for null, else 1 + rank. */
  codes: Int32Array;
  /** values[code]; values[0] is null. */
  values: (StoredValue | null)[];
  /** The values ascend in JavaScript's order as well as the database's. */
  isJsOrdered: boolean;
  /** value → code, built when first needed (patches, set filters on unordered values). */
  lookup: Map<StoredValue, number> | null;
  /** Every slot ordered by (code, id), built when a page is first sorted or ranged by the column (sorted-slots.ts); null after a patch. */
  sorted: SortedSlots | null;
  /** Per code, the slots holding it as bits, for columns of at most MAX_BITMAP_CODES codes; built when first filtered, null after a patch. */
  bitmaps: Int32Array[] | null;
}

/** A scalar column's slots ordered by (code, id), with where each code's run starts (sorted-slots.ts). */
export interface SortedSlots {
  /** Every slot, ordered by code and then by id. */
  slots: Int32Array;
  /** starts[code]: the position in `slots` of the code's first slot; starts[codeCount] is the slot count. */
  starts: Int32Array;
  /** Bits of the slots before evenly spaced positions, built when first ranged over (sorted-slots.ts runBits). */
  prefixes: Int32Array[] | null;
}

/** Columns with this many codes or fewer (blank included) keep a bitmap per code: a set filter is then an OR of a few bitmaps. */
export const MAX_BITMAP_CODES = 64;

export interface ListColumn {
  kind: 'list';
  /** The codes of slot s are items[offsets[s] .. offsets[s + 1]). */
  offsets: Int32Array;
  items: Int32Array;
  /** values[code], in the database's order (codes start at 0). */
  values: string[];
}

export type Column = ScalarColumn | ListColumn;

/** A scalar column from (slot, value) pairs given in the database's ORDER BY of the value, nulls first. */
export function buildScalarColumn(
  capacity: number,
  rows: Iterable<[slot: number, value: StoredValue | null]>,
): ScalarColumn {
  const codes = new Int32Array(capacity);
  const values: (StoredValue | null)[] = [null];
  let isJsOrdered = true;
  let previous: StoredValue | null = null;
  for (const [slot, value] of rows) {
    if (slot < 0) continue;
    if (value === null || value === undefined) continue; // code 0
    if (values.length === 1 || value !== previous) {
      if (values.length > 1 && !(typeof value === typeof previous && (previous as StoredValue) < value))
        isJsOrdered = false;
      values.push(value);
      previous = value;
    }
    codes[slot] = values.length - 1;
  }
  return { kind: 'scalar', codes, values, isJsOrdered, lookup: null, sorted: null, bitmaps: null };
}

/** The code of a value, or -1 when no slot holds it; null is 0. */
export function codeOf(column: ScalarColumn, value: StoredValue | null): number {
  if (value === null) return 0;
  if (column.isJsOrdered) {
    let low = 1;
    let high = column.values.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const v = column.values[mid]!;
      if (v === value) return mid;
      if (typeof v !== typeof value) return -1;
      if (v < value) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }
  column.lookup ??= new Map(column.values.slice(1).map((v, i) => [v!, i + 1]));
  return column.lookup.get(value) ?? -1;
}

/**
 * The first code whose value is ≥ `bound` (or > it when `after`), among the ordered values: the start of
 * a range. Only for columns whose values are in JavaScript order (isJsOrdered).
 */
export function lowerBound(column: ScalarColumn, bound: StoredValue, after = false): number {
  let low = 1;
  let high = column.values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const v = column.values[mid]!;
    if (v < bound || (after && v === bound)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A list column from (slot, values) pairs in any order; `dictionary` is the values in the database's order. */
export function buildListColumn(
  capacity: number,
  rows: readonly [slot: number, values: readonly string[]][],
  dictionary: readonly string[],
): ListColumn {
  const values = [...dictionary];
  const codeOfValue = new Map(values.map((v, i) => [v, i]));
  const lengths = new Int32Array(capacity);
  for (const [slot, list] of rows) if (slot >= 0) lengths[slot] = list.length;
  const offsets = new Int32Array(capacity + 1);
  for (let s = 0; s < capacity; s++) offsets[s + 1] = offsets[s]! + lengths[s]!;
  const items = new Int32Array(offsets[capacity]!);
  for (const [slot, list] of rows) {
    if (slot < 0) continue;
    let at = offsets[slot]!;
    for (const value of list) {
      let code = codeOfValue.get(value);
      // A value the side table lacks (it never should): kept, at the end of the order.
      if (code === undefined) codeOfValue.set(value, (code = values.push(value) - 1));
      items[at++] = code;
    }
  }
  return { kind: 'list', offsets, items, values };
}

/** The column with room for `capacity` slots (new slots hold null); list columns cannot grow (reload them). */
export function growScalarColumn(column: ScalarColumn, capacity: number): void {
  column.sorted = null;
  column.bitmaps = null;
  if (column.codes.length >= capacity) return;
  const grown = new Int32Array(Math.ceil(capacity * 1.5));
  grown.set(column.codes);
  column.codes = grown;
}

const sortedBytes = ({ slots, starts, prefixes }: SortedSlots) =>
  slots.byteLength + starts.byteLength + (prefixes ? prefixes.length * (prefixes[0]?.byteLength ?? 0) : 0);

/** Bytes held, roughly (for the memory budget): typed arrays exactly, values at 48 bytes each. */
export function columnBytes(column: Column): number {
  if (column.kind === 'scalar') {
    const bitmaps = column.bitmaps ? column.bitmaps.length * (column.bitmaps[0]?.byteLength ?? 0) : 0;
    return (
      column.codes.byteLength +
      (column.sorted ? sortedBytes(column.sorted) : 0) +
      bitmaps +
      column.values.length * 48 +
      (column.lookup ? column.lookup.size * 64 : 0)
    );
  }
  return column.offsets.byteLength + column.items.byteLength + column.values.length * 48;
}
