/**
 * The content address of an image (DESIGN §5, spec 1 §7 "A file checksum uses SHA-256 over the first and
 * last 5 MiB"): SHA-256 over the bytes of `checksumRanges(size)`, in order, followed by the file size as a
 * decimal ASCII string. Reading only the edges keeps hashing a 10 GB slide as quick as a 10 MB one; the
 * size tells apart files whose edges happen to agree. Browser uploads and the server's import must hash
 * the same bytes, so the rule lives here and both sides call it.
 */

/** 5 MiB: how much of each end of a file goes into its checksum. */
export const CHECKSUM_EDGE_BYTES = 5_242_880;

/** A half-open byte range [start, end) of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The byte ranges to hash for a file of `size` bytes: the first and last 5 MiB. When they would touch or
 * overlap (files of at most 10 MiB), the whole file once, so no byte is hashed twice.
 */
export function checksumRanges(size: number): ByteRange[] {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid file size ${size}`);
  if (size <= 2 * CHECKSUM_EDGE_BYTES) return size === 0 ? [] : [{ start: 0, end: size }];
  return [
    { start: 0, end: CHECKSUM_EDGE_BYTES },
    { start: size - CHECKSUM_EDGE_BYTES, end: size },
  ];
}

/** What is appended after the ranges' bytes: the size in decimal, e.g. "1938955". */
export function checksumSizeSuffix(size: number): string {
  return String(size);
}

/** A checksum as the API carries it: 64 lowercase hex characters. */
export const CHECKSUM_PATTERN = /^[0-9a-f]{64}$/;

export function isChecksum(value: string): boolean {
  return CHECKSUM_PATTERN.test(value);
}
