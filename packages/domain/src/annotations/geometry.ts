/**
 * Annotation geometry (spec 2 §3 "Annotation feature", §5 "Geometry"): the shapes a feature may have —
 * a polygon with holes, a line string or a point, in image pixels with y down — what a stored shape must
 * be to be accepted at all, and the checks that mark a shape for repair with the spec's messages.
 */
import { z } from 'zod';

/** Spec 2 §5, worded exactly. */
export const GEOMETRY_MESSAGES = {
  toBeDeleted: 'Feature to be deleted',
  invalid: 'Invalid geometry detected.',
  ringTooShort: 'Each LinearRing of a Polygon must have 4 or more Positions.',
  ringOpen: 'First and last Position are not equivalent.',
  openLineString: 'Open LineString detected',
  unknownType: 'Annotation type is unknown',
  invalidReceived: (what: string) => `Invalid annotation received: ${what} Ignored`,
} as const;

/**
 * The most vertices one feature may have. A freehand outline simplified at the view's resolution has
 * hundreds; a QuPath export of a large tissue outline tens of thousands. A million is refused.
 */
export const MAX_FEATURE_VERTICES = 200_000;

const coordinate = z.number().refine(Number.isFinite, 'A coordinate must be a finite number');
export const positionSchema = z.tuple([coordinate, coordinate]).rest(z.number());
export type Position = [number, number, ...number[]];

export const geometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(positionSchema).min(1)).min(1) }),
    z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema).min(1) }),
    z.object({ type: z.literal('Point'), coordinates: positionSchema }),
  ])
  .superRefine((geometry, ctx) => {
    if (vertexCount(geometry) > MAX_FEATURE_VERTICES)
      ctx.addIssue({
        code: 'custom',
        message: `A feature may have at most ${MAX_FEATURE_VERTICES} vertices`,
      });
  });
export type Geometry = z.infer<typeof geometrySchema>;

export function vertexCount(geometry: Geometry): number {
  switch (geometry.type) {
    case 'Point':
      return 1;
    case 'LineString':
      return geometry.coordinates.length;
    case 'Polygon':
      return geometry.coordinates.reduce((n, ring) => n + ring.length, 0);
  }
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The smallest box holding every vertex. */
export function boundingBoxOf(geometry: Geometry): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = ([x, y]: readonly number[]) => {
    box.minX = Math.min(box.minX, x!);
    box.maxX = Math.max(box.maxX, x!);
    box.minY = Math.min(box.minY, y!);
    box.maxY = Math.max(box.maxY, y!);
  };
  if (geometry.type === 'Point') add(geometry.coordinates);
  else if (geometry.type === 'LineString') geometry.coordinates.forEach(add);
  else for (const ring of geometry.coordinates) ring.forEach(add);
  return box;
}

/** Whether a box lies within an image of this size (a feature must be on its slide). */
export const isWithinImage = (box: Box, size: { w: number; h: number }): boolean =>
  box.minX >= 0 && box.minY >= 0 && box.maxX <= size.w && box.maxY <= size.h;

/** Spec 2 §5: coordinates are written with one decimal at most. */
export const roundCoordinate = (value: number): number => Math.round(value * 10) / 10;

export function roundGeometry(geometry: Geometry): Geometry {
  const round = (p: readonly number[]): Position => [roundCoordinate(p[0]!), roundCoordinate(p[1]!)];
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: round(geometry.coordinates) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(round) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(round)) };
  }
}

/** What is wrong with a shape, and where (an open line is marked at both ends). */
export interface GeometryError {
  message: string;
  at: Position[];
  /** The shape cannot be repaired and goes (spec 2 §5: rings of fewer than 3 distinct points). */
  isToBeDeleted: boolean;
}

const samePosition = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/**
 * The spec 2 §5 checks of a region feature's shape. Rings: a ring that closes on its third position, or
 * has fewer than 3, is 'Feature to be deleted'; an open ring is 'First and last Position are not
 * equivalent.'; a ring of fewer than 4 positions 'Each LinearRing…'; a ring crossing itself 'Invalid
 * geometry detected.'. A freehand line string that is not a ruler is 'Open LineString detected', marked
 * at both ends. Features of the IM class are not checked (spec 2 §3).
 */
export function geometryErrors(
  geometry: Geometry,
  feature: { type: string; classId: string },
): GeometryError[] {
  if (feature.classId === 'IM') return [];
  if (geometry.type === 'LineString') {
    if (feature.type === 'Ruler') return [];
    const line = geometry.coordinates;
    return [
      { message: GEOMETRY_MESSAGES.openLineString, at: [line[0]!, line.at(-1)!], isToBeDeleted: false },
    ];
  }
  if (geometry.type !== 'Polygon') return [];
  const errors: GeometryError[] = [];
  for (const ring of geometry.coordinates) {
    const isClosed = ring.length > 1 && samePosition(ring[0]!, ring.at(-1)!);
    const distinct = isClosed ? ring.length - 1 : ring.length;
    if (distinct < 3) {
      errors.push({ message: GEOMETRY_MESSAGES.toBeDeleted, at: [ring[0]!], isToBeDeleted: true });
      continue;
    }
    if (!isClosed)
      errors.push({
        message: GEOMETRY_MESSAGES.ringOpen,
        at: [ring[0]!, ring.at(-1)!],
        isToBeDeleted: false,
      });
    else if (ring.length < 4)
      errors.push({ message: GEOMETRY_MESSAGES.ringTooShort, at: [ring[0]!], isToBeDeleted: false });
    const crossing = selfCrossing(ring, isClosed);
    if (crossing) errors.push({ message: GEOMETRY_MESSAGES.invalid, at: [crossing], isToBeDeleted: false });
  }
  return errors;
}

/**
 * A point where two edges of the ring cross, or null. Edges are swept by their left end, so each edge
 * is tested only against the edges whose x ranges overlap it: about n log n for an outline, which is
 * what freehand drawing makes (a worst case of many long overlapping edges is n²).
 */
function selfCrossing(ring: readonly (readonly number[])[], isClosed: boolean): Position | null {
  const n = isClosed ? ring.length - 1 : ring.length;
  const edges: { i: number; minX: number; maxX: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    edges.push({ i, minX: Math.min(a[0]!, b[0]!), maxX: Math.max(a[0]!, b[0]!) });
  }
  edges.sort((p, q) => p.minX - q.minX);
  const active: typeof edges = [];
  for (const edge of edges) {
    for (let k = active.length - 1; k >= 0; k--) if (active[k]!.maxX < edge.minX) active.splice(k, 1);
    for (const other of active) {
      const gap = Math.abs(edge.i - other.i);
      if (gap === 1 || gap === n - 1) continue; // neighbours share a vertex
      const at = crossingOf(ring[edge.i]!, ring[(edge.i + 1) % n]!, ring[other.i]!, ring[(other.i + 1) % n]!);
      if (at) return at;
    }
    active.push(edge);
  }
  return null;
}

/** Where segments ab and cd cross or touch, or null. */
function crossingOf(
  a: readonly number[],
  b: readonly number[],
  c: readonly number[],
  d: readonly number[],
): Position | null {
  const [ax, ay, bx, by, cx, cy, dx, dy] = [a[0]!, a[1]!, b[0]!, b[1]!, c[0]!, c[1]!, d[0]!, d[1]!];
  const denominator = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx);
  if (denominator === 0) return null; // parallel: overlapping collinear edges are left to the repair
  const t = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / denominator;
  const u = ((cx - ax) * (by - ay) - (cy - ay) * (bx - ax)) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? [ax + t * (bx - ax), ay + t * (by - ay)] : null;
}
