/**
 * The cell markers' level of detail far out. A million markers seen whole are a million discs drawn
 * over one another: on a GPU drawn in software (SwiftShader, a headless browser, a thin client) the
 * seconds go to the pixels drawn again and again, not to the markers seen. So far out only the first
 * live marker of each grid cell about a marker's radius wide is drawn, at its own place: where markers
 * crowd, their discs still cover the area in their classes' colours; a marker alone in its cell — the
 * sparse areas, any marker zoomed in — is drawn as it is. The cells come in half powers of two, so a
 * zoom reuses a few grids; each is built once per state of the markers (the layer drops them on an
 * edit).
 */

/** The markers as the layer draws them (MarkerStore). */
export interface MarkerPoints {
  count: number;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  isLive(i: number): boolean;
}

/** Most cells one grid spans: its bitmap stays within 16 MB. */
const MAX_CELLS = 1 << 24;

/**
 * The cell, in image pixels, for markers of `radius` screen pixels at `resolution` image pixels a
 * screen pixel: the radius, rounded down to a half power of two; null under 2 image pixels (nothing
 * worth thinning: markers that close are seen apart).
 */
export function thinningCell(resolution: number, radius: number): number | null {
  const target = resolution * radius;
  if (!(target >= 2)) return null;
  return 2 ** (Math.floor(2 * Math.log2(target)) / 2);
}

/**
 * The indices of the markers drawn at `cell`: the first live one of each cell, in index order (the
 * order they are drawn in whole). Null when the grid would be too large to be worth it.
 */
export function thinnedMarkers(points: MarkerPoints, cell: number): Uint32Array | null {
  const { count, x, y } = points;
  let maxX = 0;
  let maxY = 0;
  for (let i = 0; i < count; i++) {
    if (x[i]! > maxX) maxX = x[i]!;
    if (y[i]! > maxY) maxY = y[i]!;
  }
  const columns = Math.floor(maxX / cell) + 1;
  const rows = Math.floor(maxY / cell) + 1;
  if (columns * rows > MAX_CELLS) return null;
  const taken = new Uint8Array(columns * rows);
  const kept = new Uint32Array(count);
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (!points.isLive(i)) continue;
    // Markers lie on the image (the server refuses others); one off it counts in the edge cell.
    const column = Math.min(columns - 1, Math.max(0, Math.floor(x[i]! / cell)));
    const row = Math.min(rows - 1, Math.max(0, Math.floor(y[i]! / cell)));
    const key = row * columns + column;
    if (taken[key]) continue;
    taken[key] = 1;
    kept[n++] = i;
  }
  return kept.slice(0, n);
}
