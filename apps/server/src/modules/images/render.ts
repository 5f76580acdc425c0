/**
 * Pixels of associated images and thumbnails, for the label, macro and thumbnail endpoints. Each source
 * (a TIFF IFD, a DICOM instance, a slide level) is read as a grid of chunks, each chunk decoded to 8-bit
 * samples (JPEG chunks through sharp after passthrough, lossless ones by the reader) and pasted into one
 * RGB canvas that sharp encodes. OpenSlide hands over whole RGBA images instead. Sizes are capped so a
 * hostile file cannot make the server allocate gigabytes.
 */
import sharp from 'sharp';
import {
  decodeChunk,
  DicomSlide,
  jpegPassthrough,
  OpenSlideSlide,
  TiffSlide,
  WsiError,
  type DecodedTile,
  type OpenedSlide,
  type TiffImage,
} from '@tessera/wsi';

/**
 * 3072² pixels: the largest image assembled (about 110 MiB of float samples for RGB while it is built);
 * larger associated images, and slides whose smallest level is larger, have no label or thumbnail here.
 */
export const MAX_CANVAS_PIXELS = 3072 * 3072;
export const THUMBNAIL_MAX_SIZE = 512;

/** An 8-bit RGB image. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

/** One decoded chunk: either 8-bit pixels from a JPEG, or the reader's typed samples. */
type Chunk =
  | { kind: 'jpeg'; width: number; height: number; channels: number; data: Buffer }
  | { kind: 'samples'; tile: DecodedTile };

/** A chunked image: `across × down` chunks of `chunkWidth × chunkHeight` (edge chunks may be padded or short). */
interface Grid {
  width: number;
  height: number;
  chunkWidth: number;
  chunkHeight: number;
  across: number;
  down: number;
  read(x: number, y: number): Promise<Chunk>;
}

async function decodeJpeg(bytes: Buffer): Promise<Chunk> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { kind: 'jpeg', width: info.width, height: info.height, channels: info.channels, data };
}

function tiffGrid(image: TiffImage, plane = 0): Grid {
  const isJpeg = image.compression === 7;
  return {
    width: image.width,
    height: image.height,
    chunkWidth: image.tileWidth,
    chunkHeight: image.tileHeight,
    across: image.chunksAcross,
    down: image.chunksDown,
    read: async (x, y) =>
      isJpeg
        ? decodeJpeg(await jpegPassthrough(image, x, y, plane))
        : { kind: 'samples', tile: await decodeChunk(image, x, y, plane) },
  };
}

/** A level plane of a TIFF or DICOM slide, through the slides' common tile API. */
function levelGrid(slide: TiffSlide | DicomSlide, level: number, channel: number): Grid {
  const l = slide.info.levels[level]!;
  const isJpeg = l.compression === 'jpeg';
  return {
    width: l.width,
    height: l.height,
    chunkWidth: l.tileWidth,
    chunkHeight: l.tileHeight,
    across: Math.ceil(l.width / l.tileWidth),
    down: Math.ceil(l.height / l.tileHeight),
    read: async (x, y) =>
      isJpeg
        ? decodeJpeg(await slide.readJpegTilePassthrough(level, x, y, channel))
        : { kind: 'samples', tile: await slide.decodeTile(level, x, y, channel) },
  };
}

function checkCanvas(width: number, height: number): void {
  if (!(width > 0 && height > 0) || width * height > MAX_CANVAS_PIXELS) {
    throw new WsiError('too-large', `An image of ${width}×${height} pixels is too large to render`);
  }
}

/**
 * Reads every chunk of a grid into per-pixel sample planes: `bands` arrays of width × height floats.
 * Sample values stay raw (uint16 stays 0…65535); the caller scales.
 */
async function readBands(grid: Grid): Promise<{ bands: Float32Array[]; is8bit: boolean }> {
  checkCanvas(grid.width, grid.height);
  const n = grid.width * grid.height;
  let bands: Float32Array[] | null = null;
  let is8bit = true;
  for (let cy = 0; cy < grid.down; cy++) {
    for (let cx = 0; cx < grid.across; cx++) {
      const chunk = await grid.read(cx, cy);
      const width = chunk.kind === 'jpeg' ? chunk.width : chunk.tile.width;
      const height = chunk.kind === 'jpeg' ? chunk.height : chunk.tile.height;
      const spp = chunk.kind === 'jpeg' ? chunk.channels : chunk.tile.samplesPerPixel;
      const data = chunk.kind === 'jpeg' ? chunk.data : chunk.tile.data;
      if (chunk.kind === 'samples' && chunk.tile.sampleType !== 'uint8') is8bit = false;
      const used = Math.min(spp, 3);
      bands ??= Array.from({ length: used }, () => new Float32Array(n).fill(used === 3 ? 255 : 0));
      const ox = cx * grid.chunkWidth;
      const oy = cy * grid.chunkHeight;
      for (let y = 0; y < height && oy + y < grid.height; y++) {
        for (let x = 0; x < width && ox + x < grid.width; x++) {
          const src = (y * width + x) * spp;
          const dst = (oy + y) * grid.width + ox + x;
          for (let b = 0; b < bands.length; b++) bands[b]![dst] = data[src + Math.min(b, spp - 1)]!;
        }
      }
    }
  }
  if (!bands) throw new WsiError('corrupt', 'The image has no data');
  return { bands, is8bit };
}

/** Scales a band in place to 0…1: 8-bit data by 255, wider samples between their own minimum and maximum. */
function toUnit(band: Float32Array, is8bit: boolean): Float32Array {
  let min = 0;
  let range = 255;
  if (!is8bit) {
    min = Infinity;
    let max = -Infinity;
    for (const v of band) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    range = max - min || 1;
  }
  for (let i = 0; i < band.length; i++) band[i] = (band[i]! - min) / range;
  return band;
}

function toRgb(width: number, height: number, bands: Float32Array[], is8bit: boolean): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  const units = bands.map((b) => toUnit(b, is8bit));
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(units[Math.min(c, units.length - 1)]![i]! * 255);
  }
  return { width, height, data };
}

async function gridToRgb(grid: Grid): Promise<RgbImage> {
  const { bands, is8bit } = await readBands(grid);
  return toRgb(grid.width, grid.height, bands, is8bit);
}

/** Fluorescence: each channel stretched to its own range and added in its colour (defaults: blue, green, red, …). */
const DEFAULT_COLOURS = [
  { r: 0, g: 0, b: 255 },
  { r: 0, g: 255, b: 0 },
  { r: 255, g: 0, b: 0 },
  { r: 255, g: 255, b: 0 },
  { r: 0, g: 255, b: 255 },
  { r: 255, g: 0, b: 255 },
  { r: 255, g: 255, b: 255 },
];

async function compositeChannels(slide: TiffSlide | DicomSlide, level: number): Promise<RgbImage> {
  const l = slide.info.levels[level]!;
  const n = l.width * l.height;
  const sum = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const channels = slide.info.channels.slice(0, DEFAULT_COLOURS.length);
  for (const [index, channel] of channels.entries()) {
    const { bands, is8bit } = await readBands(levelGrid(slide, level, index));
    const unit = toUnit(bands[0]!, is8bit);
    const colour = channel.color ?? DEFAULT_COLOURS[index]!;
    for (let i = 0; i < n; i++) {
      sum[0][i]! += (unit[i]! * colour.r) / 255;
      sum[1][i]! += (unit[i]! * colour.g) / 255;
      sum[2][i]! += (unit[i]! * colour.b) / 255;
    }
  }
  const data = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(Math.min(1, sum[c]![i]!) * 255);
  return { width: l.width, height: l.height, data };
}

function rgbaToRgb(width: number, height: number, rgba: Buffer): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const a = rgba[i * 4 + 3]! / 255;
    // Transparent areas (not scanned) shown over white, as OpenSlide's viewers do.
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(rgba[i * 4 + c]! * a + 255 * (1 - a));
  }
  return { width, height, data };
}

export type AssociatedKind = 'label' | 'macro' | 'thumbnail';

/**
 * An associated image from the file, or null when the file has none. 'macro' is also found as DICOM's and
 * qptiff's 'overview'.
 */
export async function readAssociated(slide: OpenedSlide, kind: AssociatedKind): Promise<RgbImage | null> {
  const kinds = kind === 'macro' ? (['macro', 'overview'] as const) : ([kind] as const);
  if (slide instanceof OpenSlideSlide) {
    const name = kinds.find((k) => slide.associatedImageNames.includes(k));
    if (!name) return null;
    const image = await slide.associatedImage(name);
    return rgbaToRgb(image.width, image.height, image.data);
  }
  for (const k of kinds) {
    if (slide instanceof TiffSlide) {
      const image = slide.associatedImage(k);
      if (!image) continue;
      if (image.planarConfiguration === 2 && image.samplesPerPixel >= 3) return planarToRgb(image);
      return gridToRgb(tiffGrid(image));
    }
    const image = slide.associatedImage(k);
    if (!image) continue;
    const instance = image.instance;
    const isJpeg = instance.syntax.compression === 'jpeg';
    return gridToRgb({
      width: instance.width,
      height: instance.height,
      chunkWidth: instance.tileWidth,
      chunkHeight: instance.tileHeight,
      across: instance.tilesAcross,
      down: instance.tilesDown,
      read: async (x, y) =>
        isJpeg
          ? decodeJpeg(await image.readJpegPassthrough(x, y))
          : { kind: 'samples', tile: await image.decodeTile(x, y) },
    });
  }
  return null;
}

/** Planar RGB (one plane per colour): each plane read as a grey grid, then interleaved. */
async function planarToRgb(image: TiffImage): Promise<RgbImage> {
  const planes = [];
  let is8bit = true;
  for (let p = 0; p < 3; p++) {
    const read = await readBands(tiffGrid(image, p));
    planes.push(read.bands[0]!);
    is8bit &&= read.is8bit;
  }
  return toRgb(image.width, image.height, planes, is8bit);
}

/** The file's own thumbnail, else the slide's smallest level (refused beyond the canvas limit). */
export async function readThumbnailSource(slide: OpenedSlide): Promise<RgbImage> {
  const own = await readAssociated(slide, 'thumbnail');
  if (own) return own;
  // The smallest level is the cheapest to read; a slide whose smallest level is still huge has no thumbnail.
  const level = slide.info.levels.length - 1;
  const l = slide.info.levels[level]!;
  checkCanvas(l.width, l.height);
  if (slide instanceof OpenSlideSlide)
    return rgbaToRgb(l.width, l.height, await slide.readRegion(level, 0, 0, l.width, l.height));
  if (slide.info.kind === 'fluorescence') return compositeChannels(slide, level);
  return gridToRgb(levelGrid(slide, level, 0));
}

export type ImageFormat = 'jpeg' | 'png';

/** Encodes an RGB image, shrunk to fit `maxSize` when given (never enlarged). */
export async function encodeImage(image: RgbImage, format: ImageFormat, maxSize?: number): Promise<Buffer> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (maxSize)
    pipeline = pipeline.resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true });
  return format === 'png' ? pipeline.png().toBuffer() : pipeline.jpeg({ quality: 90 }).toBuffer();
}
