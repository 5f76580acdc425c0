/**
 * What a press of the drawing tool lands on (spec 2 §4 "Drawing", idle): the outline of an editable
 * region within the connect distance — an open line's end (continue it) or any point of it (correct it)
 * — or the inside of a polygon of the active class (cut a hole), or nothing (a new outline). Editable:
 * not locked, read at full detail, not a ruler, and an FOV only while the FOV class is active.
 */
import type Feature from 'ol/Feature.js';
import {
  canEditGeometry,
  isInPolygon,
  lineEndNear,
  nearestOnOutline,
  type OutlinePoint,
  type Position,
  type RegionSnapshot,
} from '@tessera/domain';
import { editedOf, REGION } from '../region-features.ts';
import type { RegionLayer } from '../region-layer.ts';

export type OutlineTarget =
  | { kind: 'continue'; region: RegionSnapshot; end: 'start' | 'end' }
  | { kind: 'correct'; region: RegionSnapshot; from: OutlinePoint }
  | { kind: 'cut'; region: RegionSnapshot }
  | { kind: 'new' };

const isEditable = (feature: Feature, activeClassId: string) =>
  feature.get(REGION.isExact) === true &&
  !editedOf(feature).isRuler &&
  canEditGeometry(editedOf(feature), { activeClassId, isMove: false });

/**
 * The target of a press at `point` (image pixels; `coordinate` the same in map coordinates), `connect`
 * the connect distance in image pixels.
 */
export function outlineTargetAt(
  regions: RegionLayer,
  point: Position,
  coordinate: number[],
  connect: number,
  activeClassId: string,
): OutlineTarget {
  const [mx, my] = coordinate as [number, number];
  let nearest: { region: RegionSnapshot; at: OutlinePoint } | null = null;
  let container: RegionSnapshot | null = null;
  for (const feature of regions.features()) {
    const extent = feature.getGeometry()?.getExtent();
    if (!extent || mx < extent[0]! - connect || mx > extent[2]! + connect) continue;
    if (my < extent[1]! - connect || my > extent[3]! + connect) continue;
    if (!isEditable(feature, activeClassId)) continue;
    const region = regions.snapshot(String(feature.getId()));
    if (!region) continue;
    const at = nearestOnOutline(region.geometry, point);
    if (at && at.distance <= connect && (!nearest || at.distance < nearest.at.distance))
      nearest = { region, at };
    if (
      !container &&
      region.geometry.type === 'Polygon' &&
      region.classId === activeClassId &&
      isInPolygon(point, region.geometry.coordinates)
    )
      container = region;
  }
  if (nearest) {
    const { region, at } = nearest;
    if (region.geometry.type === 'LineString') {
      const end = lineEndNear(region.geometry.coordinates, point, connect);
      if (end) return { kind: 'continue', region, end };
    }
    return { kind: 'correct', region, from: at };
  }
  return container ? { kind: 'cut', region: container } : { kind: 'new' };
}
