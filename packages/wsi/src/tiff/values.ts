import { WsiError } from '../errors.ts';
import { FIELD_TYPE_SIZE, FieldType } from './constants.ts';

/** Reads one numeric value of a TIFF field type; rationals become a float, 64-bit values a safe integer. */
export function readNumber(buf: Buffer, pos: number, type: number, littleEndian: boolean): number {
  const le = littleEndian;
  switch (type) {
    case FieldType.BYTE:
    case FieldType.UNDEFINED:
    case FieldType.ASCII:
      return buf.readUInt8(pos);
    case FieldType.SBYTE:
      return buf.readInt8(pos);
    case FieldType.SHORT:
      return le ? buf.readUInt16LE(pos) : buf.readUInt16BE(pos);
    case FieldType.SSHORT:
      return le ? buf.readInt16LE(pos) : buf.readInt16BE(pos);
    case FieldType.LONG:
    case FieldType.IFD:
      return le ? buf.readUInt32LE(pos) : buf.readUInt32BE(pos);
    case FieldType.SLONG:
      return le ? buf.readInt32LE(pos) : buf.readInt32BE(pos);
    case FieldType.RATIONAL: {
      const num = le ? buf.readUInt32LE(pos) : buf.readUInt32BE(pos);
      const den = le ? buf.readUInt32LE(pos + 4) : buf.readUInt32BE(pos + 4);
      return den === 0 ? 0 : num / den;
    }
    case FieldType.SRATIONAL: {
      const num = le ? buf.readInt32LE(pos) : buf.readInt32BE(pos);
      const den = le ? buf.readInt32LE(pos + 4) : buf.readInt32BE(pos + 4);
      return den === 0 ? 0 : num / den;
    }
    case FieldType.FLOAT:
      return le ? buf.readFloatLE(pos) : buf.readFloatBE(pos);
    case FieldType.DOUBLE:
      return le ? buf.readDoubleLE(pos) : buf.readDoubleBE(pos);
    case FieldType.LONG8:
    case FieldType.IFD8:
      return toSafe(le ? buf.readBigUInt64LE(pos) : buf.readBigUInt64BE(pos));
    case FieldType.SLONG8:
      return toSafe(le ? buf.readBigInt64LE(pos) : buf.readBigInt64BE(pos));
    default:
      throw new WsiError('corrupt', `Unknown TIFF field type ${type}`);
  }
}

function toSafe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new WsiError('too-large', `64-bit TIFF value ${value} is beyond the supported range`);
  }
  return Number(value);
}

export function fieldTypeSize(type: number): number {
  return FIELD_TYPE_SIZE[type] ?? 0;
}

/** True for the types that hold integers usable as offsets, counts and sizes. */
export function isIntegerType(type: number): boolean {
  return (
    type === FieldType.BYTE ||
    type === FieldType.SHORT ||
    type === FieldType.LONG ||
    type === FieldType.IFD ||
    type === FieldType.LONG8 ||
    type === FieldType.IFD8 ||
    type === FieldType.UNDEFINED
  );
}

export function decodeAll(buf: Buffer, type: number, count: number, littleEndian: boolean): number[] {
  const size = fieldTypeSize(type);
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = readNumber(buf, i * size, type, littleEndian);
  return out;
}
