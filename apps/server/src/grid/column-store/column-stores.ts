/**
 * The column stores of one serving process: one per project asked about, the least recently used
 * dropped while they hold more than the memory budget (TESSERA_GRID_MEMORY_MB; 0 leaves every answer to
 * SQL). It also prunes the change log now and then; a store older than what is kept reloads.
 */
import type { Db, Dialect } from '../../db/database.ts';
import { pruneChanges, type ColumnSpec } from './column-store.queries.ts';
import { ColumnStore, type ReadyStore } from './column-store.ts';

/** Changes are kept this long: a store not used for longer reloads rather than patches. */
const KEEP_CHANGES_SECONDS = 3600;
const PRUNE_EVERY_MS = 10 * 60_000;

export class ColumnStores {
  private readonly stores = new Map<string, ColumnStore>();
  private lastPrune = Date.now();

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly budgetBytes: number,
  ) {}

  /** The project's store, current and with `specs` loaded; null when the store is off or cannot answer for it. */
  async use(projectId: string, specs: readonly ColumnSpec[]): Promise<ReadyStore | null> {
    if (this.budgetBytes <= 0) return null;
    let store = this.stores.get(projectId);
    if (!store) this.stores.set(projectId, (store = new ColumnStore(this.db, this.dialect, projectId)));
    const ready = await store.use(specs);
    this.keepWithinBudget(store);
    this.pruneNowAndThen();
    return ready;
  }

  private keepWithinBudget(current: ColumnStore): void {
    let total = 0;
    for (const store of this.stores.values()) total += store.bytes;
    const byAge = [...this.stores.values()]
      .filter((s) => s !== current)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    for (const store of byAge) {
      if (total <= this.budgetBytes) break;
      total -= store.bytes;
      this.stores.delete(store.projectId);
    }
  }

  private pruneNowAndThen(): void {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    void pruneChanges(this.db, Math.floor(Date.now() / 1000) - KEEP_CHANGES_SECONDS).catch((error: unknown) =>
      console.error(
        `Pruning the grid change log failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}
