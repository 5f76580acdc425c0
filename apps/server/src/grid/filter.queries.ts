/**
 * Filter model (spec 1 §7) → a parameterised SQL condition. Field names are looked up in the grid source
 * and only its column names reach SQL (as identifiers); every value the request carries is a parameter.
 * 'contains', 'startsWith', 'endsWith' and 'equals' of text columns go through trigram indexes (SQLite FTS5
 * MATCH of the quoted phrase, then LIKE for the anchored forms; PostgreSQL ILIKE served by pg_trgm). A
 * text shorter than 3 characters cannot use a trigram index and is a LIKE over the project's rows.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ColumnFilter, Condition, FilterModel, TextCondition } from '@tessera/contract';
import type { Dialect } from '../db/database.ts';
import { columnOf, GridRequestError, type GridColumn, type GridSource } from './grid-source.ts';
import { dateRange, numberRange, setValue, type ValueRange } from './value-range.ts';

type Sql = RawBuilder<unknown>;

export interface FilterContext {
  source: GridSource;
  dialect: Dialect;
  projectId: string;
}

const TRUE: Sql = sql`1 = 1`;
const FALSE: Sql = sql`1 = 0`;

export const and = (parts: Sql[]): Sql =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` AND `)})`;
const or = (parts: Sql[]): Sql =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;

/** The condition of a whole filter model (AND over fields), leaving out `except` (a set filter's own field). */
export function compileFilterModel(ctx: FilterContext, model: FilterModel, except?: string): Sql {
  return and(
    Object.entries(model)
      .filter(([field]) => field !== except)
      .map(([field, filter]) => compileColumnFilter(ctx, columnOf(ctx.source, field), filter)),
  );
}

/** The global search text: any trigram column containing it. */
export function compileSearch(ctx: FilterContext, text: string): Sql {
  const needle = text.trim();
  if (!needle) return TRUE;
  const { source } = ctx;
  if (ctx.dialect === 'sqlite' && source.ftsTable && needle.length >= 3) {
    return sql`${ref(source, 'rowid')} IN (SELECT rowid FROM ${sql.table(source.ftsTable)} WHERE ${sql.table(source.ftsTable)} MATCH ${`{${source.searchColumns.join(' ')}} : ${phrase(needle)}`})`;
  }
  return or(
    source.searchColumns.map((c) => like(ctx, sql.ref(`${source.table}.${c}`), `%${escapeLike(needle)}%`)),
  );
}

function compileColumnFilter(ctx: FilterContext, column: GridColumn, filter: ColumnFilter): Sql {
  if (!column.filter) throw new GridRequestError(`The field '${column.field}' cannot be filtered`);
  if (filter.filterType === 'set') return compileSet(ctx, column, filter.values);
  if (filter.filterType !== column.filter)
    throw new GridRequestError(
      `The field '${column.field}' takes a ${column.filter} filter, not ${filter.filterType}`,
    );
  if ('conditions' in filter) {
    const parts = filter.conditions.map((c) => compileCondition(ctx, column, c));
    return filter.operator === 'AND' ? and(parts) : or(parts);
  }
  return compileCondition(ctx, column, filter);
}

function compileCondition(ctx: FilterContext, column: GridColumn, condition: Condition): Sql {
  if (condition.filterType !== column.filter)
    throw new GridRequestError(
      `The field '${column.field}' takes a ${column.filter} filter, not ${condition.filterType}`,
    );
  if (column.projectValue) return compileProjectCondition(ctx, column, condition);
  const col = sql.ref(`${ctx.source.table}.${column.column}`);
  if (condition.type === 'blank') return sql`${col} IS NULL`;
  if (condition.type === 'notBlank') return sql`${col} IS NOT NULL`;
  return compileValueCondition(ctx, column, condition, col);
}

function compileValueCondition(ctx: FilterContext, column: GridColumn, condition: Condition, col: Sql): Sql {
  switch (condition.filterType) {
    case 'text':
      return compileText(ctx, column, condition, col);
    case 'number':
      return compileRange(col, numberRange(condition));
    case 'date':
      return compileRange(col, dateRange(column, condition));
  }
}

/** Rows holding a value of the project field that meets `condition`, or (`negate`) rows holding none that does. */
function projectRows(ctx: FilterContext, column: GridColumn, condition: Sql, negate = false): Sql {
  const { source } = ctx;
  const rows = sql`SELECT pv.slide_id FROM ${sql.table(source.projectValuesTable)} AS pv WHERE pv.project_id = ${ctx.projectId} AND pv.field_name = ${column.field} AND ${condition}`;
  return negate ? sql`${ref(source, 'id')} NOT IN (${rows})` : sql`${ref(source, 'id')} IN (${rows})`;
}

/** Project fields have no row where the slide holds no value: negations and blanks are "no such value row". */
function compileProjectCondition(ctx: FilterContext, column: GridColumn, condition: Condition): Sql {
  const value = sql.ref(`pv.${column.projectValue!}`);
  if (condition.type === 'blank') return projectRows(ctx, column, TRUE, true);
  if (condition.type === 'notBlank') return projectRows(ctx, column, TRUE);
  const positive = { notContains: 'contains', notEqual: 'equals' }[condition.type as 'notContains'] as
    | Condition['type']
    | undefined;
  if (positive)
    return projectRows(
      ctx,
      column,
      compileValueCondition(
        ctx,
        { ...column, trigram: false },
        { ...condition, type: positive } as Condition,
        value,
      ),
      true,
    );
  return projectRows(
    ctx,
    column,
    compileValueCondition(ctx, { ...column, trigram: false }, condition, value),
  );
}

function compileText(ctx: FilterContext, column: GridColumn, c: TextCondition, col: Sql): Sql {
  const text = c.filter ?? '';
  if (text === '') return TRUE; // an empty filter text filters nothing, as in the grid
  const e = escapeLike(text);
  const pattern = {
    contains: `%${e}%`,
    notContains: `%${e}%`,
    equals: e,
    notEqual: e,
    startsWith: `${e}%`,
    endsWith: `%${e}`,
  }[c.type as 'contains'];
  const isNegative = c.type === 'notContains' || c.type === 'notEqual';
  if (isNegative) return sql`(${col} IS NULL OR NOT ${like(ctx, col, pattern)})`;
  const matches = like(ctx, col, pattern);
  if (ctx.dialect === 'sqlite' && ctx.source.ftsTable && column.trigram && text.length >= 3) {
    // The FTS5 trigram index finds the rows holding the text; LIKE keeps those where it sits as asked.
    const fts = sql.table(ctx.source.ftsTable);
    const found = sql`${ref(ctx.source, 'rowid')} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${`${column.column} : ${phrase(text)}`})`;
    return c.type === 'contains' ? found : sql`(${found} AND ${matches})`;
  }
  return matches;
}

function compileRange(col: Sql, range: ValueRange<number | string>): Sql {
  const parts: Sql[] = [];
  if (range.lower)
    parts.push(
      range.lower.inclusive ? sql`${col} >= ${range.lower.value}` : sql`${col} > ${range.lower.value}`,
    );
  if (range.upper)
    parts.push(
      range.upper.inclusive ? sql`${col} <= ${range.upper.value}` : sql`${col} < ${range.upper.value}`,
    );
  const inside = and(parts);
  return range.outside ? sql`(${col} IS NULL OR NOT ${inside})` : inside;
}

function compileSet(ctx: FilterContext, column: GridColumn, values: (string | null)[]): Sql {
  const { source } = ctx;
  const hasBlanks = values.includes(null);
  const chosen = [...new Set(values.filter((v): v is string => v !== null))];
  const col = sql.ref(`${source.table}.${column.column}`);
  const parts: Sql[] = [];
  if (column.projectValue) {
    if (chosen.length)
      parts.push(
        projectRows(
          ctx,
          column,
          sql`${sql.ref(`pv.${column.projectValue}`)} IN (${sql.join(chosen.map((v) => setValue(column, v)))})`,
        ),
      );
    if (hasBlanks) parts.push(projectRows(ctx, column, TRUE, true));
    return or(parts);
  }
  const id = ref(source, 'id');
  if (column.kind === 'list' || column.kind === 'assays') {
    if (chosen.length) {
      parts.push(
        column.kind === 'list'
          ? sql`${id} IN (SELECT slide_id FROM ${sql.table(source.valuesTable)} WHERE project_id = ${ctx.projectId} AND field = ${column.listKey} AND value IN (${sql.join(chosen)}))`
          : sql`${id} IN (SELECT slide_id FROM ${sql.table(source.assaysTable)} WHERE project_id = ${ctx.projectId} AND marker IN (${sql.join(chosen)}))`,
      );
    }
    if (hasBlanks) parts.push(sql`${col} = '[]'`);
    return or(parts);
  }
  if (chosen.length) parts.push(sql`${col} IN (${sql.join(chosen.map((v) => setValue(column, v)))})`);
  if (hasBlanks) parts.push(sql`${col} IS NULL`);
  return or(parts);
}

/** Case-insensitive LIKE with backslash escapes, on both dialects. */
function like(ctx: FilterContext, col: Sql, pattern: string): Sql {
  return ctx.dialect === 'sqlite' ? sql`${col} LIKE ${pattern} ESCAPE '\\'` : sql`${col} ILIKE ${pattern}`;
}

export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An FTS5 phrase: the text in double quotes, its own quotes doubled, so it is never query syntax. */
const phrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

const ref = (source: GridSource, column: string): Sql => sql.ref(`${source.table}.${column}`);
