/**
 * A project's slides held column by column in memory, for the grid's counts, group rows and set-filter
 * values (DESIGN §13: at a million slides a count or GROUP BY over two filtered columns reads hundreds of
 * thousands of table rows in SQL; over typed arrays it is a pass of a few milliseconds).
 *
 * Columns load when a request first needs them. Before each use the store compares its version with
 * the project's (grid_versions, migration 0012): when the project changed it patches the slots of the
 * slides logged as changed (grid_changes); a column whose patch needs a value it has no code for, or
 * a list that changed, loads again when next needed. A gap in the log (pruned) or a change to more
 * than a fifth of the slides rebuilds the store.
 */
import type { Db, Dialect } from '../../db/database.ts';
import {
  buildListColumn,
  buildScalarColumn,
  codeOf,
  columnBytes,
  growScalarColumn,
  type Column,
  type ScalarColumn,
  type StoredValue,
} from './columns.ts';
import {
  listValues,
  readChanges,
  readListColumn,
  readScalarColumn,
  readSlideIds,
  readSlides,
  readVersion,
  specKey,
  type ColumnSpec,
} from './column-store.queries.ts';
import { SlotIndex } from './slot-index.ts';
import { SlotMask } from './slot-mask.ts';

const REBUILD_FRACTION = 0.2;

export class ColumnStore {
  private slots: SlotIndex | null = null;
  private version = -1;
  private readonly columns = new Map<string, { spec: ColumnSpec; column: Column }>();
  /** One refresh or load at a time: requests in flight wait for it rather than repeating it. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The words masks are built in, one request after another (store-query.ts), and a range's run is marked in. */
  private readonly scratch = { words: new Int32Array(0), run: new Int32Array(0) };
  /** False when the project's slide ids are not ours (24 hex): such a project is left to SQL. */
  isSupported = true;
  lastUsed = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    readonly projectId: string,
  ) {}

  /** The store brought up to date, with the columns of `specs` loaded; null when it cannot answer for this project. */
  async use(specs: readonly ColumnSpec[]): Promise<ReadyStore | null> {
    this.lastUsed = Date.now();
    return this.serialized(async () => {
      await this.sync();
      if (!this.slots) return null;
      for (const spec of specs) if (!this.columns.has(specKey(spec))) await this.load(spec);
      return new ReadyStore(
        this.slots,
        new Map(specs.map((spec) => [specKey(spec), this.columns.get(specKey(spec))!.column])),
        this.scratch,
      );
    });
  }

  /** Bytes held, for the registry's budget. */
  get bytes(): number {
    let total = (this.slots?.bytes ?? 0) + this.scratch.words.byteLength + this.scratch.run.byteLength;
    for (const { column } of this.columns.values()) total += columnBytes(column);
    return total;
  }

  private serialized<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async sync(): Promise<void> {
    const current = await readVersion(this.db, this.projectId);
    if (current === this.version && (this.slots || !this.isSupported)) return;
    if (this.slots && this.version >= 0) {
      const changes = await readChanges(this.db, this.projectId, this.version, current);
      const isWhole = current === this.version || changes.firstVersion === this.version + 1;
      if (isWhole && changes.slideIds.length <= this.slots.size * REBUILD_FRACTION) {
        await this.patch(changes.slideIds);
        this.version = current;
        return;
      }
    }
    // Read the version first: a change landing during the rebuild is then patched (again) next time.
    this.version = current;
    this.columns.clear();
    this.slots = SlotIndex.build(await readSlideIds(this.db, this.projectId));
    this.isSupported = this.slots !== null;
  }

  private async load(spec: ColumnSpec): Promise<void> {
    const slots = this.slots!;
    if (spec.kind === 'scalar') {
      const rows = await readScalarColumn(this.db, this.dialect, this.projectId, spec.column);
      const column = buildScalarColumn(
        slots.size,
        (function* () {
          for (const r of rows) yield [slots.find(r.id), r.v] as [number, StoredValue | null];
        })(),
      );
      this.columns.set(specKey(spec), { spec, column });
      return;
    }
    const { rows, dictionary } = await readListColumn(this.db, this.projectId, spec);
    const column = buildListColumn(
      slots.size,
      rows.map((r) => [slots.find(r.id), r.values]),
      dictionary,
    );
    this.columns.set(specKey(spec), { spec, column });
  }

  /** Brings the changed slides' slots up to date; drops the columns a patch cannot express. */
  private async patch(slideIds: readonly string[]): Promise<void> {
    if (slideIds.length === 0) return;
    const slots = this.slots!;
    const loaded = [...this.columns.values()];
    const current = await readSlides(this.db, this.projectId, slideIds, [
      ...new Set(loaded.map((c) => c.spec.column)),
    ]);
    const found = new Set<string>();
    for (const row of current) {
      const id = String(row.id);
      found.add(id);
      let slot = slots.find(id);
      const isNew = slot < 0;
      if (isNew) slot = slots.add(id);
      slots.setAlive(slot, true);
      for (const { spec, column } of loaded) {
        if (column.kind === 'scalar') {
          if (isNew) growScalarColumn(column, slots.size);
          const code = codeOf(column, (row[spec.column] ?? null) as StoredValue | null);
          if (code < 0) this.columns.delete(specKey(spec));
          else if (column.codes[slot] !== code) {
            column.codes[slot] = code;
            column.sorted = null;
            column.bitmaps = null;
          }
        } else if (spec.kind === 'list' && !sameList(column, slot, listValues(spec, row[spec.column]))) {
          this.columns.delete(specKey(spec));
        }
      }
    }
    for (const id of slideIds) {
      if (found.has(id)) continue;
      const slot = slots.find(id);
      if (slot >= 0) slots.setAlive(slot, false);
    }
  }
}

/** A list slot equal to `values` (false for a slot the column has no row for: it was added since). */
function sameList(
  column: Extract<Column, { kind: 'list' }>,
  slot: number,
  values: readonly string[],
): boolean {
  if (slot + 1 >= column.offsets.length) return false;
  const from = column.offsets[slot]!;
  const to = column.offsets[slot + 1]!;
  if (to - from !== values.length) return false;
  return values.every((v, i) => column.values[column.items[from + i]!] === v);
}

/**
 * The store's state for one answer: the slots and the columns asked for. Answers are computed
 * synchronously right after use() resolves, so no patch runs while one is read.
 */
export class ReadyStore {
  constructor(
    readonly slots: SlotIndex,
    private readonly columns: ReadonlyMap<string, Column>,
    private readonly scratch: { words: Int32Array; run: Int32Array },
  ) {}

  column(spec: ColumnSpec): Column {
    const column = this.columns.get(specKey(spec));
    if (!column) throw new Error(`Column ${specKey(spec)} was not asked for`);
    return column;
  }

  scalar(spec: ColumnSpec): ScalarColumn {
    const column = this.column(spec);
    if (column.kind !== 'scalar') throw new Error(`Column ${specKey(spec)} is a list`);
    return column;
  }

  /** The live slots, in the store's scratch words: valid until the next request's mask, so read it before any await. */
  liveMask(): SlotMask {
    const count = Math.ceil(this.slots.size / 32);
    if (this.scratch.words.length < count) this.scratch.words = new Int32Array(Math.ceil(count * 1.25) + 1);
    const words = this.scratch.words.subarray(0, count);
    words.set(this.slots.alive.subarray(0, count));
    return new SlotMask(words, this.slots.size);
  }

  /** Words to mark a range's run in (store-filter.ts), as many as a mask's; reused like the mask's. */
  runScratch(): Int32Array {
    const count = Math.ceil(this.slots.size / 32);
    if (this.scratch.run.length < count) this.scratch.run = new Int32Array(Math.ceil(count * 1.25) + 1);
    return this.scratch.run;
  }
}
