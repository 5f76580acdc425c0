/**
 * The one face every slide reader shows the server (issue #11 point 2): the TIFF family, DICOM series and
 * OpenSlide's formats alike. A reader states what it can do (capabilities) instead of the caller asking
 * which class it is; tiles are read as stored bytes, RGB pixels or channel samples; pictures (label, macro,
 * thumbnail) come out as RGB whatever the file keeps.
 */
import type { AssociatedImageKind, SlideInfo } from '../formats/model.ts';
import type { DecodedTile } from '../tiff/decode.ts';

export interface SlideCapabilities {
  /** Tiles can be answered as stored (raw, or JPEG passthrough never re-encoded); OpenSlide only decodes. */
  readonly storedTiles: boolean;
  /** Each channel's own samples can be read (fluorescence compositing, lossless conversion). */
  readonly channelSamples: boolean;
  /** Any level rectangle can be read as RGB in one call (OpenSlide's read_region); others read by tiles. */
  readonly regions: boolean;
  /** The levels are directories of a TIFF file libvips also reads (conversion by copying, or by libvips). */
  readonly tiffPages: boolean;
}

/** 8-bit RGB pixels of a tile, row by row. */
export interface RgbTile {
  rgb: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** An 8-bit RGB picture. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * What a tile read answers, by what is asked: the stored bytes as a complete JPEG a browser shows
 * (passthrough: tables spliced in, never decoded), the stored chunk exactly as the file holds it (raw:
 * empty when the file has no data there; a JPEG needs the level's tables, TiffPage), RGB pixels, or a
 * channel's samples.
 */
export interface TileReads {
  passthrough: Buffer;
  raw: Buffer;
  rgb: RgbTile;
  samples: DecodedTile;
}
export type TileRead = keyof TileReads;

/** How a level is stored in its TIFF file: what conversion needs to copy its tiles or have libvips read it. */
export interface TiffPage {
  /** Index in the file's main IFD chain (libvips' page); null when the level is a SubIFD. */
  page: number | null;
  isJpeg: boolean;
  tileWidth: number;
  tileHeight: number;
  /** TIFF Photometric of the level (the copied JPEG tiles keep it). */
  photometric: number;
  jpegTables: Buffer | undefined;
}

/** The pictures the label, macro and thumbnail endpoints show; 'macro' is also DICOM's and qptiff's 'overview'. */
export type PictureKind = Extract<AssociatedImageKind, 'label' | 'macro' | 'thumbnail'>;

/** SlideInfo with the format as each reader names it (OpenSlide's vendors, 'dicom'). */
export type AnySlideInfo = Omit<SlideInfo, 'format'> & { format: string };

export interface Slide {
  readonly info: AnySlideInfo;
  readonly capabilities: SlideCapabilities;
  /** Tile (x, y) of a level, at the level's stored tile size; channel and z index fluorescence and Z planes. */
  readTile<K extends TileRead>(
    as: K,
    level: number,
    x: number,
    y: number,
    channel?: number,
    z?: number,
  ): Promise<TileReads[K]>;
  /** A rectangle of a level (x, y in level-0 pixels) as RGB over white; only when capabilities.regions. */
  readRgbRegion(level: number, x: number, y: number, width: number, height: number): Promise<Uint8Array>;
  /** Where a level lives in its TIFF file; only when capabilities.tiffPages. */
  tiffPage(level: number): Promise<TiffPage>;
  /** The file's label, macro or thumbnail as RGB; null when the file has none. */
  readPicture(kind: PictureKind): Promise<RgbImage | null>;
  /** The file's own thumbnail, else the smallest level (refused beyond the canvas limit). */
  readThumbnail(): Promise<RgbImage>;
  readIccProfile(): Promise<Buffer | null>;
  close(): Promise<void>;
}
