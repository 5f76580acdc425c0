/**
 * Pictures (label, macro, thumbnail) as one RGB canvas. Each source (a TIFF IFD, a DICOM instance, a slide
 * level) is read as a grid of chunks, each decoded to samples (JPEG by the one decoder, lossless ones by
 * the reader) and pasted into the canvas. OpenSlide hands over whole RGBA images instead. Sizes are capped
 * so a hostile file cannot make the server allocate gigabytes.
 */
import { WsiError } from '../errors.ts';
import type { DecodedTile } from '../tiff/decode.ts';
import { decodeJpeg } from './jpeg-decode.ts';
import type { PictureKind, RgbImage, Slide } from './slide-interface.ts';

/**
 * 3072² pixels: the largest image assembled (about 110 MiB of float samples for RGB while it is built);
 * larger associated images, and slides whose smallest level is larger, have no label or thumbnail here.
 */
export const MAX_CANVAS_PIXELS = 3072 * 3072;

/** A chunked image: `across × down` chunks of `chunkWidth × chunkHeight` (edge chunks may be padded or short). */
export interface Grid {
  width: number;
  height: number;
  chunkWidth: number;
  chunkHeight: number;
  across: number;
  down: number;
  read(x: number, y: number): Promise<DecodedTile>;
}

/** The file kinds a picture is found under: 'macro' is also DICOM's and qptiff's 'overview'. */
export function pictureKinds(kind: PictureKind): readonly ('label' | 'macro' | 'thumbnail' | 'overview')[] {
  return kind === 'macro' ? ['macro', 'overview'] : [kind];
}

/** A chunk read either as a stored JPEG (decoded with the bands it holds) or as the reader's samples. */
export async function readChunk(
  isJpeg: boolean,
  jpeg: () => Promise<Buffer>,
  samples: () => Promise<DecodedTile>,
): Promise<DecodedTile> {
  return isJpeg ? decodeJpeg(await jpeg()) : samples();
}

export function checkCanvas(width: number, height: number): void {
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
      const { width, height, samplesPerPixel: spp, sampleType, data } = await grid.read(cx, cy);
      if (sampleType !== 'uint8') is8bit = false;
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

export async function gridToRgb(grid: Grid): Promise<RgbImage> {
  const { bands, is8bit } = await readBands(grid);
  return toRgb(grid.width, grid.height, bands, is8bit);
}

/** Planar RGB (one plane per colour): each plane read as a grey grid, then interleaved. */
export async function planarToRgb(planes: readonly Grid[]): Promise<RgbImage> {
  const bands = [];
  let is8bit = true;
  for (const plane of planes) {
    const read = await readBands(plane);
    bands.push(read.bands[0]!);
    is8bit &&= read.is8bit;
  }
  return toRgb(planes[0]!.width, planes[0]!.height, bands, is8bit);
}

/** A level plane of a slide, read through its tile reads. */
function levelGrid(slide: Slide, level: number, channel: number): Grid {
  const l = slide.info.levels[level]!;
  return {
    width: l.width,
    height: l.height,
    chunkWidth: l.tileWidth,
    chunkHeight: l.tileHeight,
    across: Math.ceil(l.width / l.tileWidth),
    down: Math.ceil(l.height / l.tileHeight),
    read: (x, y) => slide.readTile('samples', level, x, y, channel),
  };
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

async function compositeLevel(slide: Slide, level: number): Promise<RgbImage> {
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

/** The file's own thumbnail, else the slide's smallest level (refused beyond the canvas limit). */
export async function readThumbnailOf(slide: Slide): Promise<RgbImage> {
  const own = await slide.readPicture('thumbnail');
  if (own) return own;
  // The smallest level is the cheapest to read; a slide whose smallest level is still huge has no thumbnail.
  const level = slide.info.levels.length - 1;
  const { width, height } = slide.info.levels[level]!;
  checkCanvas(width, height);
  if (slide.capabilities.regions)
    return { width, height, data: Buffer.from(await slide.readRgbRegion(level, 0, 0, width, height)) };
  if (slide.info.kind === 'fluorescence') return compositeLevel(slide, level);
  return gridToRgb(levelGrid(slide, level, 0));
}
