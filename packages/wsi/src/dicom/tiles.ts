import { WsiError } from '../errors.ts';
import { listSegments } from '../jpeg/markers.ts';
import { buildStandaloneJpeg } from '../jpeg/passthrough.ts';
import type { RawTile } from '../slide.ts';
import type { DecodedTile, SampleArray } from '../tiff/decode.ts';
import type { SampleType } from '../tiff/image.ts';
import type { DicomInstance } from './instance.ts';

/** Where one tile of a slide plane lives: the instance, and the focal plane and optical path inside it. */
export interface DicomTileRef {
  instance: DicomInstance;
  z: number;
  path: number;
}

/*
 * RawTile carries TIFF codes so callers treat TIFF and DICOM tiles alike: DICOM photometric names and
 * transfer syntaxes are mapped to the TIFF Photometric and Compression values that mean the same thing
 * (0 when TIFF has no code for the encoding).
 */
const PHOTOMETRIC_CODES: Record<string, number> = {
  MONOCHROME1: 0,
  MONOCHROME2: 1,
  RGB: 2,
  'PALETTE COLOR': 3,
  YBR_FULL: 6,
  YBR_FULL_422: 6,
  YBR_ICT: 6,
  YBR_RCT: 6,
};
const COMPRESSION_CODES: Record<string, number> = { none: 1, deflate: 8, jpeg: 7, jpeg2000: 34712 };

/** The stored bytes of a tile's frame. Padded like every DICOM frame: edge frames are full Rows × Columns. */
export async function readRawTile(ref: DicomTileRef, x: number, y: number): Promise<RawTile> {
  const { instance } = ref;
  return {
    bytes: await readFrameOf(ref, x, y),
    compression: instance.syntax.compression,
    compressionCode: COMPRESSION_CODES[instance.syntax.compression] ?? 0,
    photometric: PHOTOMETRIC_CODES[instance.photometric] ?? -1,
    width: instance.tileWidth,
    height: instance.tileHeight,
  };
}

/**
 * A JPEG baseline frame as a standalone JPEG for the browser. DICOM frames already carry their tables; like
 * the TIFF path, an Adobe APP14 (transform 0) is added when the data are RGB-coded — Photometric RGB and no
 * JFIF marker. A JFIF APP0 declares YCbCr whatever the DICOM attribute says (pydicom-made files say RGB
 * over YCbCr JPEGs), and every decoder follows JFIF, so those frames are left alone. The entropy-coded
 * data are never touched; the even-length padding byte after EOI is dropped.
 */
export async function readJpegPassthrough(ref: DicomTileRef, x: number, y: number): Promise<Buffer> {
  const { instance } = ref;
  if (instance.syntax.compression !== 'jpeg') {
    if (instance.syntax.missing) throw unsupported(instance);
    throw new WsiError('not-jpeg', `Frames are stored as ${instance.syntax.name}, not JPEG`);
  }
  const frame = trimPadding(await readFrameOf(ref, x, y));
  const isRgb = instance.photometric === 'RGB' && !hasJfif(frame);
  return buildStandaloneJpeg(frame, { tables: undefined, isRgb });
}

/** Decodes a native (uncompressed) frame into interleaved samples, like the TIFF reader's decodeTile. */
export async function decodeTile(ref: DicomTileRef, x: number, y: number): Promise<DecodedTile> {
  const { instance } = ref;
  if (instance.syntax.compression !== 'none') {
    if (instance.syntax.missing) throw unsupported(instance);
    throw new WsiError(
      'unsupported-compression',
      `${instance.syntax.name} frames are served by passthrough, not decoded by the reader`,
    );
  }
  if (instance.photometric.startsWith('YBR') || instance.photometric === 'PALETTE COLOR') {
    throw new WsiError('unsupported', `Uncompressed ${instance.photometric} frames are not supported`);
  }
  const stored = await readFrameOf(ref, x, y);
  const samples = instance.samplesPerPixel;
  const pixels = instance.tileWidth * instance.tileHeight;
  const bytesPerSample = instance.bitsAllocated / 8;
  let bytes = stored;
  if (instance.planarConfiguration === 1 && samples > 1)
    bytes = interleave(stored, pixels, samples, bytesPerSample);
  const sampleType = sampleTypeOf(instance.bitsAllocated, instance.pixelRepresentation);
  return {
    width: instance.tileWidth,
    height: instance.tileHeight,
    samplesPerPixel: samples,
    sampleType,
    data: toSamples(bytes, sampleType),
  };
}

export function unsupported(instance: DicomInstance): WsiError {
  return new WsiError(
    'unsupported-compression',
    `DICOM frames in ${instance.syntax.name} (${instance.transferSyntaxUid}) cannot be served: the reader needs ${instance.syntax.missing}`,
  );
}

async function readFrameOf(ref: DicomTileRef, x: number, y: number): Promise<Buffer> {
  const frame = ref.instance.frameIndex(x, y, ref.z, ref.path);
  if (frame === undefined) throw new WsiError('tile-missing', `The file has no frame for tile (${x}, ${y})`);
  if (frame >= ref.instance.frameCount)
    throw new WsiError('corrupt', `Tile (${x}, ${y}) maps to frame ${frame} of ${ref.instance.frameCount}`);
  const bytes = await ref.instance.frames.readFrame(frame);
  if (bytes.length === 0) throw new WsiError('tile-missing', `Frame ${frame} is empty`);
  return bytes;
}

/** Fragments have even lengths, so an odd-length JPEG ends FF D9 00; the 00 is not part of the image. */
function trimPadding(frame: Buffer): Buffer {
  let end = frame.length;
  while (end > 2 && frame[end - 1] === 0 && !(frame[end - 2] === 0xff && frame[end - 1] === 0xd9)) end--;
  return end >= 2 && frame[end - 2] === 0xff && frame[end - 1] === 0xd9 ? frame.subarray(0, end) : frame;
}

function hasJfif(jpeg: Buffer): boolean {
  return listSegments(jpeg).some(
    (s) =>
      s.marker === 0xe0 && s.length >= 9 && jpeg.toString('latin1', s.offset + 4, s.offset + 9) === 'JFIF\0',
  );
}

function sampleTypeOf(bits: number, representation: number): SampleType {
  const signed = representation === 1;
  if (bits === 8) return signed ? 'int8' : 'uint8';
  if (bits === 16) return signed ? 'int16' : 'uint16';
  return signed ? 'int32' : 'uint32';
}

/** Copies little-endian samples into a typed array (the copy also aligns them). */
function toSamples(bytes: Buffer, type: SampleType): SampleArray {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  switch (type) {
    case 'uint8':
      return copy;
    case 'int8':
      return new Int8Array(copy.buffer);
    case 'uint16':
      return new Uint16Array(copy.buffer);
    case 'int16':
      return new Int16Array(copy.buffer);
    case 'uint32':
      return new Uint32Array(copy.buffer);
    default:
      return new Int32Array(copy.buffer);
  }
}

/** PlanarConfiguration 1 (all reds, then greens, then blues) → interleaved RGBRGB… */
function interleave(planar: Buffer, pixels: number, samples: number, bytesPerSample: number): Buffer {
  const out = Buffer.alloc(planar.length);
  for (let s = 0; s < samples; s++) {
    for (let p = 0; p < pixels; p++) {
      const from = (s * pixels + p) * bytesPerSample;
      const to = (p * samples + s) * bytesPerSample;
      planar.copy(out, to, from, from + bytesPerSample);
    }
  }
  return out;
}
