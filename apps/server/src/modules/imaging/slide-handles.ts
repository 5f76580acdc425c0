/**
 * Open slide handles, kept between tile requests: opening a slide reads its whole IFD structure (and
 * OpenSlide's open is slower still), while a viewer asks for dozens of tiles of one slide in a burst.
 * A small LRU keyed by image id; an evicted handle is closed once the requests using it are done.
 */
import type { Slide } from '@tessera/wsi';

interface Entry {
  opening: Promise<Slide>;
  users: number;
  isEvicted: boolean;
}

export class SlideHandleCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxOpen = 8) {}

  /**
   * Runs `use` with the slide kept as `key` (the image and which of its files), opening it with `open` on
   * first use. Open failures are not cached.
   */
  async with<T>(key: string, open: () => Promise<Slide>, use: (slide: Slide) => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key); // re-insert: Map order is the LRU order
      this.entries.set(key, entry);
    } else {
      entry = { opening: open(), users: 0, isEvicted: false };
      this.entries.set(key, entry);
      this.evictBeyondMax();
    }
    const current = entry;
    current.users++;
    try {
      const slide = await current.opening.catch((error: unknown) => {
        if (this.entries.get(key) === current) this.entries.delete(key);
        throw error;
      });
      return await use(slide);
    } finally {
      current.users--;
      if (current.isEvicted && current.users === 0) void closeQuietly(current);
    }
  }

  /** Closes every handle (server shutdown, tests). */
  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    for (const entry of all) entry.isEvicted = true;
    await Promise.all(all.filter((e) => e.users === 0).map(closeQuietly));
  }

  get size(): number {
    return this.entries.size;
  }

  private evictBeyondMax(): void {
    while (this.entries.size > this.maxOpen) {
      const [oldestId, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestId);
      oldest.isEvicted = true;
      if (oldest.users === 0) void closeQuietly(oldest);
    }
  }
}

async function closeQuietly(entry: Entry): Promise<void> {
  try {
    await (await entry.opening).close();
  } catch {
    // A slide that failed to open has nothing to close; a failed close leaves nothing to do.
  }
}
