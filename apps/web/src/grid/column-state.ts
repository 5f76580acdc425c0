/**
 * The column state of a grid (order, widths, hidden and pinned columns, sort, row grouping): built from
 * the field descriptors, changed by the header's actions, saved per user, project and table on the
 * server and restored when the table opens (issue #4 point 3).
 */
import { filterKindOf, type FieldDescriptor } from '@tessera/domain';

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
/** What a header holds beside its text: padding, a sort arrow and the menu button (GridHeader)… */
export const HEADER_CHROME_WIDTH = 60;
/** …and the filter button, on columns that filter. */
const FILTER_BUTTON_WIDTH = 20;

/** The width in pixels of a header's text (13 px, semi-bold). */
export type MeasureText = (text: string) => number;
/** Where nothing can measure (unit tests): about 8 px a character of 13 px semi-bold text. */
export const estimateTextWidth: MeasureText = (text) => text.length * 8;

/**
 * A column's default width: the registry's desired width, widened so the whole header fits beside its
 * buttons ('Status' and 'File Extension' were cut to 'Sta…' and 'File Ex…').
 */
export function defaultWidth(field: FieldDescriptor, measure: MeasureText = estimateTextWidth): number {
  const buttons = HEADER_CHROME_WIDTH + (filterKindOf(field) ? FILTER_BUTTON_WIDTH : 0);
  const header = Math.ceil(measure(field.headerName + (field.isMandatory ? ' *' : ''))) + buttons;
  return clampWidth(Math.max(field.desiredWidth ?? DEFAULT_WIDTH, header));
}

/** Columns hidden until a user shows them: system detail few people read. */
const HIDDEN_BY_DEFAULT = new Set(['checksum', 'createdBy']);
/** Columns pinned until a user unpins them: the file name says which slide a row is when the grid scrolls sideways. */
const PINNED_LEFT_BY_DEFAULT = new Set(['fileName']);

export function defaultColumnState(fields: readonly FieldDescriptor[], measure?: MeasureText): ColumnState {
  return {
    order: fields.map((f) => f.fieldName),
    widths: Object.fromEntries(fields.map((f) => [f.fieldName, defaultWidth(f, measure)])),
    hidden: fields.filter((f) => HIDDEN_BY_DEFAULT.has(f.fieldName)).map((f) => f.fieldName),
    pinned: Object.fromEntries(
      fields
        .filter((f) => PINNED_LEFT_BY_DEFAULT.has(f.fieldName))
        .map((f) => [f.fieldName, 'left' as const]),
    ),
    sort: fields
      .filter((f) => f.defaultSortOrder && !f.isGroupedByDefault)
      .map((f) => ({ colId: f.fieldName, sort: f.defaultSortOrder! })),
    groups: fields.filter((f) => f.isGroupedByDefault).map((f) => f.fieldName),
  };
}

/**
 * A saved column state (per user, on the server) repaired to fit today's field registry, never trusted:
 * what it says of known fields wins; fields added since keep their default place at the end; columns
 * that no longer exist, sorts by unsortable fields, groupings by fields that cannot group (or are gone),
 * duplicates, widths that are not numbers and wrong shapes are dropped. The one place a saved or shared
 * layout enters a grid: whatever the server hands back, the grid gets a state it can draw.
 */
export function restoreColumnState(
  fields: readonly FieldDescriptor[],
  saved: unknown,
  measure?: MeasureText,
): ColumnState {
  const defaults = defaultColumnState(fields, measure);
  if (!isRecord(saved)) return defaults;
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  /** The known field names of a list, first occurrence kept; null when it is no list. */
  const names = (v: unknown, fits: (f: FieldDescriptor) => boolean = () => true): string[] | null =>
    Array.isArray(v)
      ? [
          ...new Set(
            v.filter((x): x is string => typeof x === 'string' && byName.has(x) && fits(byName.get(x)!)),
          ),
        ]
      : null;
  const widths = isRecord(saved.widths) ? saved.widths : {};
  const pinned = isRecord(saved.pinned) ? saved.pinned : null;
  const sort = Array.isArray(saved.sort)
    ? saved.sort.filter(
        (e, i, all): e is SortEntry =>
          isRecord(e) &&
          typeof e.colId === 'string' &&
          byName.has(e.colId) &&
          !byName.get(e.colId)!.suppressSort &&
          (e.sort === 'asc' || e.sort === 'desc') &&
          all.findIndex((o) => isRecord(o) && o.colId === e.colId) === i,
      )
    : null;
  const order = names(saved.order);
  const width = (f: string) => {
    const w = widths[f];
    return typeof w === 'number' && Number.isFinite(w) ? w : defaults.widths[f]!;
  };
  return {
    order: order ? [...new Set([...order, ...defaults.order])] : defaults.order,
    widths: Object.fromEntries(defaults.order.map((f) => [f, clampWidth(width(f))])),
    hidden: names(saved.hidden) ?? defaults.hidden,
    pinned: pinned
      ? (Object.fromEntries(
          Object.entries(pinned).filter(([f, p]) => byName.has(f) && (p === 'left' || p === 'right')),
        ) as ColumnState['pinned'])
      : defaults.pinned,
    sort: sort ? sort.map((e) => ({ colId: e.colId, sort: e.sort })) : defaults.sort,
    groups: names(saved.groups, (f) => f.enableRowGroup || f.isGroupedByDefault) ?? defaults.groups,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const clampWidth = (width: number): number =>
  Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));

/** A click on a header: none → ascending → descending → none; with `multi` (shift) the column joins the sort. */
export function toggleSort(state: ColumnState, field: string, multi: boolean): ColumnState {
  const current = state.sort.find((s) => s.colId === field);
  const next: SortEntry | null = !current
    ? { colId: field, sort: 'asc' }
    : current.sort === 'asc'
      ? { colId: field, sort: 'desc' }
      : null;
  if (!multi) return { ...state, sort: next ? [next] : [] };
  const others = state.sort.filter((s) => s.colId !== field);
  if (!next) return { ...state, sort: others };
  return {
    ...state,
    sort: current ? state.sort.map((s) => (s.colId === field ? next : s)) : [...others, next],
  };
}

/** Moves `field` to position `to` of the column order. */
export function moveColumn(state: ColumnState, field: string, to: number): ColumnState {
  const order = state.order.filter((f) => f !== field);
  order.splice(Math.max(0, Math.min(to, order.length)), 0, field);
  return { ...state, order };
}

export const setWidth = (state: ColumnState, field: string, width: number): ColumnState => ({
  ...state,
  widths: { ...state.widths, [field]: clampWidth(width) },
});

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

export const removeGroup = (state: ColumnState, field: string): ColumnState => ({
  ...state,
  groups: state.groups.filter((f) => f !== field),
});

/** Visible columns in display order: left-pinned, then the rest, then right-pinned. */
export function visibleColumns(state: ColumnState): { left: string[]; center: string[]; right: string[] } {
  const shown = state.order.filter((f) => !state.hidden.includes(f));
  return {
    left: shown.filter((f) => state.pinned[f] === 'left'),
    center: shown.filter((f) => !state.pinned[f]),
    right: shown.filter((f) => state.pinned[f] === 'right'),
  };
}

/** The fields blocks are read with: the columns shown, the grouped ones, and those the table always needs. */
export function readFieldsOf(
  state: Pick<ColumnState, 'order' | 'hidden' | 'groups'>,
  alwaysRead: readonly string[],
): string[] {
  const shown = state.order.filter((f) => !state.hidden.includes(f));
  return [...new Set([...shown, ...state.groups, ...alwaysRead])];
}
