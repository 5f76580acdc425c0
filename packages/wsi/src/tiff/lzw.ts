import { WsiError } from '../errors.ts';

const CLEAR = 256;
const END = 257;
const FIRST_FREE = 258;
const MAX_CODES = 4096;

/**
 * TIFF LZW (TIFF 6.0 §13): MSB-first codes of 9–12 bits with "early change" (the code width grows one code
 * before the table fills). Output is written into a buffer of exactly `expected` bytes, so a corrupt
 * stream can never make it grow; a stream that ends early is reported as corrupt.
 */
export function lzwDecode(input: Uint8Array, expected: number): Buffer {
  if (input.length >= 2 && input[0] === 0 && (input[1]! & 1) === 1) {
    throw new WsiError('unsupported-compression', 'Old-style (pre-TIFF 6.0) LZW is not supported');
  }
  const out = Buffer.alloc(expected);
  const prefix = new Int16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  const totalBits = input.length * 8;
  let bitPos = 0;
  let width = 9;
  let next = FIRST_FREE;
  let previous = -1;
  let outPos = 0;

  const write = (code: number): void => {
    const len = length[code]!;
    let c = code;
    for (let i = len - 1; i >= 0; i--) {
      if (outPos + i < expected) out[outPos + i] = suffix[c]!;
      c = prefix[c]!;
    }
    outPos += len;
  };

  while (outPos < expected && bitPos + width <= totalBits) {
    const byte = bitPos >>> 3;
    const window = (input[byte]! << 16) | ((input[byte + 1] ?? 0) << 8) | (input[byte + 2] ?? 0);
    const code = (window >>> (24 - (bitPos & 7) - width)) & ((1 << width) - 1);
    bitPos += width;
    if (code === END) break;
    if (code === CLEAR) {
      width = 9;
      next = FIRST_FREE;
      previous = -1;
      continue;
    }
    if (previous === -1) {
      if (code > 255) throw new WsiError('corrupt', 'LZW stream starts with an undefined code');
      write(code);
      previous = code;
      continue;
    }
    let added: number;
    // code === next is the KwKwK case: the code names the entry this very step adds.
    const isNewEntry = code === next;
    if (code < next) {
      write(code);
      added = first[code]!;
    } else if (isNewEntry) {
      added = first[previous]!;
    } else {
      throw new WsiError('corrupt', `LZW code ${code} is not in the table`);
    }
    if (next < MAX_CODES) {
      prefix[next] = previous;
      suffix[next] = added;
      first[next] = first[previous]!;
      length[next] = length[previous]! + 1;
      next++;
    }
    if (isNewEntry) write(code);
    if (next + 1 >= 1 << width && width < 12) width++;
    previous = code;
  }
  if (outPos < expected) throw new WsiError('corrupt', `LZW data ended after ${outPos} of ${expected} bytes`);
  return out;
}
