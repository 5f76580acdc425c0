/**
 * iccApply (spec 2 §7): a tile's pixels are in the scanner's colour space, described by the slide's ICC
 * profile; converting means an ICC transform from that profile to sRGB. sharp (libvips, lcms2) transforms
 * from an image's *embedded* profile, and raw pixels carry none, so the tile is first written as an
 * uncompressed PNG with the slide's profile in an iCCP chunk, then read back and transformed to sRGB.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const PNG_SIGNATURE_LENGTH = 8;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Inserts an iCCP chunk after IHDR (the PNG spec wants it before PLTE and IDAT). */
export function embedIccInPng(png: Buffer, icc: Buffer): Buffer {
  const ihdrEnd = PNG_SIGNATURE_LENGTH + 8 + png.readUInt32BE(PNG_SIGNATURE_LENGTH) + 4;
  // Profile name, NUL, compression method 0 (zlib), compressed profile.
  const iccp = pngChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(icc)]));
  return Buffer.concat([png.subarray(0, ihdrEnd), iccp, png.subarray(ihdrEnd)]);
}

/**
 * sharp swallows a profile lcms2 rejects (it warns and leaves the pixels as they are), so a profile is
 * checked before use: its header must be an RGB input or display profile of the size it declares.
 */
export function isUsableRgbProfile(icc: Buffer): boolean {
  if (icc.length < 132 || icc.readUInt32BE(0) !== icc.length) return false;
  const deviceClass = icc.toString('latin1', 12, 16);
  return (
    icc.toString('latin1', 36, 40) === 'acsp' &&
    icc.toString('latin1', 16, 20) === 'RGB ' &&
    (deviceClass === 'mntr' || deviceClass === 'scnr')
  );
}

/**
 * RGB pixels (width × height × 3) in the profile's colour space, transformed to sRGB. Throws when lcms2
 * rejects the profile; the caller answers that as 'ICC conversion is not available'.
 */
export async function convertToSrgb(
  rgb: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  icc: Buffer,
): Promise<Buffer> {
  const png = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const { data, info } = await sharp(embedIccInPng(png, icc))
    .withIccProfile('srgb', { attach: false })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 3) {
    throw new Error(`ICC transform gave ${info.width}×${info.height}×${info.channels}`);
  }
  return data;
}
