/**
 * What the grid engine needs to know of a table: its columns, by the spec's field names, and how each is
 * stored. Only these names ever reach SQL, as quoted identifiers; request values are always parameters.
 */
import type { FilterKind } from '@tessera/domain';
import type { GridRequest } from '@tessera/contract';
import type { Db, Dialect } from '../db/database.ts';
import type { ColumnStores } from './column-store/column-stores.ts';

export type ColumnKind = 'text' | 'number' | 'bool' | 'date' | 'datetime' | 'list' | 'assays' | 'none';

export interface GridColumn {
  field: string;
  kind: ColumnKind;
  /** Column of the grid's table; for lists and assays, the JSON text column read for rows. */
  column: string;
  filter: FilterKind;
  sortable: boolean;
  groupable: boolean;
  /** A trigram index serves 'contains' (SQLite: a column of the FTS5 table; PostgreSQL: pg_trgm GIN). */
  trigram: boolean;
  /** For lists: the field's key in the side table of values. */
  listKey?: string;
  /** A project-specific field: its values are rows of the source's projectValuesTable, in this column. */
  projectValue?: 'value_text' | 'value_num';
}

export interface GridSource {
  /** The table rows come from, and its alias in every query. */
  table: string;
  /** SQLite FTS5 table indexing the trigram columns by rowid (external content); '' for none. */
  ftsTable: string;
  /** Side table of multi-value fields: (slide_id, project_id, field, value). */
  valuesTable: string;
  /** Side table of assay channels: (slide_id, project_id, marker, …). */
  assaysTable: string;
  /** Side table of project-specific field values: (slide_id, project_id, field_name, value_text, value_num). */
  projectValuesTable: string;
  columns: ReadonlyMap<string, GridColumn>;
  /** Columns the global search text looks in (trigram columns). */
  searchColumns: readonly string[];
  /** Counts, group rows and set values may come from the project's column store (grid/column-store: `slides` only). */
  hasColumnStore: boolean;
}

/** The column of `field`, or an error message for the request. */
export function columnOf(source: GridSource, field: string): GridColumn {
  const column = source.columns.get(field);
  if (!column) throw new GridRequestError(`Unknown field '${field}'`);
  return column;
}

/** A request the engine refuses: answered as 400 with this message. */
export class GridRequestError extends Error {}

/** A stored value as the API shows it: booleans from 1/0, numbers from PostgreSQL's numeric text. */
export function fromStored(column: GridColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.kind === 'bool') return value === 1 || value === true || value === '1';
  if (column.kind === 'number') return Number(value);
  return value;
}

/** A column of the source's table read into each leaf row, under the name the row gives it. */
export interface SelectColumn {
  column: string;
  as: string;
}

/** What the engine reads a grid of one project through. */
export interface GridContext {
  db: Db;
  dialect: Dialect;
  source: GridSource;
  projectId: string;
  /** The process's column stores: counts, group rows and set values from memory where they can answer. */
  stores?: ColumnStores;
  /**
   * Keys the caller sets on every leaf row after the engine (the slide table's label picture and project
   * fields): each row is built with them, undefined, since a key added to a built object moves it to a
   * slower shape.
   */
  laterKeys?: readonly string[];
}

/** A term of the leaf rows' order; the id always comes last, so every order is total. */
export interface SortTerm {
  column: GridColumn;
  desc: boolean;
}

/** The sort of leaf rows: the request's, else the given default, each column once. */
export function sortTermsOf(
  source: GridSource,
  sortModel: GridRequest['sortModel'],
  fallback: GridRequest['sortModel'],
): SortTerm[] {
  const model = sortModel.length ? sortModel : fallback;
  const terms = model.map((s) => {
    const column = columnOf(source, s.colId);
    if (!column.sortable) throw new GridRequestError(`The field '${s.colId}' cannot be sorted`);
    return { column, desc: s.sort === 'desc' };
  });
  return terms.filter((t, i) => terms.findIndex((u) => u.column === t.column) === i);
}
