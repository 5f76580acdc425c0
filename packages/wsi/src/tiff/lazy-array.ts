import { WsiError } from '../errors.ts';
import type { ByteSource } from '../source/byte-source.ts';
import { fieldTypeSize, isIntegerType, readNumber } from './values.ts';

const CHUNK_ELEMENTS = 8192;
const MAX_CHUNKS = 32;

/**
 * An integer tag array (TileOffsets, TileByteCounts, StripOffsets…) read on demand in windows of 8192 values.
 * A level-0 pyramid of a large slide has millions of tiles; loading all offsets at open would cost seconds and
 * tens of MB per slide, while a viewer only touches the tiles in view. Memory stays bounded by MAX_CHUNKS.
 */
export class LazyArray {
  private readonly chunks = new Map<number, Promise<number[]>>();
  private readonly size: number;

  constructor(
    private readonly source: ByteSource,
    private readonly type: number,
    readonly length: number,
    private readonly littleEndian: boolean,
    /** Value bytes when they fit inside the IFD entry, else null. */
    private readonly inline: Buffer | null,
    private readonly offset: number,
  ) {
    if (!isIntegerType(type))
      throw new WsiError('corrupt', `Offset/count array has non-integer field type ${type}`);
    this.size = fieldTypeSize(type);
    if (inline === null) {
      const end = offset + length * this.size;
      if (!Number.isSafeInteger(end) || end > source.size) {
        throw new WsiError(
          'truncated',
          `Tag array of ${length} values at ${offset} runs past the end of the file`,
        );
      }
    }
  }

  async get(index: number): Promise<number> {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) {
      throw new WsiError('corrupt', `Index ${index} outside a tag array of ${this.length} values`);
    }
    if (this.inline) return readNumber(this.inline, index * this.size, this.type, this.littleEndian);
    const chunkIndex = Math.floor(index / CHUNK_ELEMENTS);
    const chunk = await this.chunk(chunkIndex);
    return chunk[index - chunkIndex * CHUNK_ELEMENTS] as number;
  }

  private chunk(chunkIndex: number): Promise<number[]> {
    const cached = this.chunks.get(chunkIndex);
    if (cached) return cached;
    const first = chunkIndex * CHUNK_ELEMENTS;
    const count = Math.min(CHUNK_ELEMENTS, this.length - first);
    const pending = this.source.read(this.offset + first * this.size, count * this.size).then((buf) => {
      const values = new Array<number>(count);
      for (let i = 0; i < count; i++)
        values[i] = readNumber(buf, i * this.size, this.type, this.littleEndian);
      return values;
    });
    this.chunks.set(chunkIndex, pending);
    pending.catch(() => this.chunks.delete(chunkIndex));
    if (this.chunks.size > MAX_CHUNKS) this.chunks.delete(this.chunks.keys().next().value as number);
    return pending;
  }
}
