/**
 * Freehand drawing (spec 2 §4 "Drawing", §5 "Geometry", §9 "Distances"): what a finished stroke becomes.
 * A stroke that ends where it began, or is closed with Shift, is a polygon; otherwise an open line, which
 * can be continued later. A line of fewer than 3 points and a polygon that does not make a valid ring
 * are discarded. The outline is simplified at the view's resolution (a third of it for a correction).
 */
import type { Geometry, Position } from '../annotations/geometry.ts';
import { simplifyGeometry } from '../annotations/level-of-detail.ts';

/** Spec 2 §9, in screen pixels. */
export const DRAWING_DISTANCES = {
  /** A press this close to an outline edits it (or continues an open line from its end). */
  connect: 10,
  /** The drawing indicator's radius. */
  indicatorRadius: 3,
  /** A corrected stretch snaps back onto the outline within this distance (Ctrl turns snapping off). */
  snapTolerance: 40,
  /** Spec 2 §4: a move counts as a drag only beyond this. */
  dragThreshold: 2,
} as const;

/** Spec 2 §5: a correction is simplified at a third of the view's resolution. */
export const CORRECTION_TOLERANCE_SHARE = 1 / 3;

const distance = (a: Position, b: Position) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * The shape a stroke of `points` (image pixels) becomes, or null when it is discarded. `isClosing`: Shift
 * was held; `connect` is the connect distance in image pixels (10 screen pixels at the view's
 * resolution); `tolerance` the simplification tolerance in image pixels.
 */
export function finishStroke(
  points: readonly Position[],
  options: { isClosing: boolean; connect: number; tolerance: number },
): Geometry | null {
  if (points.length < 3) return null;
  const endsAtStart = distance(points[0]!, points[points.length - 1]!) <= options.connect;
  if (options.isClosing || endsAtStart) {
    const open = endsAtStart ? points.slice(0, -1) : points;
    const ring = simplifyGeometry(
      { type: 'Polygon', coordinates: [[...open, open[0]!]] },
      options.tolerance,
    ) as Extract<Geometry, { type: 'Polygon' }>;
    return isValidRing(ring.coordinates[0]!) ? ring : null;
  }
  return simplifyGeometry({ type: 'LineString', coordinates: [...points] }, options.tolerance);
}

/** Spec 2 §5: a ring of at least 4 positions, closed, enclosing some area (3 distinct points at least). */
export function isValidRing(ring: readonly Position[]): boolean {
  if (ring.length < 4) return false;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return false;
  let twice = 0;
  for (let i = 0; i < ring.length - 1; i++)
    twice += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return twice !== 0;
}
