export interface PlannedLevel {
  width: number;
  height: number;
  tilesAcross: number;
  tilesDown: number;
}

/** Tiles written so far of one level and channel, of its total (PyramidWriter.progress). */
export interface LevelProgress {
  level: number;
  channel: number;
  converted: number;
  total: number;
}

/**
 * Every 2× level down to the first that fits in one tile. Sizes are floored like libvips does, so each
 * reduced pixel averages four pixels that all lie inside the finer level (no padding bleeds in).
 */
export function planLevels(width: number, height: number, tileSize: number): PlannedLevel[] {
  const levels: PlannedLevel[] = [];
  let w = width;
  let h = height;
  for (;;) {
    levels.push({
      width: w,
      height: h,
      tilesAcross: Math.ceil(w / tileSize),
      tilesDown: Math.ceil(h / tileSize),
    });
    if ((w <= tileSize && h <= tileSize) || w < 2 || h < 2) return levels;
    w = Math.floor(w / 2);
    h = Math.floor(h / 2);
  }
}

/** The index of tile (x, y) in its level's row-major grid; a RangeError outside the pyramid's levels and channels. */
export function tileIndex(
  levels: readonly PlannedLevel[],
  channels: number,
  level: number,
  channel: number,
  x: number,
  y: number,
): number {
  const grid = levels[level];
  if (
    !grid ||
    channel < 0 ||
    channel >= channels ||
    x < 0 ||
    y < 0 ||
    x >= grid.tilesAcross ||
    y >= grid.tilesDown
  )
    throw new RangeError(`Tile (${x}, ${y}) of level ${level}, channel ${channel} is outside the pyramid`);
  return y * grid.tilesAcross + x;
}
