/**
 * Editing an existing outline with the drawing tool (spec 2 §4 "Drawing": correction, cutting, continuing
 * an open line). Positions on an outline are measured along it: segment i plus how far along it (0–1).
 * A correction replaces the stretch between where the stroke left the outline and where it came back
 * (snapped back within the snap tolerance); of the two outlines that could make, the one enclosing more
 * is kept (a correction changes a part, not the bulk). A cut adds the stroke as a hole when it lies
 * inside the polygon and outside its other holes. A line continued from an end gets the stroke there.
 */
import type { Geometry, Position } from '../annotations/geometry.ts';
import { isValidRing } from './drawing.ts';

/** A point on an outline: which ring (0 for a line), where along it, the point, its distance. */
export interface OutlinePoint {
  ring: number;
  /** Segment index plus the fraction along it. */
  at: number;
  point: Position;
  distance: number;
}

const ringsOf = (g: Geometry): readonly (readonly Position[])[] =>
  g.type === 'Polygon' ? g.coordinates : g.type === 'LineString' ? [g.coordinates] : [];

/** The nearest point of the outline (any ring of a polygon, or the line) to `p`. */
export function nearestOnOutline(geometry: Geometry, p: Position): OutlinePoint | null {
  let best: OutlinePoint | null = null;
  ringsOf(geometry).forEach((ring, r) => {
    for (let i = 0; i < ring.length - 1; i++) {
      const [ax, ay] = ring[i]!;
      const [bx, by] = ring[i + 1]!;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2));
      const point: Position = [ax + t * dx, ay + t * dy];
      const distance = Math.hypot(p[0] - point[0], p[1] - point[1]);
      if (!best || distance < best.distance) best = { ring: r, at: i + t, point, distance };
    }
  });
  return best;
}

/** Which end of an open line lies within `distance` of `p` (the nearer one), or null. */
export function lineEndNear(
  line: readonly Position[],
  p: Position,
  distance: number,
): 'start' | 'end' | null {
  const toStart = Math.hypot(p[0] - line[0]![0], p[1] - line[0]![1]);
  const toEnd = Math.hypot(p[0] - line.at(-1)![0], p[1] - line.at(-1)![1]);
  if (Math.min(toStart, toEnd) > distance) return null;
  return toEnd <= toStart ? 'end' : 'start';
}

/** The line's points with the stroke drawn on from its `end` (the line turned round for its start). */
export function continuedLine(
  line: readonly Position[],
  end: 'start' | 'end',
  stroke: readonly Position[],
): Position[] {
  const ordered = end === 'end' ? [...line] : [...line].reverse();
  return [...ordered, ...stroke];
}

/** The ring's vertices passed going forward from `from` to `to` (positions along it), wrapping round. */
function verticesBetween(ring: readonly Position[], from: number, to: number): Position[] {
  const m = ring.length - 1;
  const out: Position[] = [];
  let k = Math.floor(from) + 1;
  const last = to > from ? Math.floor(to) : Math.floor(to) + m;
  for (; k <= last; k++) out.push(ring[k % m]!);
  return out;
}

const area = (ring: readonly Position[]) => {
  let twice = 0;
  for (let i = 0; i < ring.length - 1; i++)
    twice += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return Math.abs(twice) / 2;
};

const closedRing = (points: readonly Position[]): Position[] => [...points, points[0]!];

/**
 * The outline with the stretch between `from` and `to` replaced by `stroke` (which runs from the one to the
 * other). Null when it cannot be done: the two on different rings, or nothing valid left.
 */
export function correctedOutline(
  geometry: Geometry,
  from: OutlinePoint,
  to: OutlinePoint,
  stroke: readonly Position[],
): Geometry | null {
  if (from.ring !== to.ring) return null;
  const path = [from.point, ...stroke.slice(1, -1), to.point];
  if (geometry.type === 'LineString') {
    const line = geometry.coordinates;
    const [first, second, drawn] = from.at <= to.at ? [from, to, path] : [to, from, [...path].reverse()];
    return {
      type: 'LineString',
      coordinates: [
        ...line.slice(0, Math.floor(first.at) + 1),
        ...drawn,
        ...line.slice(Math.floor(second.at) + 1),
      ],
    };
  }
  if (geometry.type !== 'Polygon') return null;
  const ring = geometry.coordinates[from.ring]!;
  const one = closedRing([...path, ...verticesBetween(ring, to.at, from.at)]);
  const other = closedRing([...verticesBetween(ring, from.at, to.at), ...[...path].reverse()]);
  const candidates = [one, other].filter(isValidRing);
  if (candidates.length === 0) return null;
  const kept = candidates.reduce((a, b) => (area(b) > area(a) ? b : a));
  const coordinates = geometry.coordinates.map((r, i) => (i === from.ring ? kept : [...r]));
  return { type: 'Polygon', coordinates };
}

/** Whether `p` lies inside the ring (even–odd rule). */
export function isInRing(p: Position, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether `p` lies in the polygon: inside its outer ring and outside its holes. */
export const isInPolygon = (p: Position, rings: readonly (readonly Position[])[]): boolean =>
  isInRing(p, rings[0]!) && !rings.slice(1).some((hole) => isInRing(p, hole));

/**
 * The polygon with the stroke as a new hole, or null when the stroke does not lie wholly inside it (in its
 * outer ring, outside its holes) or makes no ring.
 */
export function withHole(polygon: Geometry, stroke: readonly Position[]): Geometry | null {
  if (polygon.type !== 'Polygon' || stroke.length < 3) return null;
  if (!stroke.every((p) => isInPolygon(p, polygon.coordinates))) return null;
  const hole = closedRing(stroke);
  if (!isValidRing(hole)) return null;
  return { type: 'Polygon', coordinates: [...polygon.coordinates, hole] };
}
