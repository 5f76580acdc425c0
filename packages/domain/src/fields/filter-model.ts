/**
 * The kinds of the grid's filter conditions (spec 1 §7). The filter model itself is one zod schema in
 * packages/contract (slide-grid.contract.ts), whose inferred types the server and the web use.
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

/** The label of the blank value in set filters and group rows. */
export const BLANKS_LABEL = '(Blanks)';
