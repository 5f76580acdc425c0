import { WsiError } from '../errors.ts';

/**
 * Random access to the bytes of a slide. Slides can be many GB, so nothing in the reader ever asks for
 * the whole file: it reads headers, tag arrays and single tiles by offset.
 */
export interface ByteSource {
  /** Total size in bytes. */
  readonly size: number;
  /** Exactly `length` bytes from `offset`; a WsiError('truncated') when the range leaves the file. */
  read(offset: number, length: number): Promise<Buffer>;
  /**
   * Like read, for bulk pixel data (a tile, strip or frame): read once and served, so it bypasses any
   * cache kept for the metadata the parser reads again and again.
   */
  readData(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** Checks a requested range before any I/O, so corrupt offsets fail with a clear error instead of a short read. */
export function assertRange(size: number, offset: number, length: number): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
    throw new WsiError('corrupt', `Invalid byte range ${offset}+${length}`);
  }
  if (offset + length > size) {
    throw new WsiError(
      'truncated',
      `File is truncated: needed bytes ${offset}..${offset + length}, file has ${size}`,
    );
  }
}

/** A source over bytes already in memory: used for tests (mutated files in the fuzz test) and small uploads. */
export class BufferSource implements ByteSource {
  constructor(private readonly bytes: Buffer) {}

  get size(): number {
    return this.bytes.length;
  }

  async read(offset: number, length: number): Promise<Buffer> {
    assertRange(this.bytes.length, offset, length);
    return this.bytes.subarray(offset, offset + length);
  }

  readData(offset: number, length: number): Promise<Buffer> {
    return this.read(offset, length);
  }

  async close(): Promise<void> {}
}
