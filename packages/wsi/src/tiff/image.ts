import { WsiError } from '../errors.ts';
import { Compression, Limits, Photometric, Tag } from './constants.ts';
import type { Ifd } from './ifd.ts';
import type { LazyArray } from './lazy-array.ts';

export type SampleType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'float64';

/**
 * The geometry and encoding of one IFD's image. Tiles and strips are both "chunks": a stripped image is
 * treated as tiles of full width × RowsPerStrip, so every caller addresses data as (x, y, sample).
 */
export class TiffImage {
  private jpegTablesValue: Promise<Buffer | undefined> | undefined;
  /** The images of this IFD's SubIFDs (filled in by the slide loader). */
  subImages: TiffImage[] = [];

  private constructor(
    readonly ifd: Ifd,
    readonly width: number,
    readonly height: number,
    readonly samplesPerPixel: number,
    /** Bits of every sample; 0 when the samples have different depths (the reader cannot decode those). */
    readonly bitsPerSample: number,
    /** TIFF SampleFormat: 1 unsigned, 2 signed, 3 IEEE float. */
    readonly sampleFormat: number,
    readonly compression: number,
    readonly photometric: number,
    /** 1 chunky (samples interleaved), 2 planar (one plane of chunks per sample). */
    readonly planarConfiguration: number,
    readonly predictor: number,
    readonly isTiled: boolean,
    readonly tileWidth: number,
    readonly tileHeight: number,
    readonly newSubfileType: number,
    readonly description: string,
    private readonly offsets: LazyArray,
    private readonly byteCounts: LazyArray,
  ) {}

  static async load(ifd: Ifd): Promise<TiffImage> {
    const width = await ifd.number(Tag.ImageWidth, 0);
    const height = await ifd.number(Tag.ImageLength, 0);
    if (!isDimension(width, Limits.maxDimension) || !isDimension(height, Limits.maxDimension)) {
      throw new WsiError('too-large', `Image size ${width}×${height} (IFD at ${ifd.offset}) is not accepted`);
    }
    const samplesPerPixel = await ifd.number(Tag.SamplesPerPixel, 1);
    if (!isDimension(samplesPerPixel, Limits.maxSamplesPerPixel)) {
      throw new WsiError('too-large', `SamplesPerPixel ${samplesPerPixel} is not accepted`);
    }
    const bits = (await ifd.numbers(Tag.BitsPerSample)) ?? [1];
    const bitsPerSample = bits.every((b) => b === bits[0]) ? (bits[0] ?? 1) : 0;
    const sampleFormat = await ifd.number(Tag.SampleFormat, 1);
    const compression = await ifd.number(Tag.Compression, Compression.None);
    const photometric = await ifd.number(Tag.Photometric, Photometric.MinIsBlack);
    const planarConfiguration = samplesPerPixel > 1 ? await ifd.number(Tag.PlanarConfiguration, 1) : 1;
    if (planarConfiguration !== 1 && planarConfiguration !== 2) {
      throw new WsiError('corrupt', `PlanarConfiguration ${planarConfiguration} is not valid`);
    }
    const predictor = await ifd.number(Tag.Predictor, 1);
    const isTiled = ifd.has(Tag.TileWidth) || ifd.has(Tag.TileLength) || ifd.has(Tag.TileOffsets);
    let tileWidth: number;
    let tileHeight: number;
    if (isTiled) {
      tileWidth = await ifd.number(Tag.TileWidth, 0);
      tileHeight = await ifd.number(Tag.TileLength, 0);
      if (!isDimension(tileWidth, Limits.maxTileSide) || !isDimension(tileHeight, Limits.maxTileSide)) {
        throw new WsiError('too-large', `Tile size ${tileWidth}×${tileHeight} is not accepted`);
      }
    } else {
      tileWidth = width;
      // RowsPerStrip defaults to "all rows" (2^32-1 in many writers).
      tileHeight = Math.min(await ifd.number(Tag.RowsPerStrip, height), height);
      if (!isDimension(tileHeight, Limits.maxDimension)) throw new WsiError('corrupt', 'RowsPerStrip is 0');
    }
    const offsets = ifd.lazyArray(isTiled ? Tag.TileOffsets : Tag.StripOffsets);
    const byteCounts = ifd.lazyArray(isTiled ? Tag.TileByteCounts : Tag.StripByteCounts);
    if (!offsets || !byteCounts) {
      throw new WsiError(
        'corrupt',
        `IFD at ${ifd.offset} has no ${isTiled ? 'tile' : 'strip'} offsets or byte counts`,
      );
    }
    const newSubfileType = await ifd.number(Tag.NewSubfileType, 0);
    const description = (await ifd.text(Tag.ImageDescription)) ?? '';
    const image = new TiffImage(
      ifd,
      width,
      height,
      samplesPerPixel,
      bitsPerSample,
      sampleFormat,
      compression,
      photometric,
      planarConfiguration,
      predictor,
      isTiled,
      tileWidth,
      tileHeight,
      newSubfileType,
      description,
      offsets,
      byteCounts,
    );
    const needed = image.chunkCount;
    if (needed > Limits.maxChunks)
      throw new WsiError('too-large', `Image has ${needed} tiles, more than accepted`);
    if (offsets.length < needed || byteCounts.length < needed) {
      throw new WsiError(
        'corrupt',
        `IFD at ${ifd.offset} lists ${offsets.length} chunk offsets, needs ${needed}`,
      );
    }
    return image;
  }

  get chunksAcross(): number {
    return Math.ceil(this.width / this.tileWidth);
  }

  get chunksDown(): number {
    return Math.ceil(this.height / this.tileHeight);
  }

  /** Planes stored separately: samplesPerPixel for planar images, else 1. */
  get planeCount(): number {
    return this.planarConfiguration === 2 ? this.samplesPerPixel : 1;
  }

  get chunkCount(): number {
    return this.chunksAcross * this.chunksDown * this.planeCount;
  }

  get sampleType(): SampleType | null {
    return sampleTypeOf(this.sampleFormat, this.bitsPerSample);
  }

  /** Index into the offset arrays; throws out-of-range for coordinates outside the image. */
  chunkIndex(x: number, y: number, plane = 0): number {
    if (!isIndex(x, this.chunksAcross) || !isIndex(y, this.chunksDown) || !isIndex(plane, this.planeCount)) {
      throw new WsiError(
        'out-of-range',
        `Tile (${x}, ${y}, plane ${plane}) is outside the ${this.chunksAcross}×${this.chunksDown} grid`,
      );
    }
    return (plane * this.chunksDown + y) * this.chunksAcross + x;
  }

  /** Rows held by the chunk in row `y`: tiles are always full (padded); the last strip is short. */
  chunkRows(y: number): number {
    if (this.isTiled) return this.tileHeight;
    return Math.min(this.tileHeight, this.height - y * this.tileHeight);
  }

  /** The stored bytes of one chunk, exactly as in the file (empty for a sparse chunk). */
  async readChunk(index: number): Promise<Buffer> {
    const offset = await this.offsets.get(index);
    const length = await this.byteCounts.get(index);
    if (length === 0) return Buffer.alloc(0);
    if (length > Limits.maxChunkBytes) {
      throw new WsiError('too-large', `Tile of ${length} bytes is larger than the reader serves`);
    }
    return this.ifd.source.readData(offset, length);
  }

  /** JPEGTables (tag 347): the DQT/DHT shared by every JPEG tile of this IFD, or undefined. */
  jpegTables(): Promise<Buffer | undefined> {
    this.jpegTablesValue ??= this.ifd.bytes(Tag.JPEGTables);
    return this.jpegTablesValue;
  }
}

export function sampleTypeOf(sampleFormat: number, bits: number): SampleType | null {
  if (sampleFormat === 1 || sampleFormat === 4 /* void: treat as unsigned */) {
    return bits === 8 ? 'uint8' : bits === 16 ? 'uint16' : bits === 32 ? 'uint32' : null;
  }
  if (sampleFormat === 2) return bits === 8 ? 'int8' : bits === 16 ? 'int16' : bits === 32 ? 'int32' : null;
  if (sampleFormat === 3) return bits === 32 ? 'float32' : bits === 64 ? 'float64' : null;
  return null;
}

function isDimension(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= max;
}

function isIndex(value: number, count: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < count;
}
