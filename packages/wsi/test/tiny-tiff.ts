/**
 * A minimal TIFF/BigTIFF writer for tests: it lets tests make the cases no small public file covers
 * (BigTIFF in both byte orders, float predictor, planar, SubIFD pyramids, loops, absurd sizes). It is
 * written independently of the reader (no shared code), so a round trip checks the reader, not itself.
 */
export interface TinyTag {
  tag: number;
  /** TIFF field type: 2 ASCII, 3 SHORT, 4 LONG, 7 UNDEFINED, 16 LONG8. */
  type: number;
  values: number[] | string | Buffer;
}

export interface TinyIfd {
  tags: TinyTag[];
  /** Chunk data; its offsets and counts are written as `offsetsTag`/`countsTag` (tiles or strips). */
  chunks?: Buffer[];
  tiled?: boolean;
  subIfds?: TinyIfd[];
}

const SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 7: 1, 13: 4, 16: 8, 18: 8 };

export function buildTiff(
  ifds: TinyIfd[],
  options: { bigTiff: boolean; littleEndian: boolean; loop?: boolean },
): Buffer {
  const { bigTiff, littleEndian: le } = options;
  const parts: Buffer[] = [];
  let pos = 0;
  const push = (buf: Buffer): number => {
    const at = pos;
    parts.push(buf);
    pos += buf.length;
    if (pos % 2) {
      parts.push(Buffer.alloc(1));
      pos++;
    }
    return at;
  };
  const uint = (value: number, bytes: number): Buffer => {
    const b = Buffer.alloc(bytes);
    if (bytes === 1) b.writeUInt8(value);
    else if (bytes === 2 && le) b.writeUInt16LE(value);
    else if (bytes === 2) b.writeUInt16BE(value);
    else if (bytes === 4 && le) b.writeUInt32LE(value);
    else if (bytes === 4) b.writeUInt32BE(value);
    else if (le) b.writeBigUInt64LE(BigInt(value));
    else b.writeBigUInt64BE(BigInt(value));
    return b;
  };
  const header = bigTiff
    ? Buffer.concat([
        Buffer.from(le ? 'II' : 'MM', 'latin1'),
        uint(43, 2),
        uint(8, 2),
        uint(0, 2),
        uint(0, 8),
      ])
    : Buffer.concat([Buffer.from(le ? 'II' : 'MM', 'latin1'), uint(42, 2), uint(0, 4)]);
  push(header);
  const offsetType = bigTiff ? 16 : 4;

  const writeIfd = (ifd: TinyIfd): number => {
    const tags = [...ifd.tags];
    if (ifd.chunks) {
      const offsets = ifd.chunks.map((c) => push(c));
      tags.push({ tag: ifd.tiled ? 324 : 273, type: offsetType, values: offsets });
      tags.push({ tag: ifd.tiled ? 325 : 279, type: 4, values: ifd.chunks.map((c) => c.length) });
    }
    if (ifd.subIfds?.length)
      tags.push({ tag: 330, type: bigTiff ? 18 : 13, values: ifd.subIfds.map(writeIfd) });
    tags.sort((a, b) => a.tag - b.tag);
    const inline = bigTiff ? 8 : 4;
    const entries = tags.map((t) => {
      const data = encode(t);
      const count =
        typeof t.values === 'string'
          ? data.length
          : Buffer.isBuffer(t.values)
            ? t.values.length
            : t.values.length;
      const value =
        data.length <= inline
          ? Buffer.concat([data, Buffer.alloc(inline - data.length)])
          : uint(push(data), inline);
      return Buffer.concat([uint(t.tag, 2), uint(t.type, 2), uint(count, bigTiff ? 8 : 4), value]);
    });
    const at = push(
      Buffer.concat([uint(tags.length, bigTiff ? 8 : 2), ...entries, uint(0, bigTiff ? 8 : 4)]),
    );
    return at;
  };
  const encode = (t: TinyTag): Buffer => {
    if (typeof t.values === 'string') return Buffer.from(`${t.values}\0`, 'utf8');
    if (Buffer.isBuffer(t.values)) return t.values;
    return Buffer.concat(t.values.map((v) => uint(v, SIZE[t.type]!)));
  };

  const offsets = ifds.map(writeIfd);
  const file = Buffer.concat(parts);
  const writeOffset = (at: number, value: number): void => {
    if (bigTiff && le) file.writeBigUInt64LE(BigInt(value), at);
    else if (bigTiff) file.writeBigUInt64BE(BigInt(value), at);
    else if (le) file.writeUInt32LE(value, at);
    else file.writeUInt32BE(value, at);
  };
  writeOffset(bigTiff ? 8 : 4, offsets[0]!);
  const nextFieldOf = (ifdOffset: number): number => {
    const count = bigTiff
      ? Number(le ? file.readBigUInt64LE(ifdOffset) : file.readBigUInt64BE(ifdOffset))
      : le
        ? file.readUInt16LE(ifdOffset)
        : file.readUInt16BE(ifdOffset);
    return ifdOffset + (bigTiff ? 8 : 2) + count * (bigTiff ? 20 : 12);
  };
  for (let i = 0; i + 1 < offsets.length; i++) writeOffset(nextFieldOf(offsets[i]!), offsets[i + 1]!);
  if (options.loop) writeOffset(nextFieldOf(offsets[offsets.length - 1]!), offsets[0]!);
  return file;
}

/** Common tags of an image IFD. */
export function imageTags(o: {
  width: number;
  height: number;
  tile?: [number, number];
  rowsPerStrip?: number;
  spp?: number;
  bits?: number;
  sampleFormat?: number;
  compression?: number;
  photometric?: number;
  planar?: number;
  predictor?: number;
  description?: string;
}): TinyTag[] {
  const spp = o.spp ?? 1;
  const tags: TinyTag[] = [
    { tag: 256, type: 4, values: [o.width] },
    { tag: 257, type: 4, values: [o.height] },
    { tag: 258, type: 3, values: Array<number>(spp).fill(o.bits ?? 8) },
    { tag: 259, type: 3, values: [o.compression ?? 1] },
    { tag: 262, type: 3, values: [o.photometric ?? 1] },
    { tag: 277, type: 3, values: [spp] },
    { tag: 284, type: 3, values: [o.planar ?? 1] },
    { tag: 339, type: 3, values: Array<number>(spp).fill(o.sampleFormat ?? 1) },
  ];
  if (o.predictor) tags.push({ tag: 317, type: 3, values: [o.predictor] });
  if (o.tile)
    tags.push({ tag: 322, type: 3, values: [o.tile[0]] }, { tag: 323, type: 3, values: [o.tile[1]] });
  if (o.rowsPerStrip) tags.push({ tag: 278, type: 4, values: [o.rowsPerStrip] });
  if (o.description !== undefined) tags.push({ tag: 270, type: 2, values: o.description });
  return tags;
}
