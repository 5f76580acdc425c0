/**
 * What a pyramid is written with: the caller's options, checked and completed with their defaults, and
 * what they say in the file (its description, and the fingerprint a checkpoint is matched by).
 */
import { createHash, randomUUID } from 'node:crypto';
import { endianness } from 'node:os';
import { basename } from 'node:path';
import type { RgbColor } from '../formats/model.ts';
import { Limits } from '../tiff/constants.ts';
import { buildAperioDescription, buildOmeXml } from './descriptions.ts';

export interface PyramidWriterOptions {
  /** Level-0 size in pixels. */
  width: number;
  height: number;
  /** Square tile side, a multiple of 16 (JPEG MCUs); default 256 like libvips. */
  tileSize?: number;
  sampleType: 'uint8' | 'uint16';
  /** Samples per pixel of each channel's plane: 3 for RGB brightfield, 1 for fluorescence channels. */
  samplesPerPixel: 1 | 3;
  /** One entry per stored plane: one RGB channel for brightfield, one per fluorescence channel. */
  channels: { name: string; color?: RgbColor | null }[];
  /** 'jpeg' (YCbCr 4:2:0, RGB uint8 only) for brightfield, 'deflate' (predictor 2, lossless) for fluorescence. */
  compression: 'jpeg' | 'deflate';
  /** Default 85: the quality vips and the benchmarks use. */
  jpegQuality?: number;
  /** zlib level, default 6 (zlib's own default: a good size/speed balance for uint16 tiles). */
  deflateLevel?: number;
  /**
   * 'subifd' (default): OME-TIFF convention, reduced levels are SubIFDs of each channel's IFD; QuPath
   * (Bio-Formats), libvips and our reader see the pyramid. 'chain': levels as successive IFDs with an
   * Aperio-style description, for OpenSlide 3.4.1 and iipsrv, which ignore SubIFDs; one channel only.
   */
  layout?: 'subifd' | 'chain';
  metersPerPixel?: { x: number; y: number } | null;
  magnification?: number | null;
  /** Image name in the metadata; default the file name. */
  name?: string;
  /** OME UUID; default random. Pass one derived from the content for byte-identical reruns. */
  uuid?: string;
  /** Tiles being encoded at once (sharp and zlib run on the libuv pool); default 4. */
  maxInFlight?: number;
  /**
   * Levels whose JPEG tiles are copied from a source file instead of encoded (appendEncoded): each
   * source IFD's JPEGTables and Photometric go into our IFD of that level, so the copied tiles decode as
   * before.
   */
  copiedJpeg?: CopiedJpegLevel[];
}

export interface CopiedJpegLevel {
  level: number;
  tables: Buffer | undefined;
  photometric: number;
}

/** The options with every default filled in (validateOptions). */
export type ResolvedWriterOptions = Required<PyramidWriterOptions>;

export function validateOptions(path: string, o: PyramidWriterOptions): ResolvedWriterOptions {
  if (endianness() !== 'LE') throw new Error('The pyramid writer needs a little-endian platform');
  const tileSize = o.tileSize ?? 256;
  const isSize = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!isSize(o.width, Limits.maxDimension) || !isSize(o.height, Limits.maxDimension))
    throw new RangeError(`Image size ${o.width}×${o.height} is not accepted`);
  if (!isSize(tileSize, 4096) || tileSize % 16 !== 0)
    throw new RangeError(`Tile size ${tileSize} must be a multiple of 16 up to 4096`);
  if (o.channels.length < 1 || o.channels.length > Limits.maxSamplesPerPixel)
    throw new RangeError('A pyramid needs 1 to 64 channels');
  if (
    o.compression === 'jpeg' &&
    (o.sampleType !== 'uint8' || o.samplesPerPixel !== 3 || o.channels.length !== 1)
  ) {
    throw new RangeError('JPEG tiles need one RGB uint8 channel');
  }
  const layout = o.layout ?? 'subifd';
  if (layout === 'chain' && o.channels.length !== 1)
    throw new RangeError("The 'chain' layout holds one channel only");
  const jpegQuality = o.jpegQuality ?? 85;
  if (!isSize(jpegQuality, 100)) throw new RangeError(`JPEG quality ${jpegQuality} must be 1 to 100`);
  const deflateLevel = o.deflateLevel ?? 6;
  if (!Number.isInteger(deflateLevel) || deflateLevel < 0 || deflateLevel > 9)
    throw new RangeError('Deflate level must be 0 to 9');
  const mpp = o.metersPerPixel ?? null;
  if (mpp && !(mpp.x > 0 && mpp.y > 0 && Number.isFinite(mpp.x) && Number.isFinite(mpp.y)))
    throw new RangeError('metersPerPixel must be positive');
  return {
    width: o.width,
    height: o.height,
    tileSize,
    sampleType: o.sampleType,
    samplesPerPixel: o.samplesPerPixel,
    channels: o.channels,
    compression: o.compression,
    jpegQuality,
    deflateLevel,
    layout,
    metersPerPixel: mpp,
    magnification: o.magnification ?? null,
    name: o.name ?? basename(path),
    uuid: o.uuid ?? randomUUID(),
    maxInFlight: Math.max(1, o.maxInFlight ?? 4),
    copiedJpeg: o.copiedJpeg ?? [],
  };
}

/** Identifies the pyramid a checkpoint belongs to: every option that shapes the file's bytes but the uuid. */
export function fingerprintOf(o: ResolvedWriterOptions): string {
  const { maxInFlight: _, uuid: __, copiedJpeg, ...shape } = o;
  const copied = copiedJpeg.map((c) => ({ ...c, tables: c.tables?.toString('base64') ?? null }));
  return createHash('sha256')
    .update(JSON.stringify({ format: 1, ...shape, copied }))
    .digest('hex');
}

/** Level-0 planes handed to writeTile: one full tile per channel, of the pyramid's sample type. */
export function checkPlanes(o: ResolvedWriterOptions, planes: readonly (Uint8Array | Uint16Array)[]): void {
  const samples = o.tileSize * o.tileSize * o.samplesPerPixel;
  if (planes.length !== o.channels.length)
    throw new RangeError(`Expected ${o.channels.length} planes, got ${planes.length}`);
  for (const plane of planes) {
    const isRightType =
      o.sampleType === 'uint16' ? plane instanceof Uint16Array : plane instanceof Uint8Array;
    if (!isRightType || plane.length !== samples)
      throw new RangeError(`Each plane must be a ${o.sampleType} array of ${samples} samples`);
  }
}

/** What the image description (OME-XML or Aperio) says of the pyramid. */
function describedImage(o: ResolvedWriterOptions) {
  return {
    name: o.name,
    uuid: o.uuid,
    width: o.width,
    height: o.height,
    sampleType: o.sampleType,
    samplesPerPixel: o.samplesPerPixel,
    channels: o.channels.map((c) => ({ name: c.name, color: c.color ?? null })),
    metersPerPixel: o.metersPerPixel,
    magnification: o.magnification,
  };
}

/** The ImageDescription of the first IFD: Aperio's for the 'chain' layout, OME-XML otherwise. */
function descriptionOf(o: ResolvedWriterOptions): string {
  return o.layout === 'chain'
    ? buildAperioDescription(describedImage(o), o.tileSize, o.jpegQuality)
    : buildOmeXml(describedImage(o));
}

/** What the directories say of every level, from the options (directories.ts buildDirectories). */
export function directoryOptions(o: ResolvedWriterOptions) {
  return {
    layout: o.layout,
    tileSize: o.tileSize,
    sampleType: o.sampleType,
    samplesPerPixel: o.samplesPerPixel,
    compression: o.compression,
    channelCount: o.channels.length,
    description: descriptionOf(o),
    metersPerPixel: o.metersPerPixel,
    copiedJpeg: o.copiedJpeg,
  };
}
