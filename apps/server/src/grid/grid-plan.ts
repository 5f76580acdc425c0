/**
 * The one place that decides who answers a grid request: the project's column store (in memory, exact)
 * or SQL. The store answers when the request has no global search text, every filter is one it
 * evaluates exactly, every group level above is a stored scalar column, and it holds the columns the
 * answer reads. Everything else — text conditions (case folding differs between the databases),
 * project-specific fields, aggregates — goes to SQL. Both grid-engine.ts paths (blocks and set-filter
 * values) ask here.
 */
import type { ColumnFilter, FilterModel, GridRequest } from '@tessera/contract';
import {
  columnOf,
  type GridColumn,
  type GridContext,
  type GridSource,
  type SortTerm,
} from './grid-source.ts';
import type { ColumnSpec } from './column-store/column-store.queries.ts';

/** A filter of one field as the store evaluates it. */
export interface FieldFilter {
  column: GridColumn;
  spec: ColumnSpec;
  filter: ColumnFilter;
}

/** A group level above the requested one: its column, stored column and key. */
export interface GroupKey {
  column: GridColumn;
  spec: ColumnSpec & { kind: 'scalar' };
  key: unknown;
}

/** What the store is asked to answer with. */
export interface StorePlan {
  filters: FieldFilter[];
  groups: GroupKey[];
  /** Further columns the answer reads (the grouped column, the sort column, the listed field). */
  reads: ColumnSpec[];
}

/** The column store's column for a grid column, or null when the store holds none (project fields, images). */
export function specOf(source: GridSource, column: GridColumn): ColumnSpec | null {
  if (!source.hasColumnStore || column.projectValue || column.kind === 'none') return null;
  if (column.kind === 'list')
    return { kind: 'list', column: column.column, side: { table: 'slide_values', field: column.listKey! } };
  if (column.kind === 'assays')
    return { kind: 'list', column: column.column, side: { table: 'slide_assays' } };
  return { kind: 'scalar', column: column.column };
}

/**
 * A sort the store may order by itself: one column with few distinct values — a controlled vocabulary,
 * a boolean or a number — whose codes the store keeps anyway (store-page.ts says why not free text or dates).
 */
export const isStoreSortable = (column: GridColumn): boolean =>
  column.filter === 'set' || column.kind === 'bool' || column.kind === 'number';

/** A group level's rows from the store: no aggregates, a scalar column. */
export function planGroupLevel(
  ctx: GridContext,
  request: GridRequest,
  grouped: readonly { column: GridColumn; key: unknown }[],
  column: GridColumn,
): StorePlan | null {
  const spec = specOf(ctx.source, column);
  if (request.valueCols.length > 0 || spec?.kind !== 'scalar') return null;
  return planStore(ctx, request, grouped, [spec]);
}

/** A leaf block's count from the store, and its order too when it sorts by one store-sortable column. */
export function planLeafCount(
  ctx: GridContext,
  request: GridRequest,
  grouped: readonly { column: GridColumn; key: unknown }[],
  sort: readonly SortTerm[],
): { plan: StorePlan; sortSpec: (ColumnSpec & { kind: 'scalar' }) | null } | null {
  const spec =
    sort.length === 1 && isStoreSortable(sort[0]!.column) ? specOf(ctx.source, sort[0]!.column) : null;
  const sortSpec = spec?.kind === 'scalar' ? spec : null;
  const plan = planStore(ctx, request, grouped, sortSpec ? [sortSpec] : []);
  return plan && { plan, sortSpec };
}

/** A set filter's values from the store: the field's own filter left out. */
export function planValues(
  ctx: GridContext,
  request: Pick<GridRequest, 'filterModel' | 'globalSearchText'>,
  column: GridColumn,
): StorePlan | null {
  const spec = specOf(ctx.source, column);
  return spec && planStore(ctx, request, [], [spec], column.field);
}

function planStore(
  ctx: GridContext,
  request: Pick<GridRequest, 'filterModel' | 'globalSearchText'>,
  grouped: readonly { column: GridColumn; key: unknown }[],
  reads: ColumnSpec[],
  except?: string,
): StorePlan | null {
  if (!ctx.stores || !ctx.source.hasColumnStore || request.globalSearchText.trim()) return null;
  const filters = planFilters(ctx.source, request.filterModel, except);
  const groups: GroupKey[] = [];
  for (const { column, key } of grouped) {
    const spec = specOf(ctx.source, column);
    if (spec?.kind !== 'scalar') return null;
    groups.push({ column, spec, key });
  }
  return filters && { filters, groups, reads };
}

/** The filter model as per-field filters the store can evaluate, or null when one of them needs SQL. */
function planFilters(source: GridSource, model: FilterModel, except?: string): FieldFilter[] | null {
  const out: FieldFilter[] = [];
  for (const [field, filter] of Object.entries(model)) {
    if (field === except) continue;
    const column = columnOf(source, field);
    const spec = specOf(source, column);
    if (!spec || !isEvaluable(filter)) return null;
    out.push({ column, spec, filter });
  }
  return out;
}

/** Text conditions other than blank, not blank and an empty text are left to SQL. */
function isEvaluable(filter: ColumnFilter): boolean {
  const conditions = 'conditions' in filter ? filter.conditions : filter.filterType === 'set' ? [] : [filter];
  return conditions.every(
    (c) => c.filterType !== 'text' || c.type === 'blank' || c.type === 'notBlank' || !c.filter,
  );
}
