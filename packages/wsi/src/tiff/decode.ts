import { WsiError } from '../errors.ts';
import { Limits, Photometric } from './constants.ts';
import { decompressChunk } from './decompress.ts';
import type { SampleType, TiffImage } from './image.ts';

export type SampleArray =
  | Uint8Array
  | Int8Array
  | Uint16Array
  | Int16Array
  | Uint32Array
  | Int32Array
  | Float32Array
  | Float64Array;

/** A decoded tile: `width × height` pixels of `samplesPerPixel` interleaved samples, row by row. */
export interface DecodedTile {
  width: number;
  height: number;
  samplesPerPixel: number;
  sampleType: SampleType;
  data: SampleArray;
}

/**
 * Decodes one lossless chunk (tile or strip, one plane) into typed samples: decompression, byte order and
 * predictors 2 (horizontal) and 3 (floating point). Tiles keep their padding: a 256² edge tile of a
 * 1000-px-wide image is still 256 wide. A sparse chunk (byte count 0) decodes to zeros.
 */
export async function decodeChunk(
  image: TiffImage,
  x: number,
  y: number,
  plane: number,
): Promise<DecodedTile> {
  const index = image.chunkIndex(x, y, plane);
  const sampleType = image.sampleType;
  if (!sampleType) {
    throw new WsiError(
      'unsupported',
      `Samples of ${image.bitsPerSample} bits with SampleFormat ${image.sampleFormat} are not supported`,
    );
  }
  if (image.photometric === Photometric.YCbCr && image.compression !== 7) {
    throw new WsiError('unsupported', 'Uncompressed or lossless YCbCr images are not supported');
  }
  const width = image.tileWidth;
  const height = image.chunkRows(y);
  const samples = image.planarConfiguration === 2 ? 1 : image.samplesPerPixel;
  const bytesPerSample = image.bitsPerSample / 8;
  const expected = width * height * samples * bytesPerSample;
  if (expected > Limits.maxDecodedBytes)
    throw new WsiError('too-large', `Decoded tile would be ${expected} bytes`);
  const stored = await image.readChunk(index);
  let bytes: Buffer;
  if (stored.length === 0) {
    bytes = Buffer.alloc(expected);
  } else {
    // Copy: the predictors work in place and the stored bytes may be a view on a shared cache block.
    bytes = Buffer.from(await decompressChunk(image.compression, stored, expected));
  }
  let littleEndian = image.ifd.littleEndian;
  if (stored.length > 0 && image.predictor === 3) {
    if (!sampleType.startsWith('float'))
      throw new WsiError('corrupt', 'Floating-point predictor on integer samples');
    bytes = undoFloatPredictor(bytes, width, height, samples, bytesPerSample);
    littleEndian = false; // the predictor stores each value most significant byte first
  }
  const data = toSampleArray(bytes, sampleType, littleEndian);
  if (stored.length > 0 && image.predictor === 2) {
    if (sampleType.startsWith('float'))
      throw new WsiError('corrupt', 'Horizontal predictor on floating-point samples');
    undoHorizontalPredictor(data, width, height, samples);
  } else if (image.predictor !== 1 && image.predictor !== 2 && image.predictor !== 3) {
    throw new WsiError('unsupported', `Predictor ${image.predictor} is not supported`);
  }
  return { width, height, samplesPerPixel: samples, sampleType, data };
}

function toSampleArray(bytes: Buffer, type: SampleType, littleEndian: boolean): SampleArray {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case 'uint8':
      return new Uint8Array(bytes);
    case 'int8':
      return new Int8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    case 'uint16':
      return fill(new Uint16Array(bytes.length / 2), (i) => view.getUint16(i * 2, littleEndian));
    case 'int16':
      return fill(new Int16Array(bytes.length / 2), (i) => view.getInt16(i * 2, littleEndian));
    case 'uint32':
      return fill(new Uint32Array(bytes.length / 4), (i) => view.getUint32(i * 4, littleEndian));
    case 'int32':
      return fill(new Int32Array(bytes.length / 4), (i) => view.getInt32(i * 4, littleEndian));
    case 'float32':
      return fill(new Float32Array(bytes.length / 4), (i) => view.getFloat32(i * 4, littleEndian));
    case 'float64':
      return fill(new Float64Array(bytes.length / 8), (i) => view.getFloat64(i * 8, littleEndian));
  }
}

function fill<T extends SampleArray>(array: T, at: (i: number) => number): T {
  for (let i = 0; i < array.length; i++) array[i] = at(i);
  return array;
}

/** Predictor 2: each sample was stored as the difference to the same sample of the previous pixel. */
function undoHorizontalPredictor(data: SampleArray, width: number, height: number, samples: number): void {
  const rowLength = width * samples;
  for (let row = 0; row < height; row++) {
    const start = row * rowLength;
    // Typed arrays wrap on assignment, which is exactly the modular arithmetic the predictor needs.
    for (let i = start + samples; i < start + rowLength; i++)
      data[i] = (data[i] as number) + (data[i - samples] as number);
  }
}

/**
 * Predictor 3 (Adobe TIFF Technical Note 3): per row, the bytes of every value were split into byte planes
 * (most significant first) and then byte-differenced. Undo both; the result is big-endian values.
 */
function undoFloatPredictor(
  bytes: Buffer,
  width: number,
  height: number,
  samples: number,
  bytesPerSample: number,
): Buffer {
  const rowValues = width * samples;
  const rowBytes = rowValues * bytesPerSample;
  const out = Buffer.alloc(bytes.length);
  for (let row = 0; row < height; row++) {
    const start = row * rowBytes;
    for (let i = start + samples; i < start + rowBytes; i++)
      bytes[i] = (bytes[i]! + bytes[i - samples]!) & 0xff;
    for (let value = 0; value < rowValues; value++) {
      for (let b = 0; b < bytesPerSample; b++) {
        out[start + value * bytesPerSample + b] = bytes[start + b * rowValues + value]!;
      }
    }
  }
  return out;
}
