import { WsiError } from '../errors.ts';
import type { ByteSource } from '../source/byte-source.ts';
import { DicomLimits, ITEM_TAG, SEQUENCE_DELIMITER_TAG } from './constants.ts';

/** Reads the stored bytes of one frame of a multi-frame instance. */
export interface FrameStore {
  readFrame(index: number): Promise<Buffer>;
}

/** Native (uncompressed) frames: fixed-size and back to back after the Pixel Data element header. */
export class NativeFrames implements FrameStore {
  constructor(
    private readonly source: ByteSource,
    private readonly valueOffset: number,
    private readonly frameBytes: number,
  ) {}

  readFrame(index: number): Promise<Buffer> {
    return this.source.readData(this.valueOffset + index * this.frameBytes, this.frameBytes);
  }
}

export interface ExtendedOffsetTable {
  offsets: number[];
  lengths: number[];
}

/**
 * Encapsulated frames (JPEG, JPEG 2000 …): a sequence of items, the first the Basic Offset Table. Frames
 * are found, best first, through the Extended Offset Table, the Basic Offset Table, or — when both are
 * empty — by walking the item headers once, lazily, up to the frame asked for, one fragment per frame
 * (what every WSI writer without a table does, and what libdicom assumes too).
 */
export class EncapsulatedFrames implements FrameStore {
  /** Offsets of the item headers of frames found by walking; starts[0] is the first fragment. */
  private readonly starts: number[];
  private walk: Promise<void> = Promise.resolve();

  private constructor(
    private readonly source: ByteSource,
    private readonly firstFragment: number,
    private readonly frameCount: number,
    private readonly table: number[] | null,
    private readonly extended: ExtendedOffsetTable | null,
  ) {
    this.starts = [firstFragment];
  }

  static async open(
    source: ByteSource,
    valueOffset: number,
    frameCount: number,
    extended: ExtendedOffsetTable | null,
  ): Promise<EncapsulatedFrames> {
    const [tag, length] = await readItemHeader(source, valueOffset);
    if (tag !== ITEM_TAG)
      throw new WsiError(
        'corrupt',
        'Encapsulated Pixel Data does not start with the Basic Offset Table item',
      );
    if (length % 4 !== 0)
      throw new WsiError('corrupt', `Basic Offset Table length ${length} is not a multiple of 4`);
    if (length > frameCount * 4 + 4)
      throw new WsiError('corrupt', `Basic Offset Table has ${length / 4} entries for ${frameCount} frames`);
    const firstFragment = valueOffset + 8 + length;
    let table: number[] | null = null;
    if (length >= frameCount * 4 && length > 0) {
      const bytes = await source.read(valueOffset + 8, length);
      table = [];
      for (let i = 0; i < frameCount; i++) table.push(bytes.readUInt32LE(i * 4));
      // A table that does not start at 0 or goes backwards is ignored rather than trusted.
      if (table[0] !== 0 || table.some((offset, i) => i > 0 && offset <= table![i - 1]!)) table = null;
    }
    if (extended && (extended.offsets.length !== frameCount || extended.lengths.length !== frameCount))
      extended = null;
    return new EncapsulatedFrames(source, firstFragment, frameCount, table, extended);
  }

  async readFrame(index: number): Promise<Buffer> {
    if (!Number.isInteger(index) || index < 0 || index >= this.frameCount) {
      throw new WsiError(
        'out-of-range',
        `Frame ${index} does not exist (the instance has ${this.frameCount})`,
      );
    }
    if (this.extended) {
      const start = this.firstFragment + this.extended.offsets[index]!;
      const [tag, length] = await readItemHeader(this.source, start);
      if (tag !== ITEM_TAG || length !== this.extended.lengths[index]) {
        throw new WsiError(
          'corrupt',
          `Extended Offset Table entry of frame ${index} does not point at its fragment`,
        );
      }
      return this.readFragmentValue(start, length);
    }
    if (this.table) {
      const start = this.firstFragment + this.table[index]!;
      const end = index + 1 < this.frameCount ? this.firstFragment + this.table[index + 1]! : null;
      return this.readFragments(start, end);
    }
    await this.walkTo(index);
    const start = this.starts[index]!;
    const [, length] = await readItemHeader(this.source, start);
    return this.readFragmentValue(start, length);
  }

  /** The fragments from `start` up to `end`, or up to the sequence delimiter (or the end of the file) for the last frame. */
  private async readFragments(start: number, end: number | null): Promise<Buffer> {
    const parts: Buffer[] = [];
    let total = 0;
    let pos = start;
    while (end === null ? pos + 8 <= this.source.size : pos < end) {
      const [tag, length] = await readItemHeader(this.source, pos);
      if (tag === SEQUENCE_DELIMITER_TAG && end === null && parts.length > 0) break;
      if (tag !== ITEM_TAG)
        throw new WsiError('corrupt', `Basic Offset Table points at ${pos}, which is not a fragment item`);
      if (parts.length >= DicomLimits.maxFragmentsPerFrame)
        throw new WsiError('too-large', 'A frame is split into too many fragments');
      total += length;
      if (total > DicomLimits.maxFrameBytes)
        throw new WsiError('too-large', `A frame is larger than ${DicomLimits.maxFrameBytes} bytes`);
      parts.push(await this.readFragmentValue(pos, length));
      pos += 8 + length;
    }
    if (parts.length === 0) throw new WsiError('truncated', `No fragment found for the frame at ${start}`);
    if (end !== null && pos !== end)
      throw new WsiError('corrupt', `Fragments of the frame at ${start} overrun the next frame`);
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  private readFragmentValue(itemOffset: number, length: number): Promise<Buffer> {
    if (length > DicomLimits.maxFrameBytes)
      throw new WsiError('too-large', `A fragment of ${length} bytes is larger than the reader accepts`);
    return this.source.readData(itemOffset + 8, length);
  }

  /** Walks item headers until the start of frame `index` is known. Serialised so parallel tile reads walk once. */
  private walkTo(index: number): Promise<void> {
    const next = this.walk.then(async () => {
      while (this.starts.length <= index) {
        const pos = this.starts[this.starts.length - 1]!;
        const [tag, length] = await readItemHeader(this.source, pos);
        if (tag !== ITEM_TAG) {
          throw new WsiError(
            'corrupt',
            `Pixel Data has ${this.starts.length - 1} fragments for ${this.frameCount} frames and no offset table`,
          );
        }
        this.starts.push(pos + 8 + length);
      }
    });
    // A failed walk must not poison later reads of frames already found.
    this.walk = next.catch(() => undefined);
    return next;
  }
}

/** [tag as little-endian uint32, length] of the item header at `offset`. */
async function readItemHeader(source: ByteSource, offset: number): Promise<[number, number]> {
  const header = await source.read(offset, 8);
  return [header.readUInt32LE(0), header.readUInt32LE(4)];
}
