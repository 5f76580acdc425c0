/**
 * A filter model evaluated over a column store: which slots pass, as a mask. It answers exactly what the
 * SQL compiler (filter.queries.ts) answers — the same set semantics, the same number and date ranges
 * (numberRange, dateRange), blanks as null — and a property test holds the two to it on both databases.
 * grid-plan.ts sends it only what it evaluates exactly; a range over values whose JavaScript order is
 * not the database's still goes back to SQL (filterMask answers null).
 */
import { BLANKS_LABEL } from '@tessera/domain';
import type { ColumnFilter, Condition } from '@tessera/contract';
import { dateRange, numberRange, setValue, type ValueRange } from '../value-range.ts';
import type { GridColumn } from '../grid-source.ts';
import type { FieldFilter } from '../grid-plan.ts';
import {
  codeOf,
  lowerBound,
  MAX_BITMAP_CODES,
  type ListColumn,
  type ScalarColumn,
  type StoredValue,
} from './columns.ts';
import { codeBitmaps, type SlotMask } from './slot-mask.ts';
import type { ReadyStore } from './column-store.ts';
import { runBits, sortedSlotsOf } from './sorted-slots.ts';

/** The live slots passing every filter; null when a range cannot be evaluated exactly. */
export function filterMask(
  store: ReadyStore,
  filters: readonly FieldFilter[],
  extra: readonly ((mask: SlotMask) => boolean)[] = [],
): SlotMask | null {
  const mask = store.liveMask();
  for (const { column, spec, filter } of filters) {
    const stored = store.column(spec);
    if (stored.kind === 'list') {
      andListSet(mask, stored, filter.filterType === 'set' ? filter.values : []);
      continue;
    }
    const test = scalarTest(stored, column, filter);
    if (!test) return null;
    andCodes(mask, stored, test, store);
  }
  for (const apply of extra) if (!apply(mask)) return null;
  return mask;
}

/**
 * Which codes pass: a table per code, or — for one number or date condition — a run of codes (within or
 * outside [from, to)), tested without the table's random reads.
 */
type CodeTest =
  | { kind: 'lut'; lut: Uint8Array }
  | { kind: 'range'; from: number; to: number; outside: boolean };

/**
 * Narrows the mask to the slots whose code passes: an OR of code bitmaps where the column keeps them, a
 * run of the column's sorted slots for a range, else a pass over the codes.
 */
export function andCodes(mask: SlotMask, column: ScalarColumn, test: CodeTest, store: ReadyStore): void {
  if (column.values.length <= MAX_BITMAP_CODES) {
    const lut = lutOf(column, test);
    column.bitmaps ??= codeBitmaps(column.codes, store.slots.size, column.values.length);
    const bitmaps = column.bitmaps;
    const chosen = [...lut.keys()].filter((code) => lut[code] === 1).map((code) => bitmaps[code]!);
    mask.andAny(chosen, store.runScratch());
  } else if (test.kind === 'range') andCodeRange(mask, column, test, store);
  else mask.andLut(column.codes, test.lut);
}

/**
 * A range of codes over a column of many codes (dates, scores): its slots are one run of the column's
 * sorted slots, marked as bits (sorted-slots.ts runBits) and ANDed with the mask, where testing every
 * slot's code touches all of them (measured, the grid benchmark's first page at a million slides: its
 * mask — three indications, scan date after mid-2023 — took 1.9 ms testing every code). A mask already
 * so sparse that its own slots are fewer than the run's is tested slot by slot.
 */
function andCodeRange(
  mask: SlotMask,
  column: ScalarColumn,
  test: Extract<CodeTest, { kind: 'range' }>,
  store: ReadyStore,
): void {
  const sorted = sortedSlotsOf(column, store.slots);
  const from = sorted.starts[test.from]!;
  const to = sorted.starts[test.to]!;
  const inside = to - from;
  if (mask.nonEmptyWords() * 32 <= Math.min(inside, sorted.slots.length - inside))
    return mask.andRange(column.codes, test.from, test.to, test.outside);
  const scratch = store.runScratch();
  runBits(sorted, from, to, scratch, mask.words.length);
  mask.andBits(scratch, !test.outside);
}

function scalarTest(column: ScalarColumn, grid: GridColumn, filter: ColumnFilter): CodeTest | null {
  if (filter.filterType === 'set') return { kind: 'lut', lut: setLut(column, grid, filter.values) };
  const conditions = 'conditions' in filter ? filter.conditions : [filter];
  const tests = conditions.map((c) => conditionTest(column, grid, c));
  if (tests.some((t) => !t)) return null;
  if (tests.length === 1) return tests[0]!;
  const luts = tests.map((t) => lutOf(column, t!));
  const combined = luts[0]!;
  const isAnd = 'conditions' in filter && filter.operator === 'AND';
  for (const lut of luts.slice(1))
    for (let c = 0; c < combined.length; c++)
      combined[c] = isAnd ? combined[c]! & lut[c]! : combined[c]! | lut[c]!;
  return { kind: 'lut', lut: combined };
}

function lutOf(column: ScalarColumn, test: CodeTest): Uint8Array {
  if (test.kind === 'lut') return test.lut;
  const lut = new Uint8Array(column.values.length);
  if (test.outside) lut.fill(1);
  if (test.from < test.to) lut.fill(test.outside ? 0 : 1, test.from, test.to);
  return lut;
}

function setLut(column: ScalarColumn, grid: GridColumn, values: readonly (string | null)[]): Uint8Array {
  const lut = new Uint8Array(column.values.length);
  for (const value of values) {
    if (value === null) lut[0] = 1;
    else {
      const code = codeOf(column, setValue(grid, value));
      if (code > 0) lut[code] = 1;
    }
  }
  return lut;
}

/** A group key's slots: the key's value (null or '(Blanks)' for blanks), as the SQL of a group key reads it. */
export function groupKeyLut(column: ScalarColumn, grid: GridColumn, key: unknown): Uint8Array {
  const lut = new Uint8Array(column.values.length);
  if (key === null || key === BLANKS_LABEL) lut[0] = 1;
  else {
    const value =
      grid.kind === 'bool'
        ? key === true || key === 'true'
          ? 1
          : 0
        : grid.kind === 'number'
          ? Number(key)
          : String(key);
    const code = codeOf(column, value);
    if (code > 0) lut[code] = 1;
  }
  return lut;
}

function conditionTest(column: ScalarColumn, grid: GridColumn, c: Condition): CodeTest | null {
  const size = column.values.length;
  if (c.type === 'blank') return { kind: 'range', from: 0, to: 1, outside: false };
  if (c.type === 'notBlank') return { kind: 'range', from: 1, to: size, outside: false };
  if (c.filterType === 'text') return { kind: 'range', from: 0, to: size, outside: false }; // an empty text filters nothing (isEvaluable lets no other through)
  return rangeTest(column, c.filterType === 'number' ? numberRange(c) : dateRange(grid, c));
}

/** The codes within (or outside) a range: a run of codes, since the values ascend. */
function rangeTest(column: ScalarColumn, range: ValueRange<number | string>): CodeTest | null {
  const size = column.values.length;
  // Only blanks: nothing is within any range, everything outside it.
  if (size === 1) return { kind: 'range', from: 0, to: range.outside ? 1 : 0, outside: false };
  const sample = range.lower?.value ?? range.upper?.value;
  if (!column.isJsOrdered || typeof column.values[1] !== typeof sample) return null;
  const from = range.lower ? lowerBound(column, range.lower.value as StoredValue, !range.lower.inclusive) : 1;
  const to = range.upper ? lowerBound(column, range.upper.value as StoredValue, range.upper.inclusive) : size;
  // Outside the run: code 0 (blank) included, as SQL's `col IS NULL OR NOT (…)`.
  return { kind: 'range', from, to: Math.max(from, to), outside: range.outside };
}

/** Keeps the slots whose list holds one of `values`, or is empty when null ('(Blanks)') is among them. */
function andListSet(mask: SlotMask, column: ListColumn, values: readonly (string | null)[]): void {
  const chosen = new Uint8Array(column.values.length);
  const index = new Map(column.values.map((v, i) => [v, i]));
  for (const v of values) if (v !== null && index.has(v)) chosen[index.get(v)!] = 1;
  const blanks = values.includes(null);
  const { offsets, items } = column;
  mask.filterSlots((slot) => {
    const from = offsets[slot]!;
    const to = offsets[slot + 1]!;
    if (from === to) return blanks;
    for (let i = from; i < to; i++) if (chosen[items[i]!]) return true;
    return false;
  });
}
