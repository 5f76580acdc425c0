/**
 * A filter model evaluated over a column store: which slots pass, as a mask. It answers exactly what the
 * SQL compiler (compile-filter.ts) answers — the same set semantics, the same number and date ranges
 * (numberRange, dateRange), blanks as null — and a property test holds the two to it on both databases.
 * Requests it cannot evaluate exactly go to SQL: text conditions (case folding differs between the
 * databases), the global search, project-specific fields, and ranges over values whose JavaScript order
 * is not the database's.
 */
import { BLANKS_LABEL, upgradeFilterModel, type ColumnFilter, type Condition, type FilterModel } from '@tessera/domain';
import { dateRange, numberRange, setValue, type ValueRange } from '../compile-filter.ts';
import { columnOf, type GridColumn, type GridSource } from '../grid-source.ts';
import { codeOf, lowerBound, type ListColumn, type ScalarColumn, type StoredValue } from './columns.ts';
import type { ColumnSpec } from './column-store.queries.ts';
import type { ReadyStore } from './column-store.ts';

/** The column store's column for a grid column, or null when the store holds none (project fields, images). */
export function specOf(source: GridSource, column: GridColumn): ColumnSpec | null {
  if (!source.hasColumnStore || column.projectValue || column.kind === 'none') return null;
  if (column.kind === 'list') return { kind: 'list', column: column.column, side: { table: 'slide_values', field: column.listKey! } };
  if (column.kind === 'assays') return { kind: 'list', column: column.column, side: { table: 'slide_assays' } };
  return { kind: 'scalar', column: column.column };
}

export interface FieldFilter {
  column: GridColumn;
  spec: ColumnSpec;
  filter: ColumnFilter;
}

/**
 * The filter model (already checked by the SQL compiler) as per-field filters the store can evaluate, or
 * null when one of them needs SQL. `except` leaves a field out (a set filter's own values).
 */
export function planFilters(source: GridSource, model: FilterModel | Record<string, unknown>, except?: string): FieldFilter[] | null {
  const out: FieldFilter[] = [];
  for (const [field, filter] of Object.entries(upgradeFilterModel(model as FilterModel))) {
    if (field === except) continue;
    const column = columnOf(source, field);
    const spec = specOf(source, column);
    if (!spec || !isEvaluable(filter)) return null;
    out.push({ column, spec, filter });
  }
  return out;
}

/** Text conditions other than blank, not blank and an empty text are left to SQL. */
function isEvaluable(filter: ColumnFilter): boolean {
  const conditions = 'conditions' in filter ? filter.conditions : filter.filterType === 'set' ? [] : [filter];
  return conditions.every((c) => c.filterType !== 'text' || c.type === 'blank' || c.type === 'notBlank' || !c.filter);
}

/** The slots passing every filter (1) among the live ones; null when a range cannot be evaluated exactly. */
export function filterMask(store: ReadyStore, filters: readonly FieldFilter[], extra: readonly ((mask: Uint8Array) => boolean)[] = []): Uint8Array | null {
  const { size, alive } = store.slots;
  const mask = alive.slice(0, size);
  for (const { column, spec, filter } of filters) {
    const stored = store.column(spec);
    if (stored.kind === 'list') {
      applyListSet(mask, stored, filter.filterType === 'set' ? filter.values : []);
      continue;
    }
    const lut = scalarLut(stored, column, filter);
    if (!lut) return null;
    applyLut(mask, stored.codes, lut);
  }
  for (const apply of extra) if (!apply(mask)) return null;
  return mask;
}

/** Keeps the slots whose code the table marks. */
export function applyLut(mask: Uint8Array, codes: Int32Array, lut: Uint8Array): void {
  for (let s = 0; s < mask.length; s++) if (mask[s] && !lut[codes[s]!]) mask[s] = 0;
}

/** Per code of the column: 1 when its value passes the filter; null when that cannot be told exactly. */
function scalarLut(column: ScalarColumn, grid: GridColumn, filter: ColumnFilter): Uint8Array | null {
  if (filter.filterType === 'set') return setLut(column, grid, filter.values);
  const conditions = 'conditions' in filter ? filter.conditions : [filter];
  const luts = conditions.map((c) => conditionLut(column, grid, c));
  if (luts.some((l) => !l)) return null;
  const combined = luts[0]!.slice();
  const isAnd = 'conditions' in filter && filter.operator === 'AND';
  for (const lut of luts.slice(1)) for (let c = 0; c < combined.length; c++) combined[c] = isAnd ? combined[c]! & lut![c]! : combined[c]! | lut![c]!;
  return combined;
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
    const value = grid.kind === 'bool' ? (key === true || key === 'true' ? 1 : 0) : grid.kind === 'number' ? Number(key) : String(key);
    const code = codeOf(column, value);
    if (code > 0) lut[code] = 1;
  }
  return lut;
}

function conditionLut(column: ScalarColumn, grid: GridColumn, c: Condition): Uint8Array | null {
  const lut = new Uint8Array(column.values.length);
  if (c.type === 'blank') lut[0] = 1;
  else if (c.type === 'notBlank') lut.fill(1, 1);
  else if (c.filterType === 'text') lut.fill(1); // an empty text filters nothing (isEvaluable lets no other through)
  else return rangeLut(column, c.filterType === 'number' ? numberRange(c) : dateRange(grid, c));
  return lut;
}

/** The codes within (or outside) a range: a run of codes, since the values ascend. */
function rangeLut(column: ScalarColumn, range: ValueRange<number | string>): Uint8Array | null {
  const sample = range.lower?.value ?? range.upper?.value;
  if (!column.isJsOrdered || (column.values.length > 1 && typeof column.values[1] !== typeof sample)) return column.values.length > 1 ? null : new Uint8Array(1).fill(range.outside ? 1 : 0);
  const lut = new Uint8Array(column.values.length);
  const from = range.lower ? lowerBound(column, range.lower.value as StoredValue, !range.lower.inclusive) : 1;
  const to = range.upper ? lowerBound(column, range.upper.value as StoredValue, range.upper.inclusive) : column.values.length;
  if (range.outside) {
    lut.fill(1);
    if (from < to) lut.fill(0, from, to);
  } else if (from < to) lut.fill(1, from, to);
  return lut;
}

/** Keeps the slots whose list holds one of `values`, or is empty when null ('(Blanks)') is among them. */
function applyListSet(mask: Uint8Array, column: ListColumn, values: readonly (string | null)[]): void {
  const chosen = new Uint8Array(column.values.length);
  const index = new Map(column.values.map((v, i) => [v, i]));
  for (const v of values) if (v !== null && index.has(v)) chosen[index.get(v)!] = 1;
  const blanks = values.includes(null);
  const { offsets, items } = column;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s]) continue;
    const from = offsets[s]!;
    const to = offsets[s + 1]!;
    let keep = blanks && from === to;
    for (let i = from; !keep && i < to; i++) keep = chosen[items[i]!] === 1;
    if (!keep) mask[s] = 0;
  }
}
