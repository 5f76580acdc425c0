export interface PlannedLevel {
  width: number;
  height: number;
  tilesAcross: number;
  tilesDown: number;
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
