/**
 * The repair of invalid annotations (spec 2 §4 "Invalid annotations"): what `fixAnnotations` does to a
 * set's marked features. Rings are closed, a freehand outline left open is closed into a polygon, and
 * the polygon goes through a zero-width buffer (jsts), which untangles self-crossings; a multi-part result
 * keeps the first part in the feature and makes new annotations of the same class from the others.
 * Features with rings of fewer than 3 distinct points, or whose repair leaves nothing, are to be deleted.
 * The IM class and rulers are never touched (spec 2 §3). A subpath of its own
 * (`@tessera/domain/annotation-repair`): jsts loads only where the repair runs.
 */
// jsts ships types of its own that differ from the few it is used by here; these win wherever this
// file is compiled (the web as well as the domain).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./jsts.d.ts" />
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import GeoJSONWriter from 'jsts/org/locationtech/jts/io/GeoJSONWriter.js';
import BufferOp from 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js';
import { geometryErrors, type Geometry, type Position } from './geometry.ts';

export interface RepairInput {
  geometry: Geometry;
  type: string;
  classId: string;
}

export interface RepairResult {
  /** Features whose geometry the repair changed, by their index in the input, with the new geometry. */
  fixed: { index: number; geometry: Geometry }[];
  /** New annotations from the further parts of a multi-part repair, with the feature they came from. */
  created: { from: number; geometry: Geometry }[];
  /** Features that cannot be repaired, by index. */
  toDelete: number[];
}

const reader = new GeoJSONReader();
const writer = new GeoJSONWriter();

const closed = (ring: readonly Position[]): Position[] => {
  const [first, last] = [ring[0]!, ring.at(-1)!];
  return first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
};

/** The polygons a zero-width buffer of these rings gives (outer ring first, then holes), or none. */
function bufferedPolygons(rings: readonly Position[][]): Geometry[] {
  const result = BufferOp.bufferOp(reader.read({ type: 'Polygon', coordinates: rings.map(closed) }), 0);
  if (result.isEmpty()) return [];
  const parts: Geometry[] = [];
  for (let n = 0; n < result.getNumGeometries(); n++) {
    const part = writer.write(result.getGeometryN(n));
    if (part.type === 'Polygon')
      parts.push({ type: 'Polygon', coordinates: part.coordinates as Position[][] });
  }
  return parts;
}

export function repairFeatures(features: readonly RepairInput[]): RepairResult {
  const result: RepairResult = { fixed: [], created: [], toDelete: [] };
  features.forEach((feature, index) => {
    const errors = geometryErrors(feature.geometry, feature);
    if (errors.length === 0) return;
    if (errors.some((e) => e.isToBeDeleted)) return result.toDelete.push(index);
    const { geometry } = feature;
    const rings =
      geometry.type === 'Polygon'
        ? geometry.coordinates
        : geometry.type === 'LineString'
          ? [geometry.coordinates]
          : [];
    // An open line of fewer than 3 distinct points encloses nothing.
    if (rings.length === 0 || new Set(rings[0]!.map(([x, y]) => `${x},${y}`)).size < 3)
      return result.toDelete.push(index);
    const [first, ...more] = bufferedPolygons(rings);
    if (!first) return result.toDelete.push(index);
    result.fixed.push({ index, geometry: first });
    for (const part of more) result.created.push({ from: index, geometry: part });
  });
  return result;
}
