/**
 * A small FIFO concurrency gate for the OpenSlide decode calls. koffi queues every `.async` call on its own
 * thread pool (and throws once 256 are queued); 2–4 in flight already saturate two cores (spikes §1), so
 * more only adds memory and latency. Waiters are served in arrival order.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limit: number) {
    Limiter.check(limit);
  }

  get maxInFlight(): number {
    return this.limit;
  }

  set maxInFlight(limit: number) {
    Limiter.check(limit);
    this.limit = limit;
    this.drain();
  }

  /** Calls currently running. */
  get inFlight(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.drain();
    }
  }

  private drain(): void {
    while (this.active < this.limit && this.waiting.length > 0) {
      this.active++;
      this.waiting.shift()!();
    }
  }

  private static check(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1 || limit > 64)
      throw new RangeError(`OpenSlide in-flight limit must be 1–64, got ${limit}`);
  }
}
