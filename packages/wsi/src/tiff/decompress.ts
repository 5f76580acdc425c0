import { inflate } from 'node:zlib';
import { decompress as zstdDecompress } from 'fzstd';
import { WsiError } from '../errors.ts';
import { Compression } from './constants.ts';
import { lzwDecode } from './lzw.ts';

/** What a TIFF compression code means to this reader. */
export function describeCompression(code: number): string {
  switch (code) {
    case Compression.None:
      return 'none';
    case Compression.LZW:
      return 'lzw';
    case Compression.JPEG:
      return 'jpeg';
    case Compression.OldJPEG:
      return 'old-jpeg';
    case Compression.AdobeDeflate:
    case Compression.Deflate:
      return 'deflate';
    case Compression.PackBits:
      return 'packbits';
    case Compression.Jpeg2000Aperio:
    case Compression.Jpeg2000AperioRgb:
      return 'jpeg2000';
    case Compression.Zstd:
      return 'zstd';
    default:
      return `unknown-${code}`;
  }
}

/**
 * Throws the reason a compression cannot be decoded here, for the codes that are recognised but not served.
 * JPEG is decoded by sharp in the tile service; JPEG 2000 SVS goes through OpenSlide.
 */
export function assertLosslessDecodable(code: number): void {
  switch (code) {
    case Compression.None:
    case Compression.LZW:
    case Compression.AdobeDeflate:
    case Compression.Deflate:
    case Compression.PackBits:
    case Compression.Zstd:
      return;
    case Compression.JPEG:
      throw new WsiError(
        'unsupported-compression',
        'JPEG tiles are not decoded by the reader: pass them through or decode them with sharp',
      );
    case Compression.OldJPEG:
      throw new WsiError('unsupported-compression', 'Old-style JPEG (TIFF compression 6) is not supported');
    case Compression.Jpeg2000Aperio:
    case Compression.Jpeg2000AperioRgb:
      throw new WsiError(
        'needs-openslide',
        `JPEG 2000 tiles (TIFF compression ${code}) are read through OpenSlide, not by the built-in reader`,
      );
    default:
      throw new WsiError('unsupported-compression', `TIFF compression ${code} is not supported`);
  }
}

/** Decompresses one chunk to exactly `expected` bytes; shorter output is corrupt, longer is refused. */
export async function decompressChunk(code: number, data: Buffer, expected: number): Promise<Buffer> {
  assertLosslessDecodable(code);
  switch (code) {
    case Compression.None:
      if (data.length < expected)
        throw new WsiError('corrupt', `Uncompressed tile has ${data.length} of ${expected} bytes`);
      return data.subarray(0, expected);
    case Compression.LZW:
      return lzwDecode(data, expected);
    case Compression.PackBits:
      return packBitsDecode(data, expected);
    case Compression.Zstd:
      return zstdBounded(data, expected);
    default:
      return inflateBounded(data, expected);
  }
}

function inflateBounded(data: Buffer, expected: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    inflate(data, { maxOutputLength: expected }, (error, result) => {
      if (error) {
        reject(
          new WsiError(
            'corrupt',
            `Deflate data cannot be decompressed (${(error as NodeJS.ErrnoException).code ?? 'zlib error'})`,
          ),
        );
      } else if (result.length < expected) {
        reject(new WsiError('corrupt', `Deflate data ended after ${result.length} of ${expected} bytes`));
      } else {
        resolve(result);
      }
    });
  });
}

/**
 * zstd (TIFF compression 50000, libtiff's and libvips' code) through fzstd, a pure-JavaScript decoder:
 * Node 20's zlib has none. The output goes into a buffer of the expected size, so a frame that claims to
 * hold more can neither grow memory nor spill over.
 */
function zstdBounded(data: Buffer, expected: number): Buffer {
  const out = Buffer.alloc(expected);
  try {
    zstdDecompress(data, out);
  } catch (error) {
    throw new WsiError('corrupt', `zstd data cannot be decompressed (${(error as Error).message})`);
  }
  return out;
}

/** PackBits (TIFF 6.0 §9): a run-length code common in older greyscale and label images. */
function packBitsDecode(data: Buffer, expected: number): Buffer {
  const out = Buffer.alloc(expected);
  let inPos = 0;
  let outPos = 0;
  while (outPos < expected && inPos < data.length) {
    const n = data.readInt8(inPos++);
    if (n >= 0) {
      const count = Math.min(n + 1, expected - outPos, data.length - inPos);
      data.copy(out, outPos, inPos, inPos + count);
      inPos += n + 1;
      outPos += count;
    } else if (n !== -128) {
      const count = Math.min(1 - n, expected - outPos);
      out.fill(data[inPos] ?? 0, outPos, outPos + count);
      inPos++;
      outPos += count;
    }
  }
  if (outPos < expected)
    throw new WsiError('corrupt', `PackBits data ended after ${outPos} of ${expected} bytes`);
  return out;
}
