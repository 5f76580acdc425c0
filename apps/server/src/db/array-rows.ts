/**
 * Many rows of many columns (grid blocks): read as arrays (database.ts arrayReaderOf) and made into
 * objects by a function compiled once per column list, an object literal with every key in place.
 *
 * Why: the drivers build each row key by key — better-sqlite3 from C++, pg in a loop — and V8 keeps an
 * object built that way with more than a dozen keys as a dictionary, which is slow to build and slow to
 * serialize. Measured on a hundred 55-column slide rows (SQLite, a million slides): the driver's objects
 * 3.7 ms to read and 0.9 ms to stringify, arrays made into literals 2.5 ms and 0.6 ms.
 */
import type { CompiledQuery } from 'kysely';
import { arrayReaderOf, type Db } from './database.ts';

type Row = Record<string, unknown>;

/**
 * The rows of a compiled SELECT as arrays of values in select order. `isKept`: prepared once per
 * connection (database.ts), for queries of a few shapes. Through Kysely (a transaction's instance) the
 * row objects' values are taken in key order, which is the select order.
 */
export async function selectArrays(db: Db, query: CompiledQuery, isKept = false): Promise<unknown[][]> {
  const reader = arrayReaderOf(db);
  if (reader) return reader(query, isKept);
  const { rows } = await db.executeQuery<Row>(query);
  return rows.map((row) => Object.values(row));
}

const makers = new Map<string, (values: readonly unknown[]) => Row>();
const MAX_MAKERS = 200;

/**
 * A function making an object of `keys` from the first values of an array, keys in this order, and of
 * `laterKeys` undefined (to be set in place).
 */
export function rowMaker(
  keys: readonly string[],
  laterKeys: readonly string[] = [],
): (values: readonly unknown[]) => Row {
  const id = `${keys.join('\u0000')}\u0001${laterKeys.join('\u0000')}`;
  let make = makers.get(id);
  if (!make) {
    // JSON.stringify makes each key a valid string literal, whatever it holds.
    const body = [
      ...keys.map((key, i) => `${JSON.stringify(key)}: v[${i}]`),
      ...laterKeys.map((key) => `${JSON.stringify(key)}: undefined`),
    ].join(', ');
    // Compiled from the keys alone, never from values.
    make = new Function('v', `return { ${body} };`) as (values: readonly unknown[]) => Row;
    if (makers.size >= MAX_MAKERS) makers.clear();
    makers.set(id, make);
  }
  return make;
}
