/**
 * The grid's SQL (DESIGN §6): the condition of a request, blocks of leaf rows, rows by id, group rows
 * with their counts, and counts. grid-engine.ts decides when these run (grid-plan.ts: the column store
 * answers what it can exactly).
 *
 * Deep pages use keyset paging: the sort key of the last row of every block answered is kept (per
 * request shape and data version, keyset-anchors.ts), and a later block starting there (scrolling on)
 * seeks past that key through the sort's index instead of counting rows with OFFSET. A block elsewhere
 * (a jump) seeks to the nearest kept key before it and skips the rest.
 */
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { BLANKS_LABEL } from '@tessera/domain';
import type { GridRequest } from '@tessera/contract';
import { dataVersionOf, versionKey, type Dialect } from '../db/database.ts';
import { rowMaker, selectArrays } from '../db/array-rows.ts';
import { and, compileFilterModel, compileSearch, type FilterContext } from './filter.queries.ts';
import {
  columnOf,
  fromStored,
  GridRequestError,
  type GridColumn,
  type GridContext,
  type GridSource,
  type SelectColumn,
  type SortTerm,
} from './grid-source.ts';
import { anchorsFor, nearestAnchor, ANCHOR_TABLES, type GridShape } from './keyset-anchors.ts';

type Sql = RawBuilder<unknown>;
type Row = Record<string, unknown>;

/**
 * The condition of the request's rows: the project, the filter model (leaving out `except`, a set
 * filter's own field), the global search and the keys of the group levels above. It throws
 * GridRequestError for anything the source refuses, so a request is known valid once it is built.
 */
export function gridWhere(
  ctx: GridContext,
  request: Pick<GridRequest, 'filterModel' | 'globalSearchText'>,
  grouped: readonly { column: GridColumn; key: unknown }[] = [],
  except?: string,
): Sql {
  const f: FilterContext = { source: ctx.source, dialect: ctx.dialect, projectId: ctx.projectId };
  return and([
    sql`${sql.ref(`${ctx.source.table}.project_id`)} = ${ctx.projectId}`,
    compileFilterModel(f, request.filterModel, except),
    compileSearch(f, request.globalSearchText),
    ...grouped.map(({ column, key }) => groupKeyCondition(ctx.source, column, key)),
  ]);
}

export async function countRows(ctx: GridContext, where: Sql): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM ${sql.table(ctx.source.table)} WHERE ${where}`.execute(ctx.db);
  return Number(rows[0]!.n);
}

/** A group level: rows [startRow, endRow) of the column's values with child counts and aggregates, and the counts. */
export async function findGroupRows(
  ctx: GridContext,
  where: Sql,
  column: GridColumn,
  desc: boolean,
  valueCols: GridRequest['valueCols'],
  range: Pick<GridRequest, 'startRow' | 'endRow'>,
): Promise<{ rows: Row[]; groupCount: number; slideCount: number }> {
  const table = sql.table(ctx.source.table);
  const col = sql.ref(`${ctx.source.table}.${column.column}`);
  const aggregates = valueCols.map((v) => aggregate(ctx.source, v.field ?? v.id, v.aggFunc));
  const [groups, counts] = await Promise.all([
    sql<Row>`SELECT ${col} AS key, count(*) AS child_count${sql.join(
      aggregates.map((a) => sql`, ${a.sql} AS ${sql.ref(a.alias)}`),
      sql``,
    )}
        FROM ${table} WHERE ${where} GROUP BY ${col} ORDER BY ${col} ${direction(ctx.dialect, desc)}
        LIMIT ${range.endRow - range.startRow} OFFSET ${range.startRow}`.execute(ctx.db),
    sql<{
      groups: number | string;
      slides: number | string;
    }>`SELECT count(*) AS groups, coalesce(sum(n), 0) AS slides
        FROM (SELECT count(*) AS n FROM ${table} WHERE ${where} GROUP BY ${col}) AS g`.execute(ctx.db),
  ]);
  const rows = groups.rows.map((g) => {
    const row: Row = {
      [column.field]: fromStored(column, g.key),
      childCount: Number(g.child_count),
      isGroup: true,
    };
    for (const a of aggregates) row[a.alias] = g[a.alias] === null ? null : Number(g[a.alias]);
    return row;
  });
  const c = counts.rows[0]!;
  return { rows, groupCount: Number(c.groups), slideCount: Number(c.slides) };
}

/** The rows of these ids, in this order. */
export async function findRowsById(
  ctx: GridContext,
  select: readonly SelectColumn[],
  ids: readonly string[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  // The id list padded (with its first id) to a multiple of ID_SLOTS: a few query shapes, each prepared once.
  const slots = Math.ceil(ids.length / ID_SLOTS) * ID_SLOTS;
  const padded = [...ids, ...Array<string>(slots - ids.length).fill(ids[0]!)];
  const query = rowsByIdQuery(ctx, select, slots);
  const read = await selectArrays(ctx.db, { ...query, parameters: [ctx.projectId, ...padded] }, true);
  const make = rowMaker(
    select.map((c) => c.as),
    ctx.laterKeys,
  );
  // The id is read last, after the select list.
  const byId = new Map(read.map((values) => [values[select.length] as string, values]));
  return ids.flatMap((id) => {
    const values = byId.get(id);
    return values ? [make(values)] : [];
  });
}

/**
 * The rows-by-id query of a select list and id count, compiled once: compiling ~60 column references and
 * 100 ids anew took a third of a millisecond of every block the column store orders. Its parameters are
 * the project id and then the ids, in that order.
 */
const rowsByIdQueries = new Map<string, CompiledQuery<Row>>();
const ID_SLOTS = 100;
const MAX_ROWS_BY_ID_QUERIES = 200;

function rowsByIdQuery(ctx: GridContext, select: readonly SelectColumn[], count: number): CompiledQuery<Row> {
  const t = ctx.source.table;
  const key = `${ctx.dialect}|${t}|${count}|${select.map((c) => `${c.column} ${c.as}`).join(',')}`;
  let query = rowsByIdQueries.get(key);
  if (!query) {
    const id = sql.ref(`${t}.id`);
    query = sql<Row>`SELECT ${sql.join([...selectList(t, select), sql`${id} AS _kid`])}
      FROM ${sql.table(t)}
      WHERE ${sql.ref(`${t}.project_id`)} = ${''} AND ${id} IN (${sql.join(Array<string>(count).fill(''))})`.compile(
      ctx.db,
    );
    if (rowsByIdQueries.size >= MAX_ROWS_BY_ID_QUERIES) rowsByIdQueries.clear();
    rowsByIdQueries.set(key, query);
  }
  return query;
}

/** Leaf rows [startRow, endRow) in the sort's order, seeking past a kept keyset anchor where there is one. */
export async function findLeafPage(
  ctx: GridContext,
  request: GridRequest,
  where: Sql,
  sort: readonly SortTerm[],
  select: readonly SelectColumn[],
): Promise<Row[]> {
  const { source, dialect } = ctx;
  const t = source.table;
  const lastDesc = sort.at(-1)?.desc ?? false;
  const orderBy = sql.join([
    ...sort.map((s) => sql`${sql.ref(`${t}.${sortColumn(s.column)}`)} ${direction(dialect, s.desc)}`),
    sql`${sql.ref(`${t}.id`)} ${lastDesc ? sql`DESC` : sql`ASC`}`,
  ]);
  const keyColumns = sort.map(
    (s, i) => sql`${sql.ref(`${t}.${sortColumn(s.column)}`)} AS ${sql.ref(`_k${i}`)}`,
  );
  const versions = await dataVersionOf(ctx.db)?.();
  const version = versions && versionKey(versions, ANCHOR_TABLES);
  const anchors = version === undefined ? undefined : anchorsFor(shapeOf(ctx, request, sort), version);
  // A row-value comparison seeks only when every term runs the same way.
  const sameDirection = sort.every((s) => s.desc === lastDesc);
  const anchor = anchors && sameDirection ? nearestAnchor(anchors, request.startRow) : undefined;
  const seek = anchor ? [keysetCondition(t, sort, anchor.key, lastDesc)] : [];
  const limit = request.endRow - request.startRow;
  // The select list, then the sort keys and the id (the keyset anchor of the block's last row).
  const read = await selectArrays(
    ctx.db,
    sql`SELECT ${sql.join([...selectList(t, select), ...keyColumns, sql`${sql.ref(`${t}.id`)} AS _kid`])}
    FROM ${sql.table(t)} WHERE ${and([where, ...seek])} ORDER BY ${orderBy}
    LIMIT ${limit} OFFSET ${request.startRow - (anchor?.index ?? 0)}`.compile(ctx.db),
  );
  if (anchors && read.length === limit)
    anchors.keep(
      request.endRow,
      read
        .at(-1)!
        .slice(select.length)
        .map((key) => key ?? null),
    );
  return read.map(
    rowMaker(
      select.map((c) => c.as),
      ctx.laterKeys,
    ),
  );
}

function selectList(table: string, select: readonly SelectColumn[]): Sql[] {
  return select.map((c) => sql`${sql.ref(`${table}.${c.column}`)} AS ${sql.ref(c.as)}`);
}

function shapeOf(ctx: GridContext, request: GridRequest, sort: readonly SortTerm[]): GridShape {
  return [
    ctx.projectId,
    request.filterModel,
    request.globalSearchText,
    request.groupKeys,
    request.rowGroupCols,
    sort.map((s) => [s.column.field, s.desc]),
    ctx.source.table,
  ];
}

function groupKeyCondition(source: GridSource, column: GridColumn, key: unknown): Sql {
  const col = sql.ref(`${source.table}.${column.column}`);
  if (key === null || key === BLANKS_LABEL) return sql`${col} IS NULL`;
  if (column.kind === 'bool') return sql`${col} = ${key === true || key === 'true' ? 1 : 0}`;
  if (column.kind === 'number') {
    const n = Number(key);
    if (!Number.isFinite(n))
      throw new GridRequestError(`The group key '${String(key)}' of '${column.field}' is no number`);
    return sql`${col} = ${n}`;
  }
  return sql`${col} = ${String(key)}`;
}

/** SQLite orders blanks first ascending; PostgreSQL is told to, and its indexes are built that way. */
export function direction(dialect: Dialect, desc: boolean): Sql {
  if (dialect === 'sqlite') return desc ? sql`DESC` : sql`ASC`;
  return desc ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`;
}

const AGG_FUNCS = { sum: 'sum', min: 'min', max: 'max', avg: 'avg', count: 'count' } as const;
function aggregate(source: GridSource, field: string, aggFunc: string | undefined) {
  const column = columnOf(source, field);
  const fn = AGG_FUNCS[(aggFunc ?? 'count') as keyof typeof AGG_FUNCS];
  if (!fn) throw new GridRequestError(`Unknown aggregation '${aggFunc}'`);
  if (fn !== 'count' && column.kind !== 'number')
    throw new GridRequestError(`The field '${field}' holds no numbers to ${fn}`);
  return {
    alias: `${fn}_${column.field}`,
    sql: sql`${sql.raw(fn)}(${sql.ref(`${source.table}.${column.column}`)})`,
  };
}

function sortColumn(column: GridColumn): string {
  return column.kind === 'assays' ? 'assay_markers_formatted' : column.column;
}

/** Rows after `key` in the sort order: a row-value comparison (an index seek); blanks come last descending. */
function keysetCondition(table: string, sort: readonly SortTerm[], key: unknown[], desc: boolean): Sql {
  const cols = [...sort.map((s) => sql.ref(`${table}.${sortColumn(s.column)}`)), sql.ref(`${table}.id`)];
  const tuple = sql`(${sql.join(cols)})`;
  const values = sql`(${sql.join(key)})`;
  if (!desc) return sql`${tuple} > ${values}`;
  const blanks = sort.map((s) => sql`${sql.ref(`${table}.${sortColumn(s.column)}`)} IS NULL`);
  return sql`(${tuple} < ${values}${sql.join(
    blanks.map((b) => sql` OR ${b}`),
    sql``,
  )})`;
}
