/**
 * A grid answer's rows (spec 1 §7), as objects or — asked with rowShape 'arrays' — as arrays under one
 * list of field names, with the two conversions.
 */
import { z } from 'zod';

/** A slide row or a group row: field values by fieldName; group rows carry childCount. */
export const GridRow = z.record(z.string(), z.unknown());

export const GridResponse = z
  .object({
    data: z.array(GridRow),
    /** Slides matching the filters (and the group keys): the table's 'N of M'. */
    filteredSlideCount: z.number().int(),
    /** Rows at the requested level: slides, or groups when grouping. */
    rowCount: z.number().int(),
  })
  .meta({ id: 'GridResponse' });
export type GridResponse = z.infer<typeof GridResponse>;

/** A grid answer asked for with rowShape 'arrays': each row's values in the order of `fields`, null when absent. */
export const GridArraysResponse = z
  .object({
    fields: z.array(z.string()),
    rows: z.array(z.array(z.unknown())),
    filteredSlideCount: z.number().int(),
    rowCount: z.number().int(),
  })
  .meta({ id: 'GridArraysResponse' });
export type GridArraysResponse = z.infer<typeof GridArraysResponse>;

/**
 * A grid answer in rowShape 'arrays': the keys of its rows once, in the order first seen, and each row's
 * values in that order (absent or undefined as null). gridRowsOf reverses it.
 */
export function gridArraysOf(answer: GridResponse): GridArraysResponse {
  const { data } = answer;
  // A block's rows share their keys (the engine builds them alike): the first row's keys, unless a
  // row has another number of keys or another key, which makes the union.
  let fields = Object.keys(data[0] ?? {});
  const isShared = data.every((row) => {
    const keys = Object.keys(row);
    return keys.length === fields.length && keys.every((key, i) => key === fields[i]);
  });
  if (!isShared) fields = [...new Set(data.flatMap((row) => Object.keys(row)))];
  // As in JSON objects, a key whose value is undefined in every row is left out.
  fields = fields.filter((field) => data.some((row) => row[field] !== undefined));
  const rows = data.map((row) => fields.map((field) => row[field] ?? null));
  return { fields, rows, filteredSlideCount: answer.filteredSlideCount, rowCount: answer.rowCount };
}

/** The rows of an arrays answer as objects (without a prototype: keys come from data, DESIGN §14). */
export function gridRowsOf(answer: GridArraysResponse): GridResponse {
  const { fields, rows, filteredSlideCount, rowCount } = answer;
  const data = rows.map((values) => {
    const row = Object.create(null) as Record<string, unknown>;
    for (let i = 0; i < fields.length; i++) row[fields[i]!] = values[i] ?? null;
    return row;
  });
  return { data, filteredSlideCount, rowCount };
}
