import { WsiError } from '../errors.ts';

export interface JpegSegment {
  /** Marker code without the 0xFF prefix (0xDB = DQT, 0xC4 = DHT, 0xDA = SOS …). */
  marker: number;
  /** Offset of the 0xFF of the marker. */
  offset: number;
  /** Bytes of the whole segment, marker included. */
  length: number;
}

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const APP14 = 0xee;

/** Markers that stand alone, without a length field. */
function isStandalone(marker: number): boolean {
  return marker === SOI || marker === EOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/**
 * Lists the header segments of a JPEG (or of a TIFF JPEGTables stream) from SOI up to and including the
 * first SOS or EOI. Entropy-coded data after SOS is not walked: passthrough never needs to look inside it.
 */
export function listSegments(jpeg: Uint8Array): JpegSegment[] {
  if (jpeg.length < 2 || jpeg[0] !== 0xff || jpeg[1] !== SOI)
    throw new WsiError('corrupt', 'JPEG data does not start with SOI');
  const segments: JpegSegment[] = [{ marker: SOI, offset: 0, length: 2 }];
  let pos = 2;
  while (pos < jpeg.length) {
    if (jpeg[pos] !== 0xff) throw new WsiError('corrupt', `JPEG marker expected at byte ${pos}`);
    // Any number of 0xFF fill bytes may precede a marker.
    let markerPos = pos;
    while (markerPos + 1 < jpeg.length && jpeg[markerPos + 1] === 0xff) markerPos++;
    const marker = jpeg[markerPos + 1];
    if (marker === undefined) break;
    if (isStandalone(marker)) {
      segments.push({ marker, offset: markerPos, length: 2 });
      if (marker === EOI) return segments;
      pos = markerPos + 2;
      continue;
    }
    if (markerPos + 4 > jpeg.length) throw new WsiError('corrupt', 'JPEG segment header is truncated');
    const length = 2 + ((jpeg[markerPos + 2]! << 8) | jpeg[markerPos + 3]!);
    if (length < 4 || markerPos + length > jpeg.length)
      throw new WsiError('corrupt', `JPEG segment at ${markerPos} overruns the data`);
    segments.push({ marker, offset: markerPos, length });
    if (marker === SOS) return segments;
    pos = markerPos + length;
  }
  throw new WsiError('corrupt', 'JPEG header has no SOS or EOI');
}

/** True when the JPEG header already carries an Adobe APP14 segment. */
export function hasAdobeSegment(jpeg: Uint8Array, segments: JpegSegment[]): boolean {
  return segments.some(
    (s) =>
      s.marker === APP14 &&
      s.length >= 9 &&
      Buffer.from(jpeg.subarray(s.offset + 4, s.offset + 9)).toString('latin1') === 'Adobe',
  );
}
