/**
 * The metadata cache of a ByteSource: an LRU of fixed-size blocks over the source's own reads. A TIFF
 * parser makes many small reads close together (IFDs, tag values, offset arrays); serving them from
 * 64 KiB blocks turns dozens of reads into one, which matters most where a read is a request (S3).
 * Reads larger than two blocks go straight to the source: they are pixel data or whole arrays, and
 * caching them would evict the metadata the next tile needs.
 */
import { assertRange } from './byte-source.ts';

export interface BlockCacheOptions {
  /** Block size. Default 64 KiB: one block holds a typical IFD and a slice of a tag array. */
  blockSize?: number;
  /** Blocks kept. Default 64 (4 MiB per open slide): enough for every IFD and offset array of a pyramid. */
  maxBlocks?: number;
}

export class BlockCache {
  private readonly blocks = new Map<number, Promise<Buffer>>();
  private readonly blockSize: number;
  private readonly maxBlocks: number;

  /** `readDirect` reads exactly `length` bytes at `offset`; `size` bounds the last block. */
  constructor(
    private readonly size: number,
    private readonly readDirect: (offset: number, length: number) => Promise<Buffer>,
    options: BlockCacheOptions = {},
  ) {
    this.blockSize = options.blockSize ?? 64 * 1024;
    this.maxBlocks = options.maxBlocks ?? 64;
  }

  /** Exactly `length` bytes from `offset` (a ByteSource's read); a range leaving the source is refused first. */
  async read(offset: number, length: number): Promise<Buffer> {
    assertRange(this.size, offset, length);
    if (length === 0) return Buffer.alloc(0);
    if (length > 2 * this.blockSize) return this.readDirect(offset, length);
    const first = Math.floor(offset / this.blockSize);
    const last = Math.floor((offset + length - 1) / this.blockSize);
    const start = offset - first * this.blockSize;
    if (first === last) return (await this.block(first)).subarray(start, start + length);
    const parts: Buffer[] = [];
    for (let index = first; index <= last; index++) parts.push(await this.block(index));
    return Buffer.concat(parts).subarray(start, start + length);
  }

  clear(): void {
    this.blocks.clear();
  }

  private block(index: number): Promise<Buffer> {
    const cached = this.blocks.get(index);
    if (cached) {
      // Re-insert to mark as most recently used (Map keeps insertion order).
      this.blocks.delete(index);
      this.blocks.set(index, cached);
      return cached;
    }
    const start = index * this.blockSize;
    const pending = this.readDirect(start, Math.min(this.blockSize, this.size - start));
    this.blocks.set(index, pending);
    pending.catch(() => this.blocks.delete(index));
    while (this.blocks.size > this.maxBlocks) {
      const oldest = this.blocks.keys().next().value as number;
      this.blocks.delete(oldest);
    }
    return pending;
  }
}
