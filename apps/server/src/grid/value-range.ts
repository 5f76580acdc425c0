/**
 * The values a number, date or set filter stands for, worked out once for both evaluators: the SQL
 * compiler (filter.queries.ts) and the column store (column-store/store-filter.ts), which must answer
 * alike.
 */
import { isIsoDate } from '@tessera/domain';
import type { DateCondition, NumberCondition } from '@tessera/contract';
import { GridRequestError, type GridColumn } from './grid-source.ts';

/**
 * The rows a number or date condition keeps: values within the bounds (each optional, inclusive or not),
 * or with `outside` every other row, blanks included. SQL and the column store both evaluate these.
 */
export interface ValueRange<T extends number | string> {
  lower?: { value: T; inclusive: boolean };
  upper?: { value: T; inclusive: boolean };
  outside: boolean;
}

export function numberRange(c: NumberCondition): ValueRange<number> {
  const value = c.filter;
  if (value === null || value === undefined)
    throw new GridRequestError(`A '${c.type}' number filter needs a value`);
  const at = (inclusive: boolean) => ({ value, inclusive });
  switch (c.type) {
    case 'equals':
      return { lower: at(true), upper: at(true), outside: false };
    case 'notEqual':
      return { lower: at(true), upper: at(true), outside: true };
    case 'lessThan':
      return { upper: at(false), outside: false };
    case 'lessThanOrEqual':
      return { upper: at(true), outside: false };
    case 'greaterThan':
      return { lower: at(false), outside: false };
    case 'greaterThanOrEqual':
      return { lower: at(true), outside: false };
    case 'inRange': {
      if (c.filterTo === null || c.filterTo === undefined)
        throw new GridRequestError("An 'inRange' number filter needs filterTo");
      return { lower: at(true), upper: { value: c.filterTo, inclusive: true }, outside: false };
    }
    default:
      throw new GridRequestError(`Unknown number filter '${c.type}'`);
  }
}

/** Dates compare by day: a day runs from its start to the next day's (a datetime column's at midnight UTC). */
export function dateRange(column: GridColumn, c: DateCondition): ValueRange<string> {
  const from = day(c.dateFrom, c.type);
  const startOf = (isoDay: string) => (column.kind === 'datetime' ? `${isoDay}T00:00:00.000Z` : isoDay);
  const start = { value: startOf(from), inclusive: true };
  const next = { value: startOf(nextDay(from)), inclusive: false };
  switch (c.type) {
    case 'equals':
      return { lower: start, upper: next, outside: false };
    case 'notEqual':
      return { lower: start, upper: next, outside: true };
    case 'lessThan':
      return { upper: { ...start, inclusive: false }, outside: false };
    case 'greaterThan':
      return { lower: { ...next, inclusive: true }, outside: false };
    case 'inRange':
      // Between the two days, both left out (the grid's default).
      return {
        lower: { ...next, inclusive: true },
        upper: { value: startOf(day(c.dateTo, c.type)), inclusive: false },
        outside: false,
      };
    default:
      throw new GridRequestError(`Unknown date filter '${c.type}'`);
  }
}

/** A set value as the column stores it: booleans as 1/0, numbers as numbers. */
export function setValue(column: GridColumn, value: string): string | number {
  if (column.kind === 'bool') {
    if (value !== 'true' && value !== 'false')
      throw new GridRequestError(`The field '${column.field}' holds true or false, not '${value}'`);
    return value === 'true' ? 1 : 0;
  }
  if (column.kind === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n))
      throw new GridRequestError(`The field '${column.field}' holds numbers, not '${value}'`);
    return n;
  }
  return value;
}

function day(value: string | null | undefined, type: string): string {
  const d = (value ?? '').slice(0, 10);
  if (!isIsoDate(d)) throw new GridRequestError(`A '${type}' date filter needs dates as YYYY-MM-DD`);
  return d;
}

function nextDay(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
