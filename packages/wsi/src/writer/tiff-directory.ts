import { FieldType } from '../tiff/constants.ts';

/** One tag of an IFD to write. RATIONAL values are given as numerator, denominator pairs. */
export interface TagToWrite {
  tag: number;
  type: number;
  values: number[] | ArrayLike<number> | Buffer | string;
}

/** An IFD to write: its tags (without SubIFDs) and the IFDs hung under it as SubIFDs. */
export interface DirectoryToWrite {
  tags: TagToWrite[];
  subDirectories: DirectoryToWrite[];
}

const BIGTIFF_ENTRY = 20;
const BIGTIFF_INLINE = 8;

const VALUE_SIZE: Record<number, number> = {
  [FieldType.BYTE]: 1,
  [FieldType.ASCII]: 1,
  [FieldType.SHORT]: 2,
  [FieldType.LONG]: 4,
  [FieldType.RATIONAL]: 4, // per number; a rational is two of them
  [FieldType.UNDEFINED]: 1,
  [FieldType.LONG8]: 8,
  [FieldType.IFD8]: 8,
};

/** The BigTIFF header: little-endian, version 43, offset size 8; the first IFD offset is patched at the end. */
export function bigTiffHeader(firstIfdOffset: number): Buffer {
  const header = Buffer.alloc(16);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(43, 2);
  header.writeUInt16LE(8, 4);
  header.writeUInt16LE(0, 6);
  header.writeBigUInt64LE(BigInt(firstIfdOffset), 8);
  return header;
}

/**
 * Serializes a chain of IFDs (each with its SubIFD tree) for the end of a BigTIFF file starting at file
 * offset `start` (8-aligned). All directories come first, then the out-of-line values: directory sizes
 * depend only on their tag counts, so every IFD offset (needed by SubIFDs and next pointers) is known
 * before any value is placed.
 */
export function serializeDirectories(
  chain: DirectoryToWrite[],
  start: number,
): { bytes: Buffer; firstIfdOffset: number } {
  if (start % 8 !== 0) throw new Error('Directories must start on an 8-byte boundary');
  const ordered: DirectoryToWrite[] = [];
  const visit = (directory: DirectoryToWrite): void => {
    ordered.push(directory);
    directory.subDirectories.forEach(visit);
  };
  chain.forEach(visit);
  const offsets = new Map<DirectoryToWrite, number>();
  let cursor = start;
  for (const directory of ordered) {
    offsets.set(directory, cursor);
    const entryCount = directory.tags.length + (directory.subDirectories.length > 0 ? 1 : 0);
    cursor += 8 + entryCount * BIGTIFF_ENTRY + 8;
  }
  const parts: Buffer[] = [];
  const dataParts: Buffer[] = [];
  let dataCursor = cursor;
  for (const directory of ordered) {
    const tags = [...directory.tags];
    if (directory.subDirectories.length > 0) {
      tags.push({
        tag: 330,
        type: FieldType.IFD8,
        values: directory.subDirectories.map((d) => offsets.get(d)!),
      });
    }
    tags.sort((a, b) => a.tag - b.tag);
    const ifd = Buffer.alloc(8 + tags.length * BIGTIFF_ENTRY + 8);
    ifd.writeBigUInt64LE(BigInt(tags.length), 0);
    tags.forEach((tag, i) => {
      const { data, count } = encodeValues(tag);
      const at = 8 + i * BIGTIFF_ENTRY;
      ifd.writeUInt16LE(tag.tag, at);
      ifd.writeUInt16LE(tag.type, at + 2);
      ifd.writeBigUInt64LE(BigInt(count), at + 4);
      if (data.length <= BIGTIFF_INLINE) {
        data.copy(ifd, at + 12);
      } else {
        ifd.writeBigUInt64LE(BigInt(dataCursor), at + 12);
        const padded = data.length % 2 === 0 ? data : Buffer.concat([data, Buffer.alloc(1)]);
        dataParts.push(padded);
        dataCursor += padded.length;
      }
    });
    const chainIndex = chain.indexOf(directory);
    const next = chainIndex >= 0 && chainIndex + 1 < chain.length ? offsets.get(chain[chainIndex + 1]!)! : 0;
    ifd.writeBigUInt64LE(BigInt(next), ifd.length - 8);
    parts.push(ifd);
  }
  return { bytes: Buffer.concat([...parts, ...dataParts]), firstIfdOffset: offsets.get(chain[0]!)! };
}

function encodeValues(tag: TagToWrite): { data: Buffer; count: number } {
  if (typeof tag.values === 'string') {
    const data = Buffer.from(`${tag.values}\0`, 'utf8');
    return { data, count: data.length };
  }
  if (Buffer.isBuffer(tag.values)) return { data: tag.values, count: tag.values.length };
  const size = VALUE_SIZE[tag.type];
  if (size === undefined) throw new Error(`Field type ${tag.type} is not written`);
  const values = tag.values;
  const data = Buffer.alloc(values.length * size);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (size === 1) data.writeUInt8(value, i);
    else if (size === 2) data.writeUInt16LE(value, i * 2);
    else if (size === 4) data.writeUInt32LE(value, i * 4);
    else data.writeBigUInt64LE(BigInt(value), i * 8);
  }
  const count = tag.type === FieldType.RATIONAL ? values.length / 2 : values.length;
  return { data, count };
}
