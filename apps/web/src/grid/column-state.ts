/**
 * The column state of a grid (order, widths, hidden and pinned columns, sort, row grouping): built from
 * the field descriptors, changed by the header's actions, saved per user, project and table on the
 * server and restored when the table opens (issue #4 point 3).
 */
import type { FieldDescriptor } from '@tessera/domain';

export interface SortEntry {
  colId: string;
  sort: 'asc' | 'desc';
}

export interface ColumnState {
  order: string[];
  widths: Record<string, number>;
  hidden: string[];
  pinned: Record<string, 'left' | 'right'>;
  sort: SortEntry[];
  /** Fields the rows are grouped by, outermost first. */
  groups: string[];
}

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 1200;
const DEFAULT_WIDTH = 150;

/** Columns hidden until a user shows them: system detail few people read. */
const HIDDEN_BY_DEFAULT = new Set(['checksum', 'createdBy']);

export function defaultColumnState(fields: readonly FieldDescriptor[]): ColumnState {
  return {
    order: fields.map((f) => f.fieldName),
    widths: Object.fromEntries(fields.map((f) => [f.fieldName, f.desiredWidth ?? DEFAULT_WIDTH])),
    hidden: fields.filter((f) => HIDDEN_BY_DEFAULT.has(f.fieldName)).map((f) => f.fieldName),
    pinned: {},
    sort: fields.filter((f) => f.defaultSortOrder && !f.isGroupedByDefault).map((f) => ({ colId: f.fieldName, sort: f.defaultSortOrder! })),
    groups: fields.filter((f) => f.isGroupedByDefault).map((f) => f.fieldName),
  };
}

/**
 * A saved state laid over the defaults: what it says of known fields wins; fields added since keep
 * their default place at the end; anything malformed is ignored (a saved state is never trusted).
 */
export function restoreColumnState(defaults: ColumnState, saved: unknown): ColumnState {
  if (!saved || typeof saved !== 'object') return defaults;
  const s = saved as Partial<Record<keyof ColumnState, unknown>>;
  const known = new Set(defaults.order);
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && known.has(x)) : null);
  const order = strings(s.order);
  const widths = s.widths && typeof s.widths === 'object' ? (s.widths as Record<string, unknown>) : {};
  const pinned = s.pinned && typeof s.pinned === 'object' ? (s.pinned as Record<string, unknown>) : {};
  const sort = Array.isArray(s.sort)
    ? (s.sort as unknown[]).filter((e): e is SortEntry => !!e && typeof e === 'object' && known.has((e as SortEntry).colId) && ((e as SortEntry).sort === 'asc' || (e as SortEntry).sort === 'desc'))
    : null;
  return {
    order: order ? [...new Set([...order, ...defaults.order])] : defaults.order,
    widths: Object.fromEntries(defaults.order.map((f) => [f, clampWidth(typeof widths[f] === 'number' ? (widths[f] as number) : defaults.widths[f]!)])),
    hidden: strings(s.hidden) ?? defaults.hidden,
    pinned: Object.fromEntries(Object.entries(pinned).filter(([f, p]) => known.has(f) && (p === 'left' || p === 'right'))) as ColumnState['pinned'],
    sort: sort ?? defaults.sort,
    groups: strings(s.groups) ?? defaults.groups,
  };
}

export const clampWidth = (width: number): number => Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));

/** A click on a header: none → ascending → descending → none; with `multi` (shift) the column joins the sort. */
export function toggleSort(state: ColumnState, field: string, multi: boolean): ColumnState {
  const current = state.sort.find((s) => s.colId === field);
  const next: SortEntry | null = !current ? { colId: field, sort: 'asc' } : current.sort === 'asc' ? { colId: field, sort: 'desc' } : null;
  if (!multi) return { ...state, sort: next ? [next] : [] };
  const others = state.sort.filter((s) => s.colId !== field);
  if (!next) return { ...state, sort: others };
  return { ...state, sort: current ? state.sort.map((s) => (s.colId === field ? next : s)) : [...others, next] };
}

/** Moves `field` to position `to` of the column order. */
export function moveColumn(state: ColumnState, field: string, to: number): ColumnState {
  const order = state.order.filter((f) => f !== field);
  order.splice(Math.max(0, Math.min(to, order.length)), 0, field);
  return { ...state, order };
}

export const setWidth = (state: ColumnState, field: string, width: number): ColumnState => ({ ...state, widths: { ...state.widths, [field]: clampWidth(width) } });

export function setHidden(state: ColumnState, field: string, hidden: boolean): ColumnState {
  const rest = state.hidden.filter((f) => f !== field);
  return { ...state, hidden: hidden ? [...rest, field] : rest };
}

export function setPinned(state: ColumnState, field: string, side: 'left' | 'right' | null): ColumnState {
  const pinned = { ...state.pinned };
  if (side) pinned[field] = side;
  else delete pinned[field];
  return { ...state, pinned };
}

/** Groups rows by `field` too (at `at`, default innermost); a field is grouped once. */
export function addGroup(state: ColumnState, field: string, at = state.groups.length): ColumnState {
  const groups = state.groups.filter((f) => f !== field);
  groups.splice(Math.max(0, Math.min(at, groups.length)), 0, field);
  return { ...state, groups };
}

export const removeGroup = (state: ColumnState, field: string): ColumnState => ({ ...state, groups: state.groups.filter((f) => f !== field) });

/** Visible columns in display order: left-pinned, then the rest, then right-pinned. */
export function visibleColumns(state: ColumnState): { left: string[]; center: string[]; right: string[] } {
  const shown = state.order.filter((f) => !state.hidden.includes(f));
  return {
    left: shown.filter((f) => state.pinned[f] === 'left'),
    center: shown.filter((f) => !state.pinned[f]),
    right: shown.filter((f) => state.pinned[f] === 'right'),
  };
}
