/**
 * Levels the file lacks (issue 3 point 2): the z range covers every 2× level from level 0 down to the
 * level that fits in one tile, whatever steps the file stores (SVS often keeps only 4× steps). A tile of a
 * missing level is made from the next finer stored level: the covering stored tiles are decoded, stitched,
 * and box-averaged (each pixel the mean of its block, as libvips and OpenSlide pyramids hold); the server keeps
 * the result in a byte-budgeted LRU since decoding up to 4×4 tiles is costly.
 */
import type { SlideLevel } from '../formats/model.ts';
import type { RgbTile } from './slide-interface.ts';

/**
 * Tile side of the levels served in tiles of our own: a stripped image stores rows of the full width (a
 * whole slide, or 1920 × 16 qptiff strips), not tiles a viewer can use, and levels a file lacks are made.
 */
export const CUT_TILE_SIZE = 256;

/** The tile grid a stored level is served in (spec 2 §7 tiles; imageInfo tileSize). */
export function servedTileSize(level: { tileWidth: number; tileHeight: number; isTiled?: boolean }): {
  w: number;
  h: number;
} {
  return level.isTiled === false
    ? { w: CUT_TILE_SIZE, h: CUT_TILE_SIZE }
    : { w: level.tileWidth, h: level.tileHeight };
}

export interface VirtualLevel {
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  /** The stored level this one is, or is made from. */
  stored: number;
  /** Stored-level pixels per pixel of this level: 1 when stored, else 2, 4, … */
  factor: number;
  /** Served in tiles cut from the stored level's chunks (servedTileSize), not as them. */
  isCut: boolean;
}

/**
 * Every 2× level, finest first; a stored level within 1% of a 2^k downsample stands for it. Computed once
 * per open slide: every tile request asks.
 */
const known = new WeakMap<readonly SlideLevel[], VirtualLevel[]>();

export function virtualLevels(stored: readonly SlideLevel[]): VirtualLevel[] {
  let levels = known.get(stored);
  if (!levels) known.set(stored, (levels = computeVirtualLevels(stored)));
  return levels;
}

function computeVirtualLevels(stored: readonly SlideLevel[]): VirtualLevel[] {
  const { w: tileWidth, h: tileHeight } = servedTileSize(stored[0]!);
  const out: VirtualLevel[] = [];
  for (let k = 0; ; k++) {
    const scale = 2 ** k;
    const width = Math.max(1, Math.ceil(stored[0]!.width / scale));
    const height = Math.max(1, Math.ceil(stored[0]!.height / scale));
    const exact = stored.findIndex((l) => Math.abs(l.downsample / scale - 1) < 0.01);
    if (exact >= 0) {
      const l = stored[exact]!;
      out.push(
        l.isTiled
          ? {
              width: l.width,
              height: l.height,
              tileWidth: l.tileWidth,
              tileHeight: l.tileHeight,
              stored: exact,
              factor: 1,
              isCut: false,
            }
          : {
              width: l.width,
              height: l.height,
              tileWidth,
              tileHeight,
              stored: exact,
              factor: 1,
              isCut: true,
            },
      );
    } else {
      // The coarsest stored level still finer than this one: the fewest pixels to decode.
      let finer = 0;
      stored.forEach((l, i) => {
        if (l.downsample < scale && l.downsample > stored[finer]!.downsample) finer = i;
      });
      out.push({
        width,
        height,
        tileWidth,
        tileHeight,
        stored: finer,
        factor: scale / stored[finer]!.downsample,
        isCut: true,
      });
    }
    if (width <= tileWidth && height <= tileHeight) return out;
  }
}

type Samples = Uint8Array | Uint8ClampedArray | Uint16Array;

/** Pixels of a tile, some interleaved samples each, row by row. */
export interface PixelPlane<T extends Samples> {
  data: T;
  width: number;
  height: number;
}

/**
 * Makes tile (x, y) of a virtual level from its stored level: reads the stored tiles covering the region
 * (`readStored` answers one decoded RGB tile, possibly padded at the edge), stitches them and averages the
 * region down to the tile (clipped to the level, like stored tiles of a level the viewer clips anyway).
 */
export async function generateTile(
  level: VirtualLevel,
  storedLevel: SlideLevel,
  x: number,
  y: number,
  readStored: (sx: number, sy: number) => Promise<RgbTile>,
): Promise<RgbTile> {
  const read = (sx: number, sy: number) =>
    readStored(sx, sy).then((t) => ({ data: t.rgb, width: t.width, height: t.height }));
  const cut = await stitchRegion(level, storedLevel, x, y, 3, (n) => new Uint8Array(n), read);
  const rgb = boxDownsample(cut.region, cut.regionW, cut.regionH, cut.outW, cut.outH, level.factor);
  return { rgb, width: cut.outW, height: cut.outH };
}

/**
 * generateTile for planes of any number of 16-bit samples per pixel (channel tiles: every channel's
 * sample of a pixel side by side), averaged sample by sample.
 */
export async function generatePlane(
  level: VirtualLevel,
  storedLevel: SlideLevel,
  x: number,
  y: number,
  samplesPerPixel: number,
  readStored: (sx: number, sy: number) => Promise<PixelPlane<Uint16Array>>,
): Promise<PixelPlane<Uint16Array>> {
  const cut = await stitchRegion(
    level,
    storedLevel,
    x,
    y,
    samplesPerPixel,
    (n) => new Uint16Array(n),
    readStored,
  );
  const data = boxDownsampleSamples(cut, samplesPerPixel, level.factor);
  return { data, width: cut.outW, height: cut.outH };
}

/** The stored tiles covering virtual tile (x, y), copied into one region of the stored level. */
async function stitchRegion<T extends Uint8Array | Uint16Array>(
  level: VirtualLevel,
  storedLevel: SlideLevel,
  x: number,
  y: number,
  spp: number,
  allocate: (length: number) => T,
  readStored: (sx: number, sy: number) => Promise<PixelPlane<Samples>>,
) {
  const outW = Math.min(level.tileWidth, level.width - x * level.tileWidth);
  const outH = Math.min(level.tileHeight, level.height - y * level.tileHeight);
  const x0 = Math.floor(x * level.tileWidth * level.factor);
  const y0 = Math.floor(y * level.tileHeight * level.factor);
  const x1 = Math.min(storedLevel.width, Math.ceil((x * level.tileWidth + outW) * level.factor));
  const y1 = Math.min(storedLevel.height, Math.ceil((y * level.tileHeight + outH) * level.factor));
  const regionW = x1 - x0;
  const regionH = y1 - y0;
  const region = allocate(regionW * regionH * spp);
  const tw = storedLevel.tileWidth;
  const th = storedLevel.tileHeight;
  const reads: Promise<void>[] = [];
  for (let sy = Math.floor(y0 / th); sy * th < y1; sy++) {
    for (let sx = Math.floor(x0 / tw); sx * tw < x1; sx++) {
      reads.push(
        readStored(sx, sy).then((tile) => {
          // Copy the part of the stored tile inside the region, row by row.
          const left = Math.max(x0, sx * tw);
          const right = Math.min(x1, sx * tw + tile.width);
          const top = Math.max(y0, sy * th);
          const bottom = Math.min(y1, sy * th + tile.height);
          for (let row = top; row < bottom; row++) {
            const src = ((row - sy * th) * tile.width + (left - sx * tw)) * spp;
            region.set(
              tile.data.subarray(src, src + (right - left) * spp),
              ((row - y0) * regionW + (left - x0)) * spp,
            );
          }
        }),
      );
    }
  }
  await Promise.all(reads);
  return { region, regionW, regionH, outW, outH };
}

/** The blocks boxDownsample averages: output pixel i covers region pixels [from(i), to(i)). */
function blockBounds(factor: number) {
  const from = (i: number, size: number) => Math.min(size - 1, Math.floor(i * factor));
  const to = (i: number, size: number) =>
    Math.max(from(i, size) + 1, Math.min(size, Math.floor((i + 1) * factor)));
  return { from, to };
}

/** boxDownsample for `spp` samples per pixel of any width (a plain loop over the samples). */
function boxDownsampleSamples(
  {
    region,
    regionW,
    regionH,
    outW,
    outH,
  }: { region: Uint16Array; regionW: number; regionH: number; outW: number; outH: number },
  spp: number,
  factor: number,
): Uint16Array {
  const out = new Uint16Array(outW * outH * spp);
  const sums = new Float64Array(spp);
  const { from, to } = blockBounds(factor);
  for (let j = 0; j < outH; j++) {
    const y0 = from(j, regionH);
    const y1 = to(j, regionH);
    for (let i = 0; i < outW; i++) {
      const x0 = from(i, regionW);
      const x1 = to(i, regionW);
      sums.fill(0);
      for (let y = y0; y < y1; y++)
        for (let p = (y * regionW + x0) * spp, end = (y * regionW + x1) * spp; p < end; p += spp)
          for (let c = 0; c < spp; c++) sums[c]! += region[p + c]!;
      const n = (y1 - y0) * (x1 - x0);
      const o = (j * outW + i) * spp;
      for (let c = 0; c < spp; c++) out[o + c] = Math.round(sums[c]! / n);
    }
  }
  return out;
}

/** Each output pixel is the mean of its factor × factor block of the region (fewer at the region's edge). */
function boxDownsample(
  region: Uint8Array,
  regionW: number,
  regionH: number,
  outW: number,
  outH: number,
  factor: number,
): Uint8Array {
  const out = new Uint8Array(outW * outH * 3);
  const { from, to } = blockBounds(factor);
  for (let j = 0; j < outH; j++) {
    const y0 = from(j, regionH);
    const y1 = to(j, regionH);
    for (let i = 0; i < outW; i++) {
      const x0 = from(i, regionW);
      const x1 = to(i, regionW);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let p = (y * regionW + x0) * 3, end = (y * regionW + x1) * 3; p < end; p += 3) {
          r += region[p]!;
          g += region[p + 1]!;
          b += region[p + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (j * outW + i) * 3;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
    }
  }
  return out;
}
