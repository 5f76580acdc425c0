/**
 * Level of detail for annotation viewports (issue #13 point 4): zoomed far out, the viewer asks for
 * outlines thinned to what the screen can show, or for centroids alone — far fewer vertices to send and
 * draw. Thinning keeps a vertex only when it lies at least `tolerance` image pixels from the last one
 * kept (radial distance: one pass, no parse of neighbours), and never breaks a shape's kind: a ring
 * keeps at least 4 positions and stays closed, a line its two ends.
 */
import type { Geometry, Position } from './geometry.ts';

export const ANNOTATION_DETAILS = ['full', 'simplified', 'centroid'] as const;
export type AnnotationDetail = (typeof ANNOTATION_DETAILS)[number];

/** The most features one viewport answer holds; past it the answer says it was cut short. */
export const MAX_VIEWPORT_FEATURES = 200_000;

/**
 * The vertices of a line of `count` a thinning keeps, by index: the first and last, and each one at least
 * `tolerance` from the last one kept — or, when that leaves fewer than `minimum`, every (n / minimum)-th.
 * By index, so that parsed positions and the binary transport's flat arrays are thinned by one rule.
 */
export function thinnedIndices(
  count: number,
  xAt: (i: number) => number,
  yAt: (i: number) => number,
  tolerance: number,
  minimum: number,
): number[] {
  if (count <= minimum) return Array.from({ length: count }, (_, i) => i);
  const squared = tolerance * tolerance;
  const kept = [0];
  let kx = xAt(0);
  let ky = yAt(0);
  for (let i = 1; i < count - 1; i++) {
    const x = xAt(i);
    const y = yAt(i);
    if ((x - kx) ** 2 + (y - ky) ** 2 >= squared) {
      kept.push(i);
      kx = x;
      ky = y;
    }
  }
  kept.push(count - 1);
  // Too thin to keep its kind: the original's every (n / minimum)-th vertex instead.
  if (kept.length < minimum) {
    const step = (count - 1) / (minimum - 1);
    return Array.from({ length: minimum }, (_, i) => Math.round(i * step));
  }
  return kept;
}

/** The fewest positions a thinned ring keeps (closed, and a ring) and a thinned line (its two ends). */
export const THINNED_MINIMUM = { ring: 4, line: 2 } as const;

function thin(line: readonly Position[], tolerance: number, minimum: number): Position[] {
  return thinnedIndices(
    line.length,
    (i) => line[i]![0],
    (i) => line[i]![1],
    tolerance,
    minimum,
  ).map((i) => line[i]!);
}

export function simplifyGeometry(geometry: Geometry, tolerance: number): Geometry {
  switch (geometry.type) {
    case 'Point':
      return geometry;
    case 'LineString':
      return { type: 'LineString', coordinates: thin(geometry.coordinates, tolerance, THINNED_MINIMUM.line) };
    case 'Polygon':
      return {
        type: 'Polygon',
        coordinates: geometry.coordinates.map((ring) => thin(ring, tolerance, THINNED_MINIMUM.ring)),
      };
  }
}

/** The centre of a feature's bounding box: where a centroid marker is drawn. */
export const boxCentre = (box: { minX: number; minY: number; maxX: number; maxY: number }): Position => [
  (box.minX + box.maxX) / 2,
  (box.minY + box.maxY) / 2,
];

/** Zoomed in to this many image pixels per screen pixel or closer, the viewer asks for outlines as stored. */
export const FULL_DETAIL_RESOLUTION = 2;

/** The most region annotations the viewer asks for in one view; past it, it shows their centres instead. */
export const VIEWER_VIEWPORT_LIMIT = 20_000;

/** The share of the view added on each side of the box the viewer asks for, so a small pan needs no request. */
export const VIEWPORT_MARGIN = 0.25;

/** What the viewer asks for: a level of detail, and the thinning tolerance in image pixels. */
export interface ViewportDetail {
  detail: AnnotationDetail;
  tolerance: number;
}

/**
 * What the viewer asks for at `resolution` (image pixels per screen pixel): outlines as stored up close;
 * farther out, thinned to about a screen pixel. The tolerance is a power of two, so a small zoom asks
 * for the same answer (and the viewer keeps what it has); `isCrowded` (the last answer was cut short at
 * VIEWER_VIEWPORT_LIMIT) asks for centres alone. `isExact` (a tool that reshapes outlines is in use)
 * asks for outlines as stored at any resolution: a reshaped thinned outline would be saved thinned.
 */
export function viewportDetailAt(resolution: number, isCrowded = false, isExact = false): ViewportDetail {
  if (isCrowded) return { detail: 'centroid', tolerance: 1 };
  if (isExact || !(resolution > FULL_DETAIL_RESOLUTION)) return { detail: 'full', tolerance: 1 };
  return { detail: 'simplified', tolerance: 2 ** Math.floor(Math.log2(resolution)) };
}
