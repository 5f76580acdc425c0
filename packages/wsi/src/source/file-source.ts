import { read as readCallback, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { WsiError } from '../errors.ts';
import { BlockCache, type BlockCacheOptions } from './block-cache.ts';
import { assertRange, type ByteSource } from './byte-source.ts';

/** Pixel-data reads up to this size are synchronous (readData). */
const MAX_SYNC_READ = 256 * 1024;

export type FileSourceOptions = BlockCacheOptions;

/**
 * A local file read through a FileHandle. Metadata reads (IFDs, tag values, offset arrays) go through a
 * BlockCache; pixel data (readData) goes straight to the file, so tile data never evicts the metadata the
 * next request needs and a 4 KB tile costs a 4 KB read, not a 64 KB block.
 */
export class FileSource implements ByteSource {
  private readonly blocks: BlockCache;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    options: FileSourceOptions,
  ) {
    this.blocks = new BlockCache(size, (offset, length) => this.readDirect(offset, length), options);
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

  read(offset: number, length: number): Promise<Buffer> {
    return this.blocks.read(offset, length);
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
