/**
 * The order region rows are written in: along a Hilbert curve through their boxes' centres. Tables keep
 * rows in about the order they were written (SQLite by row id, PostgreSQL's heap by append), and a
 * viewport reads the rows whose boxes meet it: written in this order, neighbours on the slide are
 * neighbours on disk, so a viewport reads a few runs of pages rather than one page per feature. A batch
 * of 10,000 features spread over a slide then costs a 50,000-feature viewport about a seventh of the
 * pages (docs/benchmarks.md "annotations"); one feature at a time, the order cannot matter.
 */

/** Cells of 4 × 4 px on a 2^16 × 2^16 grid: slides up to 262,144 px a side; larger ones share the edge. */
const CELL_BITS = 2;
const GRID = 1 << 16;

/** The distance along the Hilbert curve of cell (x, y) of the GRID × GRID grid (the classic rotate-and-fold). */
export function hilbertIndex(x: number, y: number): number {
  let d = 0;
  for (let s = GRID >>> 1; s > 0; s >>>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return d;
}

const cellOf = (v: number) => Math.min(GRID - 1, Math.max(0, Math.floor(v) >> CELL_BITS));

/** `rows` sorted by the Hilbert index of their boxes' centres (a new array; ties keep their order). */
export function inSpatialOrder<T extends { min_x: number; min_y: number; max_x: number; max_y: number }>(
  rows: readonly T[],
): T[] {
  const keyed = rows.map((row) => ({
    row,
    key: hilbertIndex(cellOf((row.min_x + row.max_x) / 2), cellOf((row.min_y + row.max_y) / 2)),
  }));
  keyed.sort((a, b) => a.key - b.key);
  return keyed.map((k) => k.row);
}
