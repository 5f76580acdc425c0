/**
 * The grid engine (DESIGN §6): a server-side grid request answered as a block of leaf rows or of group
 * rows, with the counts, and a field's set-filter values. The request is compiled to SQL first (which
 * checks it); grid-plan.ts then says whether the column store answers (counts, group rows, the order of
 * one sort column, values) and grid.queries.ts reads the rest.
 */
import type { GridRequest } from '@tessera/contract';
import { answerFromStore } from './column-store/store-query.ts';
import { countOf, distinctOf, groupLevel } from './column-store/store-answers.ts';
import { pageSlots } from './column-store/store-page.ts';
import { findDistinctValues } from './filter-values.queries.ts';
import { planGroupLevel, planLeafCount, planValues } from './grid-plan.ts';
import { countRows, findGroupRows, findLeafPage, findRowsById, gridWhere } from './grid.queries.ts';
import {
  columnOf,
  GridRequestError,
  type GridContext,
  type SelectColumn,
  type SortTerm,
} from './grid-source.ts';

type Row = Record<string, unknown>;

export interface GridAnswer {
  rows: Row[];
  filteredSlideCount: number;
  rowCount: number;
  /** Group rows (grouped level) or leaf rows. */
  isGroupLevel: boolean;
}

/** Rows [startRow, endRow) of the request's level, with the counts. `select` lists the leaf columns to read. */
export async function runGrid(
  ctx: GridContext,
  request: GridRequest,
  sort: SortTerm[],
  select: readonly SelectColumn[],
): Promise<GridAnswer> {
  const level = request.groupKeys.length;
  const grouped = request.rowGroupCols.slice(0, level).map((c, i) => ({
    column: columnOf(ctx.source, c.field ?? c.id),
    key: request.groupKeys[i] ?? null,
  }));
  const where = gridWhere(ctx, request, grouped);
  if (level < request.rowGroupCols.length) {
    const ref = request.rowGroupCols[level]!;
    const column = columnOf(ctx.source, ref.field ?? ref.id);
    if (!column.groupable) throw new GridRequestError(`The field '${column.field}' cannot be grouped`);
    const desc = request.sortModel.find((s) => s.colId === column.field)?.sort === 'desc';
    const plan = planGroupLevel(ctx, request, grouped, column);
    const answer =
      plan &&
      (await answerFromStore(ctx, plan, (store, mask) =>
        groupLevel(mask, store.scalar(plan.reads[0]!), column, desc, request.startRow, request.endRow),
      ));
    if (answer) return { ...answer, isGroupLevel: true };
    const groups = await findGroupRows(ctx, where, column, desc, request.valueCols, request);
    return {
      rows: groups.rows,
      filteredSlideCount: groups.slideCount,
      rowCount: groups.groupCount,
      isGroupLevel: true,
    };
  }

  const leaf = planLeafCount(ctx, request, grouped, sort);
  const fromStore =
    leaf &&
    (await answerFromStore(ctx, leaf.plan, (store, mask) => ({
      count: countOf(mask),
      ids: leaf.sortSpec
        ? pageSlots(
            mask,
            store.scalar(leaf.sortSpec),
            store.slots,
            sort[0]!.desc,
            request.startRow,
            request.endRow,
          ).map((slot) => store.slots.idOf(slot))
        : null,
    })));
  if (fromStore) {
    const rows = fromStore.ids
      ? await findRowsById(ctx, select, fromStore.ids)
      : await findLeafPage(ctx, request, where, sort, select);
    return { rows, filteredSlideCount: fromStore.count, rowCount: fromStore.count, isGroupLevel: false };
  }
  const [rows, filteredSlideCount] = await Promise.all([
    findLeafPage(ctx, request, where, sort, select),
    countRows(ctx, where),
  ]);
  return { rows, filteredSlideCount, rowCount: filteredSlideCount, isGroupLevel: false };
}

/** The values of `field` among the filtered rows (its own filter left out), blanks as null; at most `limit`. */
export async function distinctValues(
  ctx: GridContext,
  request: Pick<GridRequest, 'filterModel' | 'globalSearchText'>,
  field: string,
  limit: number,
): Promise<{ values: (string | number | boolean | null)[]; isTruncated: boolean }> {
  const column = columnOf(ctx.source, field);
  if (!column.filter) throw new GridRequestError(`The field '${field}' cannot be filtered`);
  const where = gridWhere(ctx, request, [], field);
  const plan = planValues(ctx, request, column);
  const fromStore =
    plan &&
    (await answerFromStore(ctx, plan, (store, mask) =>
      distinctOf(mask, store.column(plan.reads[0]!), column, limit),
    ));
  if (fromStore) return fromStore;
  const values = await findDistinctValues(ctx, where, column, limit);
  return { values: values.slice(0, limit), isTruncated: values.length > limit };
}
