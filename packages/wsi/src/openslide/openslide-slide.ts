import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { WsiError } from '../errors.ts';
import {
  DEFAULT_MAGNIFICATION,
  type AssociatedImageInfo,
  type AssociatedImageKind,
  type SlideInfo,
  type SlideLevel,
} from '../formats/model.ts';
import { loadOpenSlide, type OpenSlideBinding, type OpenSlideHandle } from './library.ts';
import { Limiter } from './limiter.ts';
import { argbToRgba, argbToRgbaOverWhite, rgbaOverWhite } from './pixels.ts';
import { pictureKinds, readThumbnailOf } from '../imaging/pictures.ts';
import type {
  PictureKind,
  RgbImage,
  Slide,
  SlideCapabilities,
  TiffPage,
  TileRead,
  TileReads,
} from '../imaging/slide-interface.ts';
import { formatOfVendor, type OpenSlideFormat } from './vendors.ts';

/**
 * SlideInfo for a slide read through OpenSlide. `format` is wider than the TIFF reader's SlideFormat (NDPI,
 * MRXS, … have no TIFF-reader format); everything else is the same model. Level and associated-image
 * `compression` is 'openslide': OpenSlide decodes internally and does not say how the data is stored, and
 * none of it can be passed through.
 */
export interface OpenSlideSlideInfo extends Omit<SlideInfo, 'format'> {
  format: SlideInfo['format'] | OpenSlideFormat;
  /** openslide_detect_vendor: 'aperio', 'hamamatsu', 'mirax', 'philips', … */
  vendor: string;
}

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, straight (not premultiplied) RGBA. */
  data: Buffer;
}

export interface OpenSlideOpenOptions {
  /**
   * OpenSlide 3.4.1 has no ICC API (openslide_get_icc_profile arrived in 4.0). A caller that read the profile
   * another way (the TIFF reader reads tag 34675 of a JPEG 2000 SVS) hands it in here.
   */
  iccProfile?: Buffer | null;
}

/** Largest region or associated image decoded in one call: 4096² pixels = 64 MiB of ARGB plus 64 MiB of RGBA. */
export const MAX_REGION_PIXELS = 4096 * 4096;
const DEFAULT_TILE_SIZE = 256;

/**
 * Every decode goes through one process-wide gate: all slides share koffi's thread pool and the machine's
 * cores. TESSERA_OPENSLIDE_IN_FLIGHT sets the start value (2 by default).
 */
const limiter = new Limiter(inFlightFromEnv(process.env['TESSERA_OPENSLIDE_IN_FLIGHT']));

/** A bad value must not break importing the package: it falls back to 2. */
function inFlightFromEnv(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : 2;
}

export function configureOpenSlide(options: { maxInFlight?: number }): void {
  if (options.maxInFlight !== undefined) limiter.maxInFlight = options.maxInFlight;
}

export function openSlideInFlight(): { active: number; limit: number } {
  return { active: limiter.inFlight, limit: limiter.maxInFlight };
}

/**
 * A slide opened through OpenSlide (NDPI, MRXS, SCN, BIF, VMS, Philips TIFF, JPEG 2000 SVS). Decoding runs on
 * koffi's worker threads with at most a few calls in flight, so the event loop never waits for a decode;
 * opening and metadata are quick and synchronous apart from openslide_open itself.
 */
export class OpenSlideSlide implements Slide {
  /** OpenSlide decodes everything itself: no stored tiles, no channels; any region in one call. */
  readonly capabilities: SlideCapabilities = {
    storedTiles: false,
    channelSamples: false,
    regions: true,
    tiffPages: false,
  };
  private closed = false;
  private running = 0;
  private idle: (() => void)[] = [];

  private constructor(
    private readonly lib: OpenSlideBinding,
    private osr: OpenSlideHandle | null,
    readonly info: OpenSlideSlideInfo,
    private readonly associatedNames: string[],
    private readonly iccProfile: Buffer | null,
  ) {}

  static async open(path: string, options: OpenSlideOpenOptions = {}): Promise<OpenSlideSlide> {
    const lib = await loadOpenSlide();
    const stats = await stat(path).catch((error: NodeJS.ErrnoException) => {
      throw new WsiError('not-tiff', `Cannot open slide file (${error.code ?? 'unknown'})`);
    });
    if (!stats.isFile()) throw new WsiError('not-tiff', 'Slide path is not a regular file');
    const vendor = lib.detectVendor(path);
    if (vendor === null) throw new WsiError('unsupported', 'Not a file that OpenSlide can recognize');
    const osr = await new Promise<OpenSlideHandle | null>((resolve, reject) =>
      lib.open(path, (error, handle) => (error ? reject(error) : resolve(handle))),
    );
    if (!osr) throw new WsiError('unsupported', 'Not a file that OpenSlide can recognize');
    try {
      const error = lib.getError(osr);
      if (error !== null)
        throw new WsiError('corrupt', `OpenSlide cannot read the slide: ${hidePath(error, path)}`);
      const info = readInfo(lib, osr, vendor, path, options.iccProfile ?? null);
      const associatedNames = lib.getAssociatedImageNames(osr);
      return new OpenSlideSlide(lib, osr, info, associatedNames, options.iccProfile ?? null);
    } catch (error) {
      lib.close(osr);
      throw error;
    }
  }

  /** The names OpenSlide gives the associated images ('label', 'macro', 'thumbnail', vendor-specific others). */
  get associatedImageNames(): string[] {
    return [...this.associatedNames];
  }

  /**
   * A region in straight RGBA: (x, y) in level-0 pixels, (w, h) in pixels of `level` (OpenSlide's convention).
   * Areas outside the slide or not scanned are transparent (0, 0, 0, 0), as openslide-write-png writes them.
   */
  async readRegion(level: number, x: number, y: number, w: number, h: number): Promise<Buffer> {
    return argbToRgba(await this.readArgb(level, x, y, w, h));
  }

  /**
   * Tile (tx, ty) of a level at the level's tile size, opaque: transparent and partly covered pixels are
   * composited over white. Edge tiles keep the full tile size, padded with white (the viewer clips them).
   */
  async readTileRgba(level: number, tx: number, ty: number): Promise<RgbaImage> {
    const info = this.levelInfo(level);
    const { tileWidth: tw, tileHeight: th } = info;
    const columns = Math.ceil(info.width / tw);
    const rows = Math.ceil(info.height / th);
    if (!Number.isInteger(tx) || !Number.isInteger(ty) || tx < 0 || ty < 0 || tx >= columns || ty >= rows) {
      throw new WsiError(
        'out-of-range',
        `Tile (${tx}, ${ty}) is outside level ${level} (${columns}×${rows} tiles)`,
      );
    }
    // Level-0 origin of the tile. With a non-integer downsample (2.0005…) OpenSlide divides it back and may
    // land a fraction of a pixel off; rounding keeps that below half a level pixel.
    const x0 = Math.round(tx * tw * info.downsample);
    const y0 = Math.round(ty * th * info.downsample);
    return { width: tw, height: th, data: argbToRgbaOverWhite(await this.readArgb(level, x0, y0, tw, th)) };
  }

  /** RGB at the level's tile size, over white; 'samples' are those RGB samples. Nothing is stored to pass through. */
  async readTile<K extends TileRead>(as: K, level: number, x: number, y: number): Promise<TileReads[K]> {
    if (as === 'passthrough' || as === 'raw')
      throw new WsiError('not-jpeg', 'Tiles read through OpenSlide are decoded, not passed through');
    const { width, height, data } = await this.readTileRgba(level, x, y);
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
      rgb[o] = data[i]!;
      rgb[o + 1] = data[i + 1]!;
      rgb[o + 2] = data[i + 2]!;
    }
    const read: TileReads['rgb'] | TileReads['samples'] =
      as === 'rgb'
        ? { rgb, width, height }
        : { width, height, samplesPerPixel: 3, sampleType: 'uint8', data: rgb };
    // One cast, here: TypeScript does not narrow a generic K by comparing it.
    return read as TileReads[K];
  }

  async readRgbRegion(level: number, x: number, y: number, w: number, h: number): Promise<Uint8Array> {
    return rgbaOverWhite(await this.readRegion(level, x, y, w, h));
  }

  async tiffPage(): Promise<TiffPage> {
    throw new WsiError('unsupported', 'Slides read through OpenSlide are not read as TIFF pages');
  }

  async readPicture(kind: PictureKind): Promise<RgbImage | null> {
    const name = pictureKinds(kind).find((k) => this.associatedNames.includes(k));
    if (!name) return null;
    const { width, height, data } = await this.associatedImage(name);
    return { width, height, data: Buffer.from(rgbaOverWhite(data).buffer) };
  }

  readThumbnail(): Promise<RgbImage> {
    return readThumbnailOf(this);
  }

  /** An associated image ('label', 'macro', 'thumbnail', …) as straight RGBA. */
  async associatedImage(name: AssociatedImageKind | string): Promise<RgbaImage> {
    if (!this.associatedNames.includes(name)) {
      throw new WsiError('out-of-range', `The slide has no associated image '${name}'`);
    }
    const osr = this.handle();
    const { width, height } = this.lib.getAssociatedImageDimensions(osr, name);
    checkSize(width, height);
    const dest = new Uint32Array(width * height);
    await this.decode((done) => this.lib.readAssociatedImage(osr, name, dest, done));
    return { width, height, data: argbToRgba(dest) };
  }

  /** The ICC profile handed in at open, or null: OpenSlide 3.4.1 itself exposes no ICC profile. */
  async readIccProfile(): Promise<Buffer | null> {
    return this.iccProfile;
  }

  /** Waits for the decodes in flight (freeing the handle under them would crash the process), then closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.osr) this.lib.close(this.osr);
    this.osr = null;
  }

  private async readArgb(level: number, x: number, y: number, w: number, h: number): Promise<Uint32Array> {
    this.levelInfo(level);
    for (const [name, value] of [
      ['x', x],
      ['y', y],
      ['width', w],
      ['height', h],
    ] as const) {
      if (!Number.isSafeInteger(value))
        throw new WsiError('out-of-range', `Region ${name} must be an integer, got ${value}`);
    }
    checkSize(w, h);
    const osr = this.handle();
    const dest = new Uint32Array(w * h);
    await this.decode((done) => this.lib.readRegion(osr, dest, x, y, level, w, h, done));
    return dest;
  }

  /** One async decode through the shared gate, counted so close() can wait for it; checks OpenSlide's sticky error after. */
  private async decode(call: (done: (error: unknown) => void) => void): Promise<void> {
    this.handle();
    this.running++;
    try {
      await limiter.run(
        () =>
          new Promise<void>((resolve, reject) =>
            call((error) =>
              error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
            ),
          ),
      );
      // Once OpenSlide records an error the handle is dead and its output is blank: report it, do not serve it.
      const error = this.osr ? this.lib.getError(this.osr) : null;
      if (error !== null) throw new WsiError('corrupt', `OpenSlide failed to read the slide: ${error}`);
    } finally {
      this.running--;
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private handle(): OpenSlideHandle {
    if (this.closed || !this.osr) throw new WsiError('out-of-range', 'The slide is closed');
    return this.osr;
  }

  private levelInfo(level: number): SlideLevel {
    const info = Number.isInteger(level) ? this.info.levels[level] : undefined;
    if (!info)
      throw new WsiError(
        'out-of-range',
        `Level ${level} does not exist (the slide has ${this.info.levels.length})`,
      );
    return info;
  }
}

function readInfo(
  lib: OpenSlideBinding,
  osr: OpenSlideHandle,
  vendor: string,
  path: string,
  icc: Buffer | null,
): OpenSlideSlideInfo {
  const properties: Record<string, string> = {};
  for (const name of lib.getPropertyNames(osr)) properties[name] = lib.getPropertyValue(osr, name) ?? '';
  const count = lib.getLevelCount(osr);
  if (count < 1) throw new WsiError('corrupt', 'OpenSlide reports no levels');
  const levels: SlideLevel[] = [];
  for (let level = 0; level < count; level++) {
    const { width, height } = lib.getLevelDimensions(osr, level);
    if (!(width > 0) || !(height > 0))
      throw new WsiError('corrupt', `OpenSlide reports level ${level} as ${width}×${height}`);
    levels.push({
      width,
      height,
      tileWidth: positiveInt(properties[`openslide.level[${level}].tile-width`]) ?? DEFAULT_TILE_SIZE,
      tileHeight: positiveInt(properties[`openslide.level[${level}].tile-height`]) ?? DEFAULT_TILE_SIZE,
      downsample: lib.getLevelDownsample(osr, level),
      isTiled: true,
      compression: 'openslide',
    });
  }
  const mppX = positiveNumber(properties['openslide.mpp-x']);
  const mppY = positiveNumber(properties['openslide.mpp-y']);
  const magnification = positiveNumber(properties['openslide.objective-power']);
  const associatedImages: AssociatedImageInfo[] = [];
  for (const name of lib.getAssociatedImageNames(osr)) {
    if (name !== 'thumbnail' && name !== 'label' && name !== 'macro') continue; // others: associatedImageNames
    const { width, height } = lib.getAssociatedImageDimensions(osr, name);
    if (width > 0 && height > 0)
      associatedImages.push({ kind: name, width, height, compression: 'openslide' });
  }
  return {
    format: formatOfVendor(vendor, path),
    vendor,
    width: levels[0]!.width,
    height: levels[0]!.height,
    levels,
    channels: [
      { name: 'RGB', color: null, sampleType: 'uint8', samplesPerPixel: 3, biomarker: null, filter: null },
    ],
    sizeZ: 1,
    metersPerPixel: mppX !== null && mppY !== null ? { x: mppX * 1e-6, y: mppY * 1e-6 } : null,
    magnification: magnification ?? DEFAULT_MAGNIFICATION,
    isMagnificationKnown: magnification !== null,
    kind: 'brightfield',
    associatedImages,
    iccProfileSize: icc ? icc.length : null,
    properties,
  };
}

function checkSize(w: number, h: number): void {
  if (!Number.isSafeInteger(w) || !Number.isSafeInteger(h) || w < 1 || h < 1) {
    throw new WsiError('out-of-range', `Region size ${w}×${h} is not a positive size`);
  }
  if (w * h > MAX_REGION_PIXELS)
    throw new WsiError('too-large', `Region ${w}×${h} is larger than ${MAX_REGION_PIXELS} pixels`);
}

function positiveNumber(value: string | undefined): number | null {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function positiveInt(value: string | undefined): number | null {
  const n = positiveNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** OpenSlide's messages quote the full path; the server's directory layout is nobody's business. */
function hidePath(message: string, path: string): string {
  return message.split(path).join(basename(path));
}
