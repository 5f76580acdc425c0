/**
 * A least-recently-used cache with a budget in bytes rather than entries: tiles and images vary from a
 * few KB to a few hundred, and what must stay bounded is memory. `sizeOf` tells an entry's weight.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps `value`, dropping the least recently used beyond the budget; a value larger than it is not kept. */
  set(key: string, value: V): void {
    if (this.sizeOf(value) > this.budgetBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= this.sizeOf(old);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value);
    while (this.bytes > this.budgetBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= this.sizeOf(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
