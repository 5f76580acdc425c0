/**
 * A set filter's choices by SQL: the distinct values of a field among the rows `where` keeps, blanks as
 * null first, in the order the grid lists them; at most `limit + 1`, so the caller can tell there were
 * more. Project fields read their value rows, lists and assays their side tables.
 */
import { sql, type RawBuilder } from 'kysely';
import { direction } from './grid.queries.ts';
import { fromStored, type GridColumn, type GridContext } from './grid-source.ts';

type Sql = RawBuilder<unknown>;
type Value = string | number | boolean | null;

export async function findDistinctValues(
  ctx: GridContext,
  where: Sql,
  column: GridColumn,
  limit: number,
): Promise<Value[]> {
  if (column.projectValue) return projectFieldValues(ctx, where, column, limit);
  if (column.kind === 'list' || column.kind === 'assays') return sideTableValues(ctx, where, column, limit);
  const table = sql.table(ctx.source.table);
  const col = sql.ref(`${ctx.source.table}.${column.column}`);
  const { rows } = await sql<{
    value: unknown;
  }>`SELECT DISTINCT ${col} AS value FROM ${table} WHERE ${where}
    ORDER BY ${col} ${direction(ctx.dialect, false)} LIMIT ${limit + 1}`.execute(ctx.db);
  return rows.map((r) => fromStored(column, r.value) as Value);
}

async function projectFieldValues(
  ctx: GridContext,
  where: Sql,
  column: GridColumn,
  limit: number,
): Promise<Value[]> {
  const table = sql.table(ctx.source.table);
  const id = sql.ref(`${ctx.source.table}.id`);
  const pv = sql.table(ctx.source.projectValuesTable);
  const value = sql.ref(`pv.${column.projectValue!}`);
  const { rows } = await sql<{ value: unknown }>`SELECT DISTINCT ${value} AS value FROM ${pv} AS pv
    WHERE pv.project_id = ${ctx.projectId} AND pv.field_name = ${column.field}
      AND pv.slide_id IN (SELECT ${id} FROM ${table} WHERE ${where})
    ORDER BY value LIMIT ${limit + 1}`.execute(ctx.db);
  const blanks = await sql`SELECT 1 AS b FROM ${table} WHERE ${where} AND ${id} NOT IN (
      SELECT pv.slide_id FROM ${pv} AS pv WHERE pv.project_id = ${ctx.projectId} AND pv.field_name = ${column.field}
    ) LIMIT 1`.execute(ctx.db);
  return [...(blanks.rows.length ? [null] : []), ...rows.map((r) => fromStored(column, r.value) as Value)];
}

async function sideTableValues(
  ctx: GridContext,
  where: Sql,
  column: GridColumn,
  limit: number,
): Promise<Value[]> {
  const table = sql.table(ctx.source.table);
  const id = sql.ref(`${ctx.source.table}.id`);
  const side =
    column.kind === 'list'
      ? sql`SELECT DISTINCT v.value AS value FROM ${sql.table(ctx.source.valuesTable)} AS v
          WHERE v.project_id = ${ctx.projectId} AND v.field = ${column.listKey}`
      : sql`SELECT DISTINCT v.marker AS value FROM ${sql.table(ctx.source.assaysTable)} AS v
          WHERE v.project_id = ${ctx.projectId}`;
  const { rows } = await sql<{ value: string }>`${side}
    AND v.slide_id IN (SELECT ${id} FROM ${table} WHERE ${where}) ORDER BY value LIMIT ${limit + 1}`.execute(
    ctx.db,
  );
  const blanks = await sql`SELECT 1 AS b FROM ${table}
    WHERE ${where} AND ${sql.ref(`${ctx.source.table}.${column.column}`)} = '[]' LIMIT 1`.execute(ctx.db);
  return [...(blanks.rows.length ? [null] : []), ...rows.map((r) => r.value)];
}
