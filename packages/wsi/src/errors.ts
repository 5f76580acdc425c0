/**
 * Every failure the reader reports is a WsiError with a stable code, so callers (the slide service,
 * the import command, conversion jobs) can turn it into a 4xx answer or a failed job with a reason.
 * Anything else escaping the reader is a bug; the fuzz test holds us to that.
 */
export type WsiErrorCode =
  | 'not-tiff' // the file does not start with a TIFF/BigTIFF header
  | 'truncated' // a read went past the end of the file
  | 'corrupt' // structurally invalid: bad tag types, inconsistent counts, undecodable data
  | 'too-large' // a dimension, count or size is beyond what the reader accepts
  | 'ifd-loop' // an IFD chain or SubIFD tree points back at itself
  | 'unsupported' // valid TIFF, but a feature the reader does not implement (bit depth, sample format)
  | 'unsupported-compression' // compression recognised or unknown that the reader cannot serve
  | 'needs-openslide' // a format OpenSlide reads but this reader does not (JPEG 2000 SVS)
  | 'not-jpeg' // passthrough asked for a tile that is not stored as JPEG
  | 'tile-missing' // the file has no data for this tile (sparse file, byte count 0)
  | 'out-of-range'; // level, tile x/y, channel or z outside the slide

export class WsiError extends Error {
  override readonly name = 'WsiError';
  constructor(
    readonly code: WsiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isWsiError(error: unknown): error is WsiError {
  return error instanceof WsiError;
}
