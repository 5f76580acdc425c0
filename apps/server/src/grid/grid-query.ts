/**
 * The grid query engine (DESIGN §6): a server-side grid request compiled through a grid source into
 * parameterised SQL — a block of rows, or of group rows with their child counts, and the counts.
 *
 * Deep pages use keyset paging: the sort key of the last row of every block answered is kept (per
 * request shape and data version), and a later block starting there (scrolling on) seeks past that key
 * through the sort's index instead of counting rows with OFFSET. A block elsewhere (a jump) seeks to the
 * nearest kept key before it and skips the rest.
 */
import { sql, type RawBuilder } from 'kysely';
import { BLANKS_LABEL } from '@tessera/domain';
import { dataVersionOf, versionKey, type Db, type Dialect } from '../db/database.ts';
import { and, compileFilterModel, compileSearch, type FilterContext } from './compile-filter.ts';
import { columnOf, GridRequestError, type GridColumn, type GridSource } from './grid-source.ts';
import type { GridRequest } from '@tessera/contract';
import type { ColumnStores } from './column-store/column-stores.ts';
import { answerFromStore } from './column-store/store-query.ts';
import { specOf } from './column-store/store-filter.ts';
import { countOf, distinctOf, groupLevel } from './column-store/store-answers.ts';
import { isStoreSortable, pageSlots } from './column-store/store-page.ts';

type Sql = RawBuilder<unknown>;
type Row = Record<string, unknown>;

export interface GridContext {
  db: Db;
  dialect: Dialect;
  source: GridSource;
  projectId: string;
  /** Extra condition every row must meet (beside the project), e.g. the QC table's channel join. */
  where?: Sql;
  /** The process's column stores: counts, group rows and set values from memory where they can answer. */
  stores?: ColumnStores;
}

export interface GridAnswer {
  rows: Row[];
  filteredSlideCount: number;
  rowCount: number;
  /** Group rows (grouped level) or leaf rows. */
  isGroupLevel: boolean;
}

/** The sort of leaf rows: the request's, else the given default; the id last, so every order is total. */
export interface SortTerm {
  column: GridColumn;
  desc: boolean;
}

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

/** Rows [startRow, endRow) of the request's level, with the counts. `select` lists the leaf columns to read. */
export async function runGrid(
  ctx: GridContext,
  request: GridRequest,
  sort: SortTerm[],
  select: Sql[],
): Promise<GridAnswer> {
  const level = request.groupKeys.length;
  const grouped = request.rowGroupCols.slice(0, level).map((c) => columnOf(ctx.source, c.field ?? c.id));
  const where = and([
    baseWhere(ctx, request),
    ...grouped.map((column, i) => groupKeyCondition(ctx, column, request.groupKeys[i] ?? null)),
  ]);
  const table = sql.table(ctx.source.table);
  const countSlides = async () =>
    Number(
      (await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${table} WHERE ${where}`.execute(ctx.db))
        .rows[0]!.n,
    );

  if (level < request.rowGroupCols.length) {
    const ref = request.rowGroupCols[level]!;
    const column = columnOf(ctx.source, ref.field ?? ref.id);
    if (!column.groupable) throw new GridRequestError(`The field '${column.field}' cannot be grouped`);
    const desc = request.sortModel.find((s) => s.colId === column.field)?.sort === 'desc';
    if (request.valueCols.length === 0) {
      const spec = specOf(ctx.source, column);
      const answer =
        spec?.kind === 'scalar' &&
        (await answerFromStore(ctx, request, grouped, [spec], undefined, (store, mask) =>
          groupLevel(mask, store.scalar(spec), column, desc, request.startRow, request.endRow),
        ));
      if (answer) return { ...answer, isGroupLevel: true };
    }
    const col = sql.ref(`${ctx.source.table}.${column.column}`);
    const aggregates = request.valueCols.map((v) => aggregate(ctx.source, v.field ?? v.id, v.aggFunc));
    const [groups, counts] = await Promise.all([
      sql<Row>`SELECT ${col} AS key, count(*) AS child_count${sql.join(
        aggregates.map((a) => sql`, ${a.sql} AS ${sql.ref(a.alias)}`),
        sql``,
      )}
        FROM ${table} WHERE ${where} GROUP BY ${col} ORDER BY ${col} ${direction(ctx.dialect, desc)}
        LIMIT ${request.endRow - request.startRow} OFFSET ${request.startRow}`.execute(ctx.db),
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
    return { rows, filteredSlideCount: Number(c.slides), rowCount: Number(c.groups), isGroupLevel: true };
  }

  // One sort column the store can order by (store-page.ts): the store answers the count and picks the rows.
  const sortSpec =
    sort.length === 1 && isStoreSortable(sort[0]!.column) ? specOf(ctx.source, sort[0]!.column) : null;
  const fromStore = await answerFromStore(
    ctx,
    request,
    grouped,
    sortSpec ? [sortSpec] : [],
    undefined,
    (store, mask) => ({
      count: countOf(mask),
      ids:
        sortSpec?.kind === 'scalar'
          ? pageSlots(
              mask,
              store.scalar(sortSpec),
              store.slots,
              sort[0]!.desc,
              request.startRow,
              request.endRow,
            ).map((slot) => store.slots.idOf(slot))
          : null,
    }),
  );
  if (fromStore) {
    const rows = fromStore.ids
      ? await rowsById(ctx, select, fromStore.ids)
      : await leafPage(ctx, request, where, sort, select);
    return { rows, filteredSlideCount: fromStore.count, rowCount: fromStore.count, isGroupLevel: false };
  }
  const [rows, filteredSlideCount] = await Promise.all([
    leafPage(ctx, request, where, sort, select),
    countSlides(),
  ]);
  return { rows, filteredSlideCount, rowCount: filteredSlideCount, isGroupLevel: false };
}

/** The rows of these ids, in this order. */
async function rowsById(ctx: GridContext, select: Sql[], ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const id = sql.ref(`${ctx.source.table}.id`);
  const { rows } =
    await sql<Row>`SELECT ${sql.join([...select, sql`${id} AS _kid`])} FROM ${sql.table(ctx.source.table)}
    WHERE ${sql.ref(`${ctx.source.table}.project_id`)} = ${ctx.projectId} AND ${id} IN (${sql.join([...ids])})`.execute(
      ctx.db,
    );
  const byId = new Map(rows.map((row) => [row._kid as string, row]));
  return ids.flatMap((key) => {
    const row = byId.get(key);
    if (!row) return [];
    delete row._kid;
    return [row];
  });
}

/** The values of `field` among the filtered rows (its own filter left out), blanks as null; at most `limit`. */
export async function distinctValues(
  ctx: GridContext,
  request: Pick<GridRequest, 'filterModel' | 'globalSearchText'>,
  field: string,
  limit: number,
) {
  const column = columnOf(ctx.source, field);
  if (!column.filter) throw new GridRequestError(`The field '${field}' cannot be filtered`);
  const where = and([
    sql`${sql.ref(`${ctx.source.table}.project_id`)} = ${ctx.projectId}`,
    ...(ctx.where ? [ctx.where] : []),
    compileFilterModel(filterContext(ctx), request.filterModel, field),
    compileSearch(filterContext(ctx), request.globalSearchText),
  ]);
  const spec = specOf(ctx.source, column);
  const fromStore =
    spec &&
    (await answerFromStore(ctx, { ...request, groupKeys: [] }, [], [spec], field, (store, mask) =>
      distinctOf(mask, store.column(spec), column, limit),
    ));
  if (fromStore) return fromStore;
  const table = sql.table(ctx.source.table);
  const id = sql.ref(`${ctx.source.table}.id`);
  let values: (string | number | boolean | null)[];
  if (column.projectValue) {
    const pv = sql.table(ctx.source.projectValuesTable);
    const value = sql.ref(`pv.${column.projectValue}`);
    const { rows } = await sql<{
      value: unknown;
    }>`SELECT DISTINCT ${value} AS value FROM ${pv} AS pv WHERE pv.project_id = ${ctx.projectId} AND pv.field_name = ${column.field}
      AND pv.slide_id IN (SELECT ${id} FROM ${table} WHERE ${where}) ORDER BY value LIMIT ${limit + 1}`.execute(
      ctx.db,
    );
    const blanks =
      await sql`SELECT 1 AS b FROM ${table} WHERE ${where} AND ${id} NOT IN (SELECT pv.slide_id FROM ${pv} AS pv WHERE pv.project_id = ${ctx.projectId} AND pv.field_name = ${column.field}) LIMIT 1`.execute(
        ctx.db,
      );
    values = [
      ...(blanks.rows.length ? [null] : []),
      ...rows.map((r) => fromStored(column, r.value) as string | number | boolean | null),
    ];
  } else if (column.kind === 'list' || column.kind === 'assays') {
    const side =
      column.kind === 'list'
        ? sql`SELECT DISTINCT v.value AS value FROM ${sql.table(ctx.source.valuesTable)} AS v WHERE v.project_id = ${ctx.projectId} AND v.field = ${column.listKey}`
        : sql`SELECT DISTINCT v.marker AS value FROM ${sql.table(ctx.source.assaysTable)} AS v WHERE v.project_id = ${ctx.projectId}`;
    const { rows } = await sql<{
      value: string;
    }>`${side} AND v.slide_id IN (SELECT ${id} FROM ${table} WHERE ${where}) ORDER BY value LIMIT ${limit + 1}`.execute(
      ctx.db,
    );
    const blanks =
      await sql`SELECT 1 AS b FROM ${table} WHERE ${where} AND ${sql.ref(`${ctx.source.table}.${column.column}`)} = '[]' LIMIT 1`.execute(
        ctx.db,
      );
    values = [...(blanks.rows.length ? [null] : []), ...rows.map((r) => r.value)];
  } else {
    const col = sql.ref(`${ctx.source.table}.${column.column}`);
    const { rows } = await sql<{
      value: unknown;
    }>`SELECT DISTINCT ${col} AS value FROM ${table} WHERE ${where} ORDER BY ${col} ${direction(ctx.dialect, false)} LIMIT ${limit + 1}`.execute(
      ctx.db,
    );
    values = rows.map((r) => fromStored(column, r.value) as string | number | boolean | null);
  }
  return { values: values.slice(0, limit), isTruncated: values.length > limit };
}

function filterContext(ctx: GridContext): FilterContext {
  return { source: ctx.source, dialect: ctx.dialect, projectId: ctx.projectId };
}

function baseWhere(ctx: GridContext, request: GridRequest): Sql {
  const f = filterContext(ctx);
  return and([
    sql`${sql.ref(`${ctx.source.table}.project_id`)} = ${ctx.projectId}`,
    ...(ctx.where ? [ctx.where] : []),
    compileFilterModel(f, request.filterModel),
    compileSearch(f, request.globalSearchText),
  ]);
}

function groupKeyCondition(ctx: GridContext, column: GridColumn, key: unknown): Sql {
  const col = sql.ref(`${ctx.source.table}.${column.column}`);
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
function direction(dialect: Dialect, desc: boolean): Sql {
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

/** A stored value as the API shows it: booleans from 1/0, numbers from PostgreSQL's numeric text. */
export function fromStored(column: GridColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.kind === 'bool') return value === 1 || value === true || value === '1';
  if (column.kind === 'number') return Number(value);
  return value;
}

// --- leaf pages and keyset anchors ------------------------------------------------------------------

interface Anchors {
  version: string;
  /** Row index → the sort key of the row before it (sort values then id). */
  keys: Map<number, unknown[]>;
}
/** What the order and the filters of a leaf page can read (the QC view reads slides and their assays). */
const ANCHOR_TABLES = ['slide_assays', 'slide_project_values', 'slide_values', 'slides'];
const MAX_SHAPES = 200;
const MAX_ANCHORS_PER_SHAPE = 2000;
const anchorsByShape = new Map<string, Anchors>();

async function leafPage(
  ctx: GridContext,
  request: GridRequest,
  where: Sql,
  sort: SortTerm[],
  select: Sql[],
): Promise<Row[]> {
  const { source, dialect } = ctx;
  const t = source.table;
  const lastDesc = sort.at(-1)?.desc ?? false;
  const orderBy = sql.join([
    ...sort.map((s) => sql`${sql.ref(`${t}.${sortColumn(s.column)}`)} ${direction(dialect, s.desc)}`),
    sql`${sql.ref(`${t}.id`)} ${lastDesc ? sql`DESC` : sql`ASC`}`,
  ]);
  const keyColumns = [
    ...sort.map((s) => sql`${sql.ref(`${t}.${sortColumn(s.column)}`)} AS ${sql.ref(`_k${sort.indexOf(s)}`)}`),
  ];
  const versions = await dataVersionOf(ctx.db)?.();
  const version = versions && versionKey(versions, ANCHOR_TABLES);
  const shape =
    version === undefined
      ? undefined
      : JSON.stringify([
          ctx.projectId,
          request.filterModel,
          request.globalSearchText,
          request.groupKeys,
          request.rowGroupCols,
          sort.map((s) => [s.column.field, s.desc]),
          ctx.source.table,
        ]);
  const anchors = shape ? anchorsFor(shape, version!) : undefined;
  // The nearest kept key at or before startRow that a row-value comparison can seek past.
  const sameDirection = sort.every((s) => s.desc === lastDesc);
  let from = 0;
  let after: unknown[] | undefined;
  if (anchors && sameDirection) {
    for (const [index, key] of anchors.keys) {
      if (index <= request.startRow && index > from && key.every((v) => v !== null)) {
        from = index;
        after = key;
      }
    }
  }
  const seek = after ? [keysetCondition(t, sort, after, lastDesc)] : [];
  const limit = request.endRow - request.startRow;
  const { rows } =
    await sql<Row>`SELECT ${sql.join([...select, ...keyColumns, sql`${sql.ref(`${t}.id`)} AS _kid`])}
    FROM ${sql.table(t)} WHERE ${and([where, ...seek])} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${request.startRow - from}`.execute(
      ctx.db,
    );
  if (anchors && rows.length === limit) {
    const last = rows.at(-1)!;
    if (anchors.keys.size < MAX_ANCHORS_PER_SHAPE)
      anchors.keys.set(request.endRow, [...sort.map((_, i) => last[`_k${i}`] ?? null), last._kid]);
  }
  for (const row of rows) {
    sort.forEach((_, i) => delete row[`_k${i}`]);
    delete row._kid;
  }
  return rows;
}

function sortColumn(column: GridColumn): string {
  return column.kind === 'assays' ? 'assay_markers_formatted' : column.column;
}

/** Rows after `key` in the sort order: a row-value comparison (an index seek); blanks come last descending. */
function keysetCondition(table: string, sort: SortTerm[], key: unknown[], desc: boolean): Sql {
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

function anchorsFor(shape: string, version: string): Anchors {
  let anchors = anchorsByShape.get(shape);
  if (anchors && anchors.version !== version) anchors = undefined;
  if (!anchors) {
    anchors = { version, keys: new Map() };
    if (anchorsByShape.size >= MAX_SHAPES) anchorsByShape.delete(anchorsByShape.keys().next().value!);
  }
  anchorsByShape.delete(shape);
  anchorsByShape.set(shape, anchors);
  return anchors;
}
