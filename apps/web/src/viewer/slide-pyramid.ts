/**
 * A slide's tile pyramid in the map's terms: OpenLayers in image pixel units with y negated (the map's y
 * axis points up, the image's down), the image covering [0, -h, w, 0], tiles from its top-left corner.
 * Resolutions and tile sizes are in z order — the tile path's z, 0 the smallest level (spec 2 §7) —
 * which is also the order OpenLayers counts a tile grid's zoom levels in.
 */
import type { ImageInfo } from '@tessera/contract';

type TileLevels = ImageInfo['tileLevels'];

/** Which tile path a slide's tiles come from, with its grid (imageInfo.tileLevels or optimizedTileLevels). */
export interface SlideTiles {
  path: 'tile' | 'tile-converted';
  levels: TileLevels;
}

export interface SlidePyramid {
  /** [minX, minY, maxX, maxY] of the image in map units. */
  extent: [number, number, number, number];
  /** Image pixels per level pixel, coarsest (z = 0) first. */
  resolutions: number[];
  /** [w, h] of the tiles of each z. */
  tileSizes: [number, number][];
  /** How many tile columns each z has. */
  columns: number[];
}

/** The viewer can zoom in this far past the full resolution (a screen pixel for a quarter image pixel). */
export const MIN_RESOLUTION = 0.25;

/**
 * The tiles the viewer shows: the optimized pyramid once the slide is Converted and its grid is known
 * (spec 2 §7: "the path uses tile-converted instead of tile when conversion status is Converted"),
 * the original image's otherwise.
 */
export function slideTilesOf(slide: {
  conversionStatus: string;
  imageInfo: Pick<ImageInfo, 'tileLevels' | 'optimizedTileLevels'>;
}): SlideTiles {
  const optimized = slide.imageInfo.optimizedTileLevels;
  return slide.conversionStatus === 'Converted' && optimized
    ? { path: 'tile-converted', levels: optimized }
    : { path: 'tile', levels: slide.imageInfo.tileLevels };
}

export function slidePyramid(size: { w: number; h: number }, levels: TileLevels): SlidePyramid {
  const byZ = [...levels].reverse();
  return {
    extent: [0, -size.h, size.w, 0],
    // A level's resolution is exactly the power of two it was made at (virtual levels are 2× steps; a
    // stored level within 1 % of one stands for it), not width ratios that rounding skews.
    resolutions: byZ.map((_, z) => 2 ** (byZ.length - 1 - z)),
    tileSizes: byZ.map((l) => [l.tileSize.w, l.tileSize.h]),
    columns: byZ.map((l) => Math.ceil(l.size.w / l.tileSize.w)),
  };
}

/**
 * The tile grid's origin of each z for the slide mirrored horizontally (spec 2 §4 "Flip"): image x
 * becomes w − x, so the tile that was column c becomes column (columns − 1 − c), its image mirrored,
 * and a level's columns start where its last column's right edge lands — left of 0 when the last
 * column is padded past the image.
 */
export function flippedOrigins(width: number, pyramid: SlidePyramid): [number, number][] {
  return pyramid.resolutions.map((r, z) => [width - pyramid.columns[z]! * pyramid.tileSizes[z]![0] * r, 0]);
}
