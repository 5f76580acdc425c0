import { WsiError } from '../errors.ts';
import type { ByteSource } from '../source/byte-source.ts';
import { FieldType, Limits } from './constants.ts';
import { LazyArray } from './lazy-array.ts';
import { decodeAll, fieldTypeSize, readNumber } from './values.ts';

export interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** The value bytes when they fit in the entry (4 bytes classic, 8 BigTIFF); else null. */
  inline: Buffer | null;
  /** File offset of the value when not inline. */
  valueOffset: number;
}

/** Arrays up to this many values are returned as plain arrays by `numbers()`; larger ones need `lazyArray()`. */
const MAX_EAGER_VALUES = 1 << 16;

/**
 * One image file directory. Entries are parsed at open; values outside the entry are read only when asked
 * for, so opening a slide touches a few KB even when its offset arrays are MBs.
 */
export class Ifd {
  /** IFDs listed by this IFD's SubIFDs tag (OME-TIFF and vips --subifd pyramids). */
  subIfds: Ifd[] = [];

  constructor(
    readonly source: ByteSource,
    readonly littleEndian: boolean,
    /** File offset of the directory: identifies it in messages. */
    readonly offset: number,
    readonly entries: ReadonlyMap<number, IfdEntry>,
    readonly nextOffset: number,
  ) {}

  has(tag: number): boolean {
    return this.entries.has(tag);
  }

  entry(tag: number): IfdEntry | undefined {
    return this.entries.get(tag);
  }

  /** The raw value bytes of a tag (bounded by Limits.maxValueBytes). */
  async bytes(tag: number): Promise<Buffer | undefined> {
    const entry = this.entries.get(tag);
    if (!entry) return undefined;
    const length = entry.count * fieldTypeSize(entry.type);
    if (length > Limits.maxValueBytes) {
      throw new WsiError('too-large', `Tag ${tag} holds ${length} bytes, more than the reader accepts`);
    }
    if (entry.inline) return entry.inline.subarray(0, length);
    return this.source.read(entry.valueOffset, length);
  }

  async numbers(tag: number): Promise<number[] | undefined> {
    const entry = this.entries.get(tag);
    if (!entry) return undefined;
    if (entry.type === FieldType.ASCII)
      throw new WsiError('corrupt', `Tag ${tag} is text where a number is expected`);
    if (entry.count > MAX_EAGER_VALUES) {
      throw new WsiError(
        'too-large',
        `Tag ${tag} has ${entry.count} values, more than expected for this tag`,
      );
    }
    const buf = await this.bytes(tag);
    return buf ? decodeAll(buf, entry.type, entry.count, this.littleEndian) : undefined;
  }

  /** First value of a numeric tag, or `fallback` when the tag is absent or empty. */
  async number(tag: number): Promise<number | undefined>;
  async number(tag: number, fallback: number): Promise<number>;
  async number(tag: number, fallback?: number): Promise<number | undefined> {
    const entry = this.entries.get(tag);
    if (!entry || entry.count === 0) return fallback;
    if (entry.type === FieldType.ASCII)
      throw new WsiError('corrupt', `Tag ${tag} is text where a number is expected`);
    const size = fieldTypeSize(entry.type);
    const buf = entry.inline ?? (await this.source.read(entry.valueOffset, size));
    return readNumber(buf, 0, entry.type, this.littleEndian);
  }

  /** ASCII (or UTF-8, as OME and Aperio write) text without its trailing NULs. */
  async text(tag: number): Promise<string | undefined> {
    const buf = await this.bytes(tag);
    if (!buf) return undefined;
    let end = buf.length;
    while (end > 0 && buf[end - 1] === 0) end--;
    return buf.toString('utf8', 0, end);
  }

  lazyArray(tag: number): LazyArray | undefined {
    const entry = this.entries.get(tag);
    if (!entry) return undefined;
    return new LazyArray(
      this.source,
      entry.type,
      entry.count,
      this.littleEndian,
      entry.inline,
      entry.valueOffset,
    );
  }
}

export interface TiffStructure {
  littleEndian: boolean;
  bigTiff: boolean;
  /** The main IFD chain, in file order; each IFD carries its SubIFDs. */
  ifds: Ifd[];
}

/** Parses the header, the IFD chain and every SubIFD tree, refusing loops and absurd counts. */
export async function readTiffStructure(source: ByteSource): Promise<TiffStructure> {
  if (source.size < 8) throw new WsiError('not-tiff', 'File is too small to be a TIFF');
  const header = await source.read(0, Math.min(16, source.size));
  const order = header.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM')
    throw new WsiError('not-tiff', 'File does not start with a TIFF header');
  const le = order === 'II';
  const version = le ? header.readUInt16LE(2) : header.readUInt16BE(2);
  let bigTiff: boolean;
  let first: number;
  if (version === 42) {
    bigTiff = false;
    first = le ? header.readUInt32LE(4) : header.readUInt32BE(4);
  } else if (version === 43) {
    if (header.length < 16) throw new WsiError('truncated', 'BigTIFF header is truncated');
    const offsetSize = le ? header.readUInt16LE(4) : header.readUInt16BE(4);
    if (offsetSize !== 8) throw new WsiError('corrupt', `BigTIFF offset size ${offsetSize} is not 8`);
    bigTiff = true;
    first = readNumber(header, 8, FieldType.LONG8, le);
  } else {
    throw new WsiError('not-tiff', `Unknown TIFF version ${version}`);
  }
  const walker = new IfdWalker(source, le, bigTiff);
  const ifds = await walker.chain(first, 0);
  if (ifds.length === 0) throw new WsiError('corrupt', 'TIFF has no image directories');
  return { littleEndian: le, bigTiff, ifds };
}

class IfdWalker {
  private readonly visited = new Set<number>();

  constructor(
    private readonly source: ByteSource,
    private readonly le: boolean,
    private readonly bigTiff: boolean,
  ) {}

  async chain(firstOffset: number, depth: number): Promise<Ifd[]> {
    const ifds: Ifd[] = [];
    let offset = firstOffset;
    while (offset !== 0) {
      const ifd = await this.one(offset, depth);
      ifds.push(ifd);
      offset = ifd.nextOffset;
    }
    return ifds;
  }

  private async one(offset: number, depth: number): Promise<Ifd> {
    if (this.visited.has(offset))
      throw new WsiError('ifd-loop', `IFD at offset ${offset} is referenced twice (loop)`);
    if (this.visited.size >= Limits.maxIfds)
      throw new WsiError('too-large', `More than ${Limits.maxIfds} IFDs`);
    this.visited.add(offset);
    const ifd = await this.parse(offset);
    const sub = ifd.entry(330);
    if (sub && sub.count > 0) {
      if (depth >= Limits.maxSubIfdDepth) throw new WsiError('too-large', 'SubIFDs are nested too deeply');
      const offsets = await ifd.numbers(330);
      for (const subOffset of offsets ?? []) {
        if (subOffset !== 0) ifd.subIfds.push(await this.one(subOffset, depth + 1));
      }
    }
    return ifd;
  }

  private async parse(offset: number): Promise<Ifd> {
    const countSize = this.bigTiff ? 8 : 2;
    const entrySize = this.bigTiff ? 20 : 12;
    const countBuf = await this.source.read(offset, countSize);
    const count = this.bigTiff
      ? readNumber(countBuf, 0, FieldType.LONG8, this.le)
      : readNumber(countBuf, 0, FieldType.SHORT, this.le);
    if (count > Limits.maxEntriesPerIfd) {
      throw new WsiError('too-large', `IFD at ${offset} claims ${count} entries`);
    }
    const nextSize = this.bigTiff ? 8 : 4;
    const body = await this.source.read(offset + countSize, count * entrySize + nextSize);
    const entries = new Map<number, IfdEntry>();
    const inlineSize = this.bigTiff ? 8 : 4;
    for (let i = 0; i < count; i++) {
      const pos = i * entrySize;
      const tag = readNumber(body, pos, FieldType.SHORT, this.le);
      const type = readNumber(body, pos + 2, FieldType.SHORT, this.le);
      const valueCount = this.bigTiff
        ? readNumber(body, pos + 4, FieldType.LONG8, this.le)
        : readNumber(body, pos + 4, FieldType.LONG, this.le);
      const size = fieldTypeSize(type);
      // Unknown field types are skipped, as the TIFF spec asks readers to do.
      if (size === 0 || entries.has(tag)) continue;
      const valuePos = pos + (this.bigTiff ? 12 : 8);
      const byteLength = size * valueCount;
      if (byteLength <= inlineSize) {
        entries.set(tag, {
          tag,
          type,
          count: valueCount,
          inline: body.subarray(valuePos, valuePos + inlineSize),
          valueOffset: 0,
        });
      } else {
        const valueOffset = this.bigTiff
          ? readNumber(body, valuePos, FieldType.LONG8, this.le)
          : readNumber(body, valuePos, FieldType.LONG, this.le);
        entries.set(tag, { tag, type, count: valueCount, inline: null, valueOffset });
      }
    }
    const nextPos = count * entrySize;
    const next = this.bigTiff
      ? readNumber(body, nextPos, FieldType.LONG8, this.le)
      : readNumber(body, nextPos, FieldType.LONG, this.le);
    return new Ifd(this.source, this.le, offset, entries, next);
  }
}
