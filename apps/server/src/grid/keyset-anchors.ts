/**
 * The keyset anchors of deep leaf pages (grid.queries.ts findLeafPage): per request shape, the sort key
 * of the row before each block answered. They are valid for one data version of the tables a leaf page
 * reads; a new version starts the shape afresh. Shapes are kept least recently used first out.
 */

/** What the order and the filters of a leaf page can read (the QC view reads slides and their assays). */
export const ANCHOR_TABLES = ['slide_assays', 'slide_project_values', 'slide_values', 'slides'];
const MAX_SHAPES = 200;
const MAX_ANCHORS_PER_SHAPE = 2000;

/** What makes two requests' row orders the same: project, filters, search, group keys, sort, table. */
export type GridShape = readonly unknown[];

export class Anchors {
  /** Row index → the sort key of the row before it (sort values then id). */
  private readonly keys = new Map<number, unknown[]>();

  constructor(readonly version: string) {}

  keep(index: number, key: unknown[]): void {
    if (this.keys.size < MAX_ANCHORS_PER_SHAPE) this.keys.set(index, key);
  }

  entries(): IterableIterator<[number, unknown[]]> {
    return this.keys.entries();
  }
}

const anchorsByShape = new Map<string, Anchors>();

/** The anchors of a shape at this data version. */
export function anchorsFor(shape: GridShape, version: string): Anchors {
  const key = JSON.stringify(shape);
  let anchors = anchorsByShape.get(key);
  if (anchors && anchors.version !== version) anchors = undefined;
  if (!anchors) {
    anchors = new Anchors(version);
    if (anchorsByShape.size >= MAX_SHAPES) anchorsByShape.delete(anchorsByShape.keys().next().value!);
  }
  anchorsByShape.delete(key);
  anchorsByShape.set(key, anchors);
  return anchors;
}

/** The nearest kept key at or before `startRow` that a row-value comparison can seek past (no blanks in it). */
export function nearestAnchor(
  anchors: Anchors,
  startRow: number,
): { index: number; key: unknown[] } | undefined {
  let best: { index: number; key: unknown[] } | undefined;
  for (const [index, key] of anchors.entries()) {
    if (index <= startRow && index > (best?.index ?? 0) && key.every((v) => v !== null))
      best = { index, key };
  }
  return best;
}
