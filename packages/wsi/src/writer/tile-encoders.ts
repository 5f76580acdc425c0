import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import sharp from 'sharp';
import { EOI, listSegments, SOS } from '../jpeg/markers.ts';

const deflateAsync = promisify(deflate);

const DQT = 0xdb;
const DHT = 0xc4;
const SOF0 = 0xc0;
const SOF2 = 0xc2;
const DRI = 0xdd;

/**
 * JPEG tiles the way libvips (through libtiff) writes them: the quantization and Huffman tables once per
 * IFD in JPEGTables, each tile an abbreviated stream of SOI, SOF, SOS, data, EOI. Standard Huffman tables
 * (`optimiseCoding: false`) make every tile's tables identical, which is what lets them be shared; a tile
 * whose tables nevertheless differ keeps them (tables inside a tile override JPEGTables, so it stays valid).
 * YCbCr 4:2:0, quality 85 by default, no mozjpeg (8× slower, research/spikes.md §2).
 */
export class JpegTileEncoder {
  private tablesValue: Buffer | undefined;

  constructor(
    private readonly tileWidth: number,
    private readonly tileHeight: number,
    private readonly quality: number,
  ) {}

  /** The JPEGTables stream (SOI, DQT…, DHT…, EOI) once a tile has been encoded. */
  get tables(): Buffer | undefined {
    return this.tablesValue;
  }

  /** Takes the tables of an earlier run of the same pyramid (a resumed writer), so its tiles share them. */
  adoptTables(tables: Buffer): void {
    this.tablesValue ??= tables;
  }

  async encode(rgb: Uint8Array): Promise<Buffer> {
    const jpeg = await sharp(rgb, { raw: { width: this.tileWidth, height: this.tileHeight, channels: 3 } })
      .jpeg({ quality: this.quality, mozjpeg: false, optimiseCoding: false, chromaSubsampling: '4:2:0' })
      .toBuffer();
    const segments = listSegments(jpeg);
    const tables = segments.filter((s) => s.marker === DQT || s.marker === DHT);
    const tableBytes = Buffer.concat(tables.map((s) => jpeg.subarray(s.offset, s.offset + s.length)));
    this.tablesValue ??= Buffer.concat([Buffer.from([0xff, 0xd8]), tableBytes, Buffer.from([0xff, EOI])]);
    if (!tableBytes.equals(this.tablesValue.subarray(2, this.tablesValue.length - 2))) return jpeg;
    const kept = segments.filter((s) => s.marker === SOF0 || s.marker === SOF2 || s.marker === DRI);
    const sos = segments.find((s) => s.marker === SOS)!;
    return Buffer.concat([
      jpeg.subarray(0, 2),
      ...kept.map((s) => jpeg.subarray(s.offset, s.offset + s.length)),
      jpeg.subarray(sos.offset),
    ]);
  }
}

/**
 * Lossless tiles: horizontal differencing (TIFF Predictor 2) per sample, then zlib (Compression 8,
 * AdobeDeflate, what libtiff and libvips write). Samples are little-endian like the file.
 */
export class DeflateTileEncoder {
  constructor(
    private readonly tileWidth: number,
    private readonly samplesPerPixel: number,
    private readonly bytesPerSample: 1 | 2,
    private readonly level: number,
  ) {}

  async encode(samples: Uint8Array | Uint16Array): Promise<Buffer> {
    const differenced =
      this.bytesPerSample === 2
        ? this.difference16(samples as Uint16Array)
        : this.difference8(samples as Uint8Array);
    return deflateAsync(differenced, { level: this.level });
  }

  private difference8(samples: Uint8Array): Buffer {
    const out = Buffer.allocUnsafe(samples.length);
    const row = this.tileWidth * this.samplesPerPixel;
    const spp = this.samplesPerPixel;
    for (let start = 0; start < samples.length; start += row) {
      for (let i = start; i < start + spp; i++) out[i] = samples[i]!;
      for (let i = start + spp; i < start + row; i++) out[i] = (samples[i]! - samples[i - spp]!) & 0xff;
    }
    return out;
  }

  private difference16(samples: Uint16Array): Buffer {
    const out = new Uint16Array(samples.length);
    const row = this.tileWidth * this.samplesPerPixel;
    const spp = this.samplesPerPixel;
    for (let start = 0; start < samples.length; start += row) {
      for (let i = start; i < start + spp; i++) out[i] = samples[i]!;
      for (let i = start + spp; i < start + row; i++) out[i] = (samples[i]! - samples[i - spp]!) & 0xffff;
    }
    // The platform is little-endian (checked by the writer), so the array's bytes are already the file's.
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }
}

/** A whole JPEG from an abbreviated tile and its tables: the tables' SOI…EOI minus EOI, the tile minus SOI. */
export function spliceTables(tables: Buffer, tile: Buffer): Buffer {
  return Buffer.concat([tables.subarray(0, tables.length - 2), tile.subarray(2)]);
}
