import { WsiError } from './errors.ts';
import { detectLayout, loadImages } from './formats/detect.ts';
import type { AssociatedImageKind, PlaneRef, SlideInfo, SlideLayout } from './formats/model.ts';
import { buildStandaloneJpeg } from './jpeg/passthrough.ts';
import type { ByteSource } from './source/byte-source.ts';
import { FileSource } from './source/file-source.ts';
import { Compression, Photometric, Tag } from './tiff/constants.ts';
import { decodeChunk, type DecodedTile } from './tiff/decode.ts';
import { assertLosslessDecodable, describeCompression } from './tiff/decompress.ts';
import { readTiffStructure } from './tiff/ifd.ts';
import type { TiffImage } from './tiff/image.ts';
import { findPlane } from './plane.ts';
import type { Ifd } from './tiff/ifd.ts';
import {
  gridToRgb,
  pictureKinds,
  planarToRgb,
  readChunk,
  readThumbnailOf,
  type Grid,
} from './imaging/pictures.ts';
import type {
  PictureKind,
  RgbImage,
  Slide,
  SlideCapabilities,
  TiffPage,
  TileRead,
  TileReads,
} from './imaging/slide-interface.ts';
import { readChunkedTile } from './imaging/tile-reads.ts';

/** A tile exactly as stored in the file. */
export interface RawTile {
  /** The stored bytes; empty when the file has no data for the tile (sparse). */
  bytes: Buffer;
  /** 'jpeg', 'lzw', 'deflate', 'none', 'jpeg2000', … */
  compression: string;
  /** The TIFF Compression code. */
  compressionCode: number;
  /** TIFF Photometric of the IFD (2 RGB, 6 YCbCr, 1 grey …). */
  photometric: number;
  /** Pixel size of the stored tile: tiles are padded to the full tile size; the last strip is short. */
  width: number;
  height: number;
}

/**
 * A TIFF-family slide (SVS, generic pyramid, OME-TIFF, qptiff, plain TIFF) opened for random tile access.
 * Levels are numbered from 0 = full resolution; channel and z index the planes of fluorescence and
 * Z-stack images (0 for RGB brightfield).
 */
export class TiffSlide implements Slide {
  readonly capabilities: SlideCapabilities = {
    storedTiles: true,
    channelSamples: true,
    regions: false,
    tiffPages: true,
  };

  private constructor(
    private readonly source: ByteSource,
    private readonly layout: SlideLayout,
    /** The file's main IFD chain, in order: a level's index in it is libvips' page. */
    private readonly chain: readonly Ifd[],
  ) {}

  /** Opens a slide file. The file stays open until close(). */
  static async open(path: string): Promise<TiffSlide> {
    const source = await FileSource.open(path);
    try {
      return await TiffSlide.fromSource(source);
    } catch (error) {
      await source.close();
      throw error;
    }
  }

  static async fromSource(source: ByteSource): Promise<TiffSlide> {
    const structure = await readTiffStructure(source);
    const images = await loadImages(structure.ifds);
    return new TiffSlide(source, await detectLayout(images), structure.ifds);
  }

  get info(): SlideInfo {
    return this.layout.info;
  }

  async readRawTile(level: number, x: number, y: number, channel = 0, z = 0): Promise<RawTile> {
    const { image, plane } = this.plane(level, channel, z);
    const bytes = await image.readChunk(image.chunkIndex(x, y, plane));
    return {
      bytes,
      compression: describeCompression(image.compression),
      compressionCode: image.compression,
      photometric: image.photometric,
      width: image.tileWidth,
      height: image.chunkRows(y),
    };
  }

  /**
   * A JPEG-stored tile as a complete JPEG a browser can show: tables spliced in, APP14 added for RGB
   * photometric. Never decoded or re-encoded; edge tiles keep their padding (the viewer clips them).
   */
  async readJpegTilePassthrough(level: number, x: number, y: number, channel = 0, z = 0): Promise<Buffer> {
    const { image, plane } = this.plane(level, channel, z);
    return jpegPassthrough(image, x, y, plane);
  }

  /** Decodes a lossless tile (none, LZW, deflate, PackBits; predictors 2 and 3) into typed samples. */
  async decodeTile(level: number, x: number, y: number, channel = 0, z = 0): Promise<DecodedTile> {
    const { image, plane } = this.plane(level, channel, z);
    assertLosslessDecodable(image.compression);
    return decodeChunk(image, x, y, plane);
  }

  readTile<K extends TileRead>(
    as: K,
    level: number,
    x: number,
    y: number,
    channel = 0,
    z = 0,
  ): Promise<TileReads[K]> {
    return readChunkedTile(this, as, level, x, y, channel, z);
  }

  async readRgbRegion(): Promise<Uint8Array> {
    throw new WsiError('unsupported', 'The TIFF reader reads tiles, not regions');
  }

  async tiffPage(level: number): Promise<TiffPage> {
    const { image } = this.plane(level, 0, 0);
    const page = this.chain.indexOf(image.ifd);
    return {
      page: page < 0 ? null : page,
      isJpeg: image.compression === Compression.JPEG,
      tileWidth: image.isTiled ? image.tileWidth : 0,
      tileHeight: image.isTiled ? image.tileHeight : 0,
      // A JPEG directory without Photometric holds YCbCr tiles, as libjpeg writes them.
      photometric: (await image.ifd.number(Tag.Photometric)) ?? Photometric.YCbCr,
      jpegTables: await image.jpegTables(),
    };
  }

  async readPicture(kind: PictureKind): Promise<RgbImage | null> {
    for (const k of pictureKinds(kind)) {
      const image = this.layout.associated.get(k);
      if (!image) continue;
      if (image.planarConfiguration === 2 && image.samplesPerPixel >= 3)
        return planarToRgb([0, 1, 2].map((plane) => tiffGrid(image, plane)));
      return gridToRgb(tiffGrid(image));
    }
    return null;
  }

  readThumbnail(): Promise<RgbImage> {
    return readThumbnailOf(this);
  }

  /** The IFD of an associated image (thumbnail, label, macro, overview), for strip reads or passthrough. */
  associatedImage(kind: AssociatedImageKind): TiffImage | undefined {
    return this.layout.associated.get(kind);
  }

  /** The embedded ICC profile bytes (tag 34675), or null. */
  async readIccProfile(): Promise<Buffer | null> {
    return (await this.layout.iccImage?.ifd.bytes(Tag.IccProfile)) ?? null;
  }

  async close(): Promise<void> {
    await this.source.close();
  }

  private plane(level: number, channel: number, z: number): PlaneRef {
    const plane = findPlane(this.layout, level, channel, z);
    if (!plane) throw new WsiError('out-of-range', `No plane for channel ${channel}, z ${z}`);
    return plane;
  }
}

/** An IFD's image as a grid of chunks (one plane of a planar image). */
function tiffGrid(image: TiffImage, plane = 0): Grid {
  const isJpeg = image.compression === Compression.JPEG;
  return {
    width: image.width,
    height: image.height,
    chunkWidth: image.tileWidth,
    chunkHeight: image.tileHeight,
    across: image.chunksAcross,
    down: image.chunksDown,
    read: (x, y) =>
      readChunk(
        isJpeg,
        () => jpegPassthrough(image, x, y, plane),
        () => decodeChunk(image, x, y, plane),
      ),
  };
}

/** Passthrough for any JPEG-compressed IFD chunk: pyramid tiles and the strips of JPEG associated images. */
export async function jpegPassthrough(image: TiffImage, x: number, y: number, plane = 0): Promise<Buffer> {
  const index = image.chunkIndex(x, y, plane);
  if (
    image.compression === Compression.Jpeg2000Aperio ||
    image.compression === Compression.Jpeg2000AperioRgb
  ) {
    throw new WsiError(
      'needs-openslide',
      'JPEG 2000 tiles cannot be passed through to a browser; they are read through OpenSlide',
    );
  }
  if (image.compression !== Compression.JPEG) {
    throw new WsiError('not-jpeg', `Tile is stored as ${describeCompression(image.compression)}, not JPEG`);
  }
  const tile = await image.readChunk(index);
  if (tile.length === 0) throw new WsiError('tile-missing', `The file has no data for tile (${x}, ${y})`);
  return buildStandaloneJpeg(tile, {
    tables: await image.jpegTables(),
    isRgb: image.photometric === Photometric.RGB,
  });
}
