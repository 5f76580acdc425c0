/**
 * The bridge from a grid request to the column store: the plan's filters and group keys (grid-plan.ts)
 * as a mask of slots, handed to `answer` — or null when the store cannot answer exactly after all (it
 * is off, or a range needs SQL) and SQL does.
 *
 * `answer` runs synchronously on a mask that lives in the store's scratch words, reused by the next
 * request: it must compute everything it needs from the mask before returning (no await in between).
 */
import type { GridContext } from '../grid-source.ts';
import type { StorePlan } from '../grid-plan.ts';
import type { ReadyStore } from './column-store.ts';
import { andCodes, filterMask, groupKeyLut } from './store-filter.ts';
import type { SlotMask } from './slot-mask.ts';

export async function answerFromStore<T>(
  ctx: GridContext,
  plan: StorePlan,
  answer: (store: ReadyStore, mask: SlotMask) => T,
): Promise<T | null> {
  const store = await ctx.stores?.use(ctx.projectId, [
    ...plan.filters.map((f) => f.spec),
    ...plan.groups.map((g) => g.spec),
    ...plan.reads,
  ]);
  if (!store) return null;
  const keys = plan.groups.map(({ column, spec, key }) => (mask: SlotMask) => {
    const stored = store.scalar(spec);
    andCodes(mask, stored, { kind: 'lut', lut: groupKeyLut(stored, column, key) }, store);
    return true;
  });
  const mask = filterMask(store, plan.filters, keys);
  return mask ? answer(store, mask) : null;
}
