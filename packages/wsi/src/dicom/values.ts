import type { DataSet, Element } from 'dicom-parser';
import { WsiError } from '../errors.ts';

/*
 * Typed reads of data set values with the bounds checks dicom-parser leaves out: its accessors read past
 * the buffer or index past a value list with a thrown string or a TypeError. Here a value that does not
 * fit its element is a WsiError('corrupt'); a missing or empty value is undefined.
 */

function elementOf(ds: DataSet, tag: string, minLength = 1): Element | undefined {
  const element = ds.elements[tag];
  if (!element || element.length === 0 || element.length === 0xffffffff) return undefined;
  if (
    element.length < minLength ||
    element.dataOffset < 0 ||
    element.dataOffset + element.length > ds.byteArray.length
  ) {
    throw new WsiError(
      'corrupt',
      `DICOM element (${tag.slice(1, 5)},${tag.slice(5)}) does not fit in the data set`,
    );
  }
  return element;
}

/** A whole string value (AE, CS, SH, LO, UI, IS, DS, LT …), padding spaces and NULs removed. */
export function readString(ds: DataSet, tag: string): string | undefined {
  const element = elementOf(ds, tag);
  if (!element) return undefined;
  const value = Buffer.from(
    ds.byteArray.buffer,
    ds.byteArray.byteOffset + element.dataOffset,
    element.length,
  ).toString('latin1');
  // eslint-disable-next-line no-control-regex
  const trimmed = value.replace(/[\s\u0000]+$/, '').replace(/^\s+/, '');
  return trimmed.length > 0 ? trimmed : undefined;
}

/** The values of a multi-valued string (backslash-separated). */
export function readStrings(ds: DataSet, tag: string): string[] {
  const value = readString(ds, tag);
  return value === undefined ? [] : value.split('\\').map((v) => v.trim());
}

/** A DS or IS value list as numbers; values that are not numbers are dropped. */
export function readNumbers(ds: DataSet, tag: string): number[] {
  return readStrings(ds, tag)
    .map((v) => Number(v))
    .filter((v) => Number.isFinite(v));
}

export function readUint16(ds: DataSet, tag: string): number | undefined {
  const element = elementOf(ds, tag, 2);
  return element ? ds.byteArrayParser.readUint16(ds.byteArray, element.dataOffset) : undefined;
}

export function readUint32(ds: DataSet, tag: string): number | undefined {
  const element = elementOf(ds, tag, 4);
  return element ? ds.byteArrayParser.readUint32(ds.byteArray, element.dataOffset) : undefined;
}

export function readInt32(ds: DataSet, tag: string): number | undefined {
  const element = elementOf(ds, tag, 4);
  return element ? ds.byteArrayParser.readInt32(ds.byteArray, element.dataOffset) : undefined;
}

/** The 64-bit unsigned values of an OV element (Extended Offset Table), as safe integers. */
export function readUint64s(ds: DataSet, tag: string): number[] | undefined {
  const element = elementOf(ds, tag, 8);
  if (!element) return undefined;
  if (element.length % 8 !== 0)
    throw new WsiError('corrupt', `DICOM element ${tag} length ${element.length} is not a multiple of 8`);
  const bytes = Buffer.from(
    ds.byteArray.buffer,
    ds.byteArray.byteOffset + element.dataOffset,
    element.length,
  );
  const values: number[] = [];
  for (let pos = 0; pos < bytes.length; pos += 8) {
    const value = bytes.readBigUInt64LE(pos);
    if (value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new WsiError('corrupt', 'Extended Offset Table value out of range');
    values.push(Number(value));
  }
  return values;
}

/** The raw bytes of an element (ICC profile), copied out of the header buffer. */
export function readBytes(ds: DataSet, tag: string): Buffer | undefined {
  const element = elementOf(ds, tag);
  return element
    ? Buffer.from(ds.byteArray.subarray(element.dataOffset, element.dataOffset + element.length))
    : undefined;
}

/** The data sets of a sequence's items (empty when absent). */
export function readItems(ds: DataSet, tag: string): DataSet[] {
  const items = ds.elements[tag]?.items ?? [];
  return items.flatMap((item) => (item.dataSet ? [item.dataSet] : []));
}

/** The first item of a sequence, or of the first of several nested sequences: `firstItem(ds, a, b)` = ds.a[0].b[0]. */
export function firstItem(ds: DataSet | undefined, ...tags: string[]): DataSet | undefined {
  let current = ds;
  for (const tag of tags) current = current ? readItems(current, tag)[0] : undefined;
  return current;
}
