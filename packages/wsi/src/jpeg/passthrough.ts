import { WsiError } from '../errors.ts';
import { EOI, hasAdobeSegment, listSegments, SOS } from './markers.ts';

/**
 * Adobe APP14 with transform 0: tells decoders the three components are RGB, not YCbCr. Aperio writes
 * RGB-coded JPEG tiles with component ids 0,1,2, which libjpeg and browsers otherwise take for YCbCr and
 * decode with wrong colours (measured in research/spikes.md §3).
 */
export const ADOBE_APP14_RGB = Buffer.from([
  0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00,
]);

const SOI_BYTES = Buffer.from([0xff, 0xd8]);
const EOI_BYTES = Buffer.from([0xff, 0xd9]);

export interface PassthroughOptions {
  /** JPEGTables of the IFD (tag 347), or undefined when the tile carries its own tables. */
  tables: Buffer | undefined;
  /** True when the TIFF's Photometric is RGB (2): the tile's components are RGB and need APP14. */
  isRgb: boolean;
}

/**
 * Builds a standalone JPEG from an abbreviated TIFF JPEG tile without decoding it:
 * SOI, [APP14 Adobe], the table segments of JPEGTables (its own SOI and EOI dropped), then the tile after its
 * SOI. The entropy-coded data is byte-identical to the file, so the pixels are exactly the stored ones.
 */
export function buildStandaloneJpeg(tile: Buffer, options: PassthroughOptions): Buffer {
  const tileSegments = listSegments(tile);
  if (!tileSegments.some((s) => s.marker === SOS))
    throw new WsiError('corrupt', 'JPEG tile has no image data (SOS)');
  const parts: Buffer[] = [SOI_BYTES];
  if (options.isRgb && !hasAdobeSegment(tile, tileSegments)) parts.push(ADOBE_APP14_RGB);
  if (options.tables) parts.push(tableSegments(options.tables));
  parts.push(tile.subarray(2));
  // A tile cut short of its EOI still decodes in every browser once EOI is there; tiles that have it are untouched.
  if (tile.length < 4 || tile[tile.length - 2] !== 0xff || tile[tile.length - 1] !== EOI)
    parts.push(EOI_BYTES);
  return Buffer.concat(parts);
}

/** The segments between the SOI and EOI of a JPEGTables stream (normally DQT and DHT). */
export function tableSegments(tables: Buffer): Buffer {
  const segments = listSegments(tables);
  const last = segments[segments.length - 1]!;
  if (last.marker !== EOI)
    throw new WsiError('corrupt', 'JPEGTables contain image data instead of only tables');
  return tables.subarray(2, last.offset);
}
