/**
 * The grid's filter model (spec 1 §7, the server-side grid request): per field a text, number, date or
 * set filter, or several conditions joined by AND/OR. Older saved views hold two conditions as
 * condition1/condition2 (spec 1 §3); upgradeFilterModel turns them into a list.
 */

export const TEXT_FILTER_TYPES = [
  'contains',
  'notContains',
  'equals',
  'notEqual',
  'startsWith',
  'endsWith',
  'blank',
  'notBlank',
] as const;
export const NUMBER_FILTER_TYPES = [
  'equals',
  'notEqual',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
] as const;
export const DATE_FILTER_TYPES = [
  'equals',
  'notEqual',
  'lessThan',
  'greaterThan',
  'inRange',
  'blank',
  'notBlank',
] as const;

export interface TextCondition {
  filterType: 'text';
  type: (typeof TEXT_FILTER_TYPES)[number];
  filter?: string | null;
}
export interface NumberCondition {
  filterType: 'number';
  type: (typeof NUMBER_FILTER_TYPES)[number];
  filter?: number | null;
  filterTo?: number | null;
}
export interface DateCondition {
  filterType: 'date';
  type: (typeof DATE_FILTER_TYPES)[number];
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD hh:mm:ss' (only the day counts). */
  dateFrom?: string | null;
  dateTo?: string | null;
}
/** Chosen values; null stands for '(Blanks)'. An empty list matches nothing. */
export interface SetFilter {
  filterType: 'set';
  values: (string | null)[];
}
export type Condition = TextCondition | NumberCondition | DateCondition;
interface Combined<C extends Condition> {
  filterType: C['filterType'];
  operator: 'AND' | 'OR';
  conditions: C[];
}
/** Several conditions of one kind joined by AND or OR. */
export type CombinedFilter = Combined<TextCondition> | Combined<NumberCondition> | Combined<DateCondition>;
/** The older form of two conditions. */
export interface LegacyCombinedFilter<C extends Condition = Condition> {
  filterType: C['filterType'];
  operator: 'AND' | 'OR';
  condition1: C;
  condition2: C;
}
export type ColumnFilter = Condition | SetFilter | CombinedFilter;
export type FilterModel = Record<string, ColumnFilter>;

/** The label of the blank value in set filters and group rows. */
export const BLANKS_LABEL = '(Blanks)';

/** A filter model with every condition1/condition2 pair turned into a list of conditions. */
export function upgradeFilterModel(model: Record<string, ColumnFilter | LegacyCombinedFilter>): FilterModel {
  // fromEntries defines own properties, so a field named '__proto__' stays a field (and is refused as unknown).
  return Object.fromEntries(
    Object.entries(model).map(([field, filter]) => {
      if (!('condition1' in filter)) return [field, filter];
      const { condition1, condition2, operator, filterType } = filter;
      return [
        field,
        { filterType, operator, conditions: [condition1, condition2] } as unknown as CombinedFilter,
      ];
    }),
  );
}
