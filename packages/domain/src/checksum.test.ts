import { describe, expect, it } from 'vitest';
import { CHECKSUM_EDGE_BYTES, checksumRanges, checksumSizeSuffix, isChecksum } from './checksum.ts';

describe('checksumRanges', () => {
  it('hashes a small file whole, once', () => {
    expect(checksumRanges(0)).toEqual([]);
    expect(checksumRanges(1)).toEqual([{ start: 0, end: 1 }]);
    expect(checksumRanges(2 * CHECKSUM_EDGE_BYTES)).toEqual([{ start: 0, end: 2 * CHECKSUM_EDGE_BYTES }]);
  });

  it('hashes the first and last 5 MiB of a larger file', () => {
    const size = 2 * CHECKSUM_EDGE_BYTES + 1;
    expect(checksumRanges(size)).toEqual([
      { start: 0, end: 5_242_880 },
      { start: size - 5_242_880, end: size },
    ]);
    const big = 10 ** 10;
    expect(checksumRanges(big)[1]).toEqual({ start: big - 5_242_880, end: big });
  });

  it('refuses sizes that are not byte counts', () => {
    expect(() => checksumRanges(-1)).toThrow(RangeError);
    expect(() => checksumRanges(1.5)).toThrow(RangeError);
  });

  it('appends the size in decimal and recognises checksums', () => {
    expect(checksumSizeSuffix(1938955)).toBe('1938955');
    expect(isChecksum('a'.repeat(64))).toBe(true);
    expect(isChecksum('A'.repeat(64))).toBe(false);
    expect(isChecksum('a'.repeat(63))).toBe(false);
  });
});
