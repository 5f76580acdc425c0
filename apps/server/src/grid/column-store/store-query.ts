/**
 * The bridge from a grid request to the column store: the request's filters and the keys of the group
 * levels above as a mask of slots, handed to `answer` — or null when the store cannot answer exactly and
 * SQL does. The request was compiled to SQL first, so it is known to be valid.
 *
 * `answer` runs synchronously on a mask that lives in the store's scratch words, reused by the next
 * request: it must compute everything it needs from the mask before returning (no await in between).
 */
import type { GridRequest } from '@tessera/contract';
import type { GridContext } from '../grid-query.ts';
import type { GridColumn } from '../grid-source.ts';
import type { ColumnSpec } from './column-store.queries.ts';
import type { ReadyStore } from './column-store.ts';
import { andCodes, filterMask, groupKeyLut, planFilters, specOf } from './store-filter.ts';
import type { SlotMask } from './slot-mask.ts';

export async function answerFromStore<T>(
  ctx: GridContext,
  request: Pick<GridRequest, 'filterModel' | 'globalSearchText' | 'groupKeys'>,
  grouped: readonly GridColumn[],
  specs: readonly ColumnSpec[],
  except: string | undefined,
  answer: (store: ReadyStore, mask: SlotMask) => T,
): Promise<T | null> {
  if (!ctx.stores || !ctx.source.hasColumnStore || request.globalSearchText.trim()) return null;
  const filters = planFilters(ctx.source, request.filterModel, except);
  const groupSpecs = grouped.map((column) => specOf(ctx.source, column));
  if (!filters || groupSpecs.some((s) => s?.kind !== 'scalar')) return null;
  const store = await ctx.stores.use(ctx.projectId, [
    ...filters.map((f) => f.spec),
    ...(groupSpecs as ColumnSpec[]),
    ...specs,
  ]);
  if (!store) return null;
  const keys = grouped.map((column, i) => (mask: SlotMask) => {
    const stored = store.scalar(groupSpecs[i]!);
    andCodes(
      mask,
      stored,
      { kind: 'lut', lut: groupKeyLut(stored, column, request.groupKeys[i] ?? null) },
      store.slots.size,
    );
    return true;
  });
  const mask = filterMask(store, filters, keys);
  return mask ? answer(store, mask) : null;
}
