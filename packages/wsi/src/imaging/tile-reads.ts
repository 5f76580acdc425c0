/**
 * Tile reads of the readers that keep tiles as the file stores them (the TIFF family, DICOM): stored bytes
 * as they are, RGB and channel samples decoded from them (JPEG by the one decoder, the rest by the reader).
 */
import { WsiError } from '../errors.ts';
import type { DecodedTile } from '../tiff/decode.ts';
import { decodeJpeg } from './jpeg-decode.ts';
import type { AnySlideInfo, RgbTile, TileRead, TileReads } from './slide-interface.ts';

/** What the TIFF and DICOM readers both have. */
export interface ChunkedReader {
  readonly info: AnySlideInfo;
  readJpegTilePassthrough(level: number, x: number, y: number, channel?: number, z?: number): Promise<Buffer>;
  readRawTile(level: number, x: number, y: number, channel?: number, z?: number): Promise<{ bytes: Buffer }>;
  decodeTile(level: number, x: number, y: number, channel?: number, z?: number): Promise<DecodedTile>;
}

export function readChunkedTile<K extends TileRead>(
  reader: ChunkedReader,
  as: K,
  level: number,
  x: number,
  y: number,
  channel = 0,
  z = 0,
): Promise<TileReads[K]> {
  // Casts, here only: TypeScript does not narrow a generic K by comparing it. Stored bytes — every
  // passthrough tile, the hot path — are the reader's own promise, with no async layer of ours around it.
  if (as === 'passthrough')
    return reader.readJpegTilePassthrough(level, x, y, channel, z) as Promise<TileReads[K]>;
  return readAs(reader, as as Exclude<TileRead, 'passthrough'>, level, x, y, channel, z) as Promise<
    TileReads[K]
  >;
}

async function readAs(
  reader: ChunkedReader,
  as: Exclude<TileRead, 'passthrough'>,
  level: number,
  x: number,
  y: number,
  channel: number,
  z: number,
): Promise<TileReads[TileRead]> {
  if (as === 'raw') return (await reader.readRawTile(level, x, y, channel, z)).bytes;
  const isJpeg = reader.info.levels[level]?.compression === 'jpeg';
  if (as === 'rgb') {
    if (isJpeg) return samplesToRgb(await decodeJpeg(await reader.readJpegTilePassthrough(level, x, y), 3));
    return samplesToRgb(await reader.decodeTile(level, x, y));
  }
  if (!isJpeg) return reader.decodeTile(level, x, y, channel, z);
  const bands = reader.info.channels[channel]?.samplesPerPixel === 1 ? 1 : 3;
  return decodeJpeg(await reader.readJpegTilePassthrough(level, x, y, channel, z), bands);
}

/** 8-bit grey or RGB samples as RGB (grey replicated); other samples are not brightfield pixels. */
export function samplesToRgb(decoded: DecodedTile): RgbTile {
  const { width, height, samplesPerPixel: spp } = decoded;
  if (decoded.sampleType !== 'uint8' || (spp !== 3 && spp !== 1))
    throw new WsiError('unsupported', `${spp} × ${decoded.sampleType} samples are not RGB`);
  const samples = decoded.data as Uint8Array;
  if (spp === 3) return { rgb: samples, width, height };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = samples[i]!;
  return { rgb, width, height };
}
