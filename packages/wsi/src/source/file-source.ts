import { read as readCallback, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { WsiError } from '../errors.ts';
import { assertRange, type ByteSource } from './byte-source.ts';

/** Pixel-data reads up to this size are synchronous (readData). */
const MAX_SYNC_READ = 256 * 1024;

export interface FileSourceOptions {
  /** Block size of the cache. Default 64 KiB: one block holds a typical IFD and a slice of a tag array. */
  blockSize?: number;
  /** Blocks kept. Default 64 (4 MiB per open slide): enough for every IFD and offset array of a pyramid. */
  maxBlocks?: number;
}

/**
 * A local file read through a FileHandle. Metadata reads (IFDs, tag values, offset arrays) go through an
 * LRU block cache because the parser makes many of them close together; pixel data (readData) and reads
 * larger than two blocks go straight to the file, so tile data never evicts the metadata the next request
 * needs and a 4 KB tile costs a 4 KB read, not a 64 KB block.
 */
export class FileSource implements ByteSource {
  private readonly blocks = new Map<number, Promise<Buffer>>();
  private readonly blockSize: number;
  private readonly maxBlocks: number;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    options: FileSourceOptions,
  ) {
    this.blockSize = options.blockSize ?? 64 * 1024;
    this.maxBlocks = options.maxBlocks ?? 64;
  }

  static async open(path: string, options: FileSourceOptions = {}): Promise<FileSource> {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      throw new WsiError('not-tiff', `Cannot open slide file (${code})`);
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      throw new WsiError('not-tiff', 'Slide path is not a regular file');
    }
    return new FileSource(handle, stat.size, options);
  }

  async read(offset: number, length: number): Promise<Buffer> {
    assertRange(this.size, offset, length);
    if (length === 0) return Buffer.alloc(0);
    if (length > 2 * this.blockSize) return this.readDirect(offset, length);
    const first = Math.floor(offset / this.blockSize);
    const last = Math.floor((offset + length - 1) / this.blockSize);
    if (first === last) {
      const block = await this.block(first);
      const start = offset - first * this.blockSize;
      return block.subarray(start, start + length);
    }
    const parts: Buffer[] = [];
    for (let index = first; index <= last; index++) parts.push(await this.block(index));
    const joined = Buffer.concat(parts);
    const start = offset - first * this.blockSize;
    return joined.subarray(start, start + length);
  }

  /**
   * Tile-sized reads are synchronous, like SQLite's reads on the request path: a 10 KB pread from the page
   * cache costs about 6 µs, while handing it to libuv's thread pool costs 11 µs of the event loop plus two
   * context switches (research/spikes.md §3; `npm run bench -- tiles`). Several serving processes keep one
   * slow disk read from holding up every client. Larger reads (whole strips, big frames) stay asynchronous.
   */
  async readData(offset: number, length: number): Promise<Buffer> {
    assertRange(this.size, offset, length);
    if (length === 0) return Buffer.alloc(0);
    if (length > MAX_SYNC_READ) return this.readDirect(offset, length);
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const bytesRead = readSync(this.handle.fd, buffer, done, length - done, offset + done);
      if (bytesRead === 0) throw new WsiError('truncated', `File ended at ${offset + done} while reading`);
      done += bytesRead;
    }
    return buffer;
  }

  async close(): Promise<void> {
    this.blocks.clear();
    await this.handle.close();
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

  private async readDirect(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const bytesRead = await this.readAt(buffer, done, length - done, offset + done);
      if (bytesRead === 0) throw new WsiError('truncated', `File ended at ${offset + done} while reading`);
      done += bytesRead;
    }
    return buffer;
  }

  /** fs.read on the handle's descriptor: the callback form costs far less per call than FileHandle.read. */
  private readAt(buffer: Buffer, at: number, length: number, position: number): Promise<number> {
    return new Promise((resolve, reject) =>
      readCallback(this.handle.fd, buffer, at, length, position, (error, bytesRead) =>
        error ? reject(error) : resolve(bytesRead),
      ),
    );
  }
}
