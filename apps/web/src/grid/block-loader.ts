/**
 * Loads the grid's blocks as they scroll into view (spec 1 §9): requests wait for scrolling to pause
 * (750 ms debounce) and at most 2 run at once. Only the blocks still in view when a slot frees up are
 * fetched; a reset (new filters, sort or grouping) aborts what is running.
 */
import { blockKey, type BlockRequest } from './row-tree.ts';

export const BLOCK_LOAD_DEBOUNCE_MS = 750;
export const MAX_BLOCK_REQUESTS = 2;

export interface BlockLoaderOptions {
  fetch(request: BlockRequest, signal: AbortSignal): Promise<void>;
  onError(error: unknown): void;
  debounceMs?: number;
  maxInFlight?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class BlockLoader {
  private wanted: BlockRequest[] = [];
  private readonly inFlight = new Map<string, AbortController>();
  private timer: unknown = null;
  private readonly debounceMs: number;
  private readonly maxInFlight: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: BlockLoaderOptions) {
    this.debounceMs = options.debounceMs ?? BLOCK_LOAD_DEBOUNCE_MS;
    this.maxInFlight = options.maxInFlight ?? MAX_BLOCK_REQUESTS;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  /** The blocks in view now; `immediate` skips the debounce (the first block of a fresh query, an expanded group). */
  want(blocks: BlockRequest[], immediate = false): void {
    this.wanted = blocks.filter((b) => !this.inFlight.has(blockKey(b)));
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    if (immediate) this.pump();
    else if (this.wanted.length)
      this.timer = this.setTimer(() => ((this.timer = null), this.pump()), this.debounceMs);
  }

  /** Aborts every running request and forgets what was wanted. */
  reset(): void {
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    this.wanted = [];
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  get running(): number {
    return this.inFlight.size;
  }

  private pump(): void {
    while (this.inFlight.size < this.maxInFlight && this.wanted.length) {
      const request = this.wanted.shift()!;
      const key = blockKey(request);
      if (this.inFlight.has(key)) continue;
      const controller = new AbortController();
      this.inFlight.set(key, controller);
      this.options
        .fetch(request, controller.signal)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) this.options.onError(error);
        })
        .finally(() => {
          if (this.inFlight.get(key) === controller) this.inFlight.delete(key);
          this.pump();
        });
    }
  }
}
