/**
 * The byte layout shared by the binary transport's formats (binary-transport.ts): a header of magic,
 * format and counts, a table of class names, then typed arrays each starting at a multiple of 8 bytes,
 * so a reader takes views over the one buffer without copying. Little-endian throughout.
 */

export const pad8 = (n: number) => (n + 7) & ~7;
export const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The byte length of the class-name table, padded. */
function namesLength(names: readonly Uint8Array[]): number {
  return names.reduce((n, name) => n + 2 + name.length, 0);
}

/** Writes sections in order into one buffer; each typed array lands on its own alignment. */
export class Writer {
  readonly buffer: ArrayBuffer;
  readonly view: DataView;
  offset = 0;
  constructor(length: number) {
    this.buffer = new ArrayBuffer(length);
    this.view = new DataView(this.buffer);
  }
  header(magic: string, format: number, counts: readonly number[]) {
    for (let i = 0; i < 4; i++) this.view.setUint8(i, magic.charCodeAt(i));
    this.view.setUint32(4, format, true);
    counts.forEach((n, i) => this.view.setUint32(8 + i * 4, n, true));
    this.offset = 8 + counts.length * 4;
  }
  names(names: readonly Uint8Array[]) {
    for (const name of names) {
      this.view.setUint16(this.offset, name.length, true);
      new Uint8Array(this.buffer, this.offset + 2, name.length).set(name);
      this.offset += 2 + name.length;
    }
    this.offset = pad8(this.offset);
  }
  array<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(
    kind: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
    length: number,
  ): T {
    const array = new kind(this.buffer, this.offset, length);
    this.offset += length * kind.BYTES_PER_ELEMENT;
    this.offset = Math.ceil(this.offset / 8) * 8;
    return array;
  }
}

export function headerLength(counts: number, names: readonly Uint8Array[]) {
  return pad8(8 + counts * 4 + namesLength(names));
}
export const a8 = (bytes: number) => pad8(bytes);

/** Class names in first-seen order, and a lookup from name to index. */
export function classTable() {
  const names: string[] = [];
  const index = new Map<string, number>();
  return {
    names,
    indexOf(name: string) {
      let i = index.get(name);
      if (i === undefined) {
        i = names.length;
        if (i > 0xffff) throw new Error('More than 65,536 classes in one collection');
        names.push(name);
        index.set(name, i);
      }
      return i;
    },
  };
}

/** A typed array that doubles when full: markers arrive one at a time, their count unknown. */
export function grown<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(
  array: T,
  needed: number,
): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/** Reads the header and class names; answers the counts and where the arrays begin. */
export function readHead(buffer: ArrayBuffer, magic: string, format: number, counts: number) {
  const view = new DataView(buffer);
  const seen = String.fromCharCode(...new Uint8Array(buffer, 0, 4));
  if (seen !== magic || view.getUint32(4, true) !== format)
    throw new Error(`Not a ${magic} format ${format} buffer`);
  const values = Array.from({ length: counts }, (_, i) => view.getUint32(8 + i * 4, true));
  let offset = 8 + counts * 4;
  const classNames: string[] = [];
  for (let i = 0; i < values[1]!; i++) {
    const length = view.getUint16(offset, true);
    classNames.push(decoder.decode(new Uint8Array(buffer, offset + 2, length)));
    offset += 2 + length;
  }
  return { values, classNames, offset: pad8(offset) };
}

/** A reader over the arrays after the header, in the order they were written. */
export function reader(buffer: ArrayBuffer, start: number) {
  let offset = start;
  return <T>(
    kind: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
    length: number,
  ): T => {
    const array = new kind(buffer, offset, length);
    offset = pad8(offset + length * kind.BYTES_PER_ELEMENT);
    return array;
  };
}
