/**
 * The count of requests in flight behind the busy indicator (spec 1 §2, §4). A request's end can be
 * reported after a reset (e.g. the counter was created after the request started), so the count is
 * clamped: it never goes below zero, otherwise the indicator would stay hidden for the next request.
 */
export type BusyListener = (count: number) => void;

export const nextBusyCount = (count: number, delta: number): number => Math.max(0, count + delta);

export interface BusyCounter {
  change(delta: 1 | -1): void;
  get(): number;
  subscribe(listener: BusyListener): () => void;
}

export function createBusyCounter(): BusyCounter {
  let count = 0;
  const listeners = new Set<BusyListener>();
  return {
    change(delta) {
      const next = nextBusyCount(count, delta);
      if (next === count) return;
      count = next;
      for (const l of listeners) l(count);
    },
    get: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
