/**
 * A region annotation as an OpenLayers feature and back (spec 2 §3 "Annotation feature"): the feature's
 * id is the annotation's (TMP_… while a new one is being saved), its geometry in map coordinates (y
 * negated, x mirrored while the slide is flipped), and its properties say its class, type and lock, and
 * whether its outline is exact (read at full detail: only those are reshaped, see the tools).
 */
import Feature from 'ol/Feature.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import type { SimpleGeometry } from 'ol/geom.js';
import { Fill, Stroke, Style, Text } from 'ol/style.js';
import type { Geometry, Position, RegionAnnotationType, RegionSnapshot } from '@tessera/domain';

/** The properties a region feature carries. */
export const REGION = {
  classId: 'classId',
  type: 'annotationType',
  isLocked: 'isLocked',
  isExact: 'isExact',
} as const;

/** Spec 2 §3: the viewer's own ids of annotations not saved yet. */
export const TEMPORARY_ID_PREFIX = 'TMP_';
let temporaryIds = 0;
export const temporaryId = (): string => `${TEMPORARY_ID_PREFIX}${++temporaryIds}`;
export const isTemporaryId = (id: string): boolean => id.startsWith(TEMPORARY_ID_PREFIX);

/** Image pixels (y down, unflipped) to map coordinates and back: the same mirror both ways. */
export interface MapFrame {
  imageWidth: number;
  isFlipped: boolean;
}

const toMap =
  (frame: MapFrame) =>
  ([x, y]: Position | number[]): number[] => [frame.isFlipped ? frame.imageWidth - x! : x!, -y!];
const toImage =
  (frame: MapFrame) =>
  ([x, y]: number[]): Position => [frame.isFlipped ? frame.imageWidth - x! : x!, -y!];

export function mapGeometryOf(geometry: Geometry, frame: MapFrame): Point | LineString | Polygon {
  const at = toMap(frame);
  switch (geometry.type) {
    case 'Point':
      return new Point(at(geometry.coordinates));
    case 'LineString':
      return new LineString(geometry.coordinates.map(at));
    case 'Polygon':
      return new Polygon(geometry.coordinates.map((ring) => ring.map(at)));
  }
}

export function imageGeometryOf(geometry: SimpleGeometry, frame: MapFrame): Geometry {
  const at = toImage(frame);
  if (geometry instanceof Point) return { type: 'Point', coordinates: at(geometry.getCoordinates()) };
  if (geometry instanceof LineString)
    return { type: 'LineString', coordinates: geometry.getCoordinates().map(at) };
  if (geometry instanceof Polygon)
    return { type: 'Polygon', coordinates: geometry.getCoordinates().map((ring) => ring.map(at)) };
  throw new Error(`A region cannot be a ${geometry.getType()}`);
}

export function regionFeatureOf(region: RegionSnapshot, frame: MapFrame): Feature {
  const feature = new Feature({
    geometry: mapGeometryOf(region.geometry, frame),
    [REGION.classId]: region.classId,
    [REGION.type]: region.type,
    [REGION.isLocked]: region.isLocked,
    [REGION.isExact]: true,
  });
  feature.setId(region.id);
  return feature;
}

export function snapshotOf(feature: Feature, frame: MapFrame): RegionSnapshot {
  return {
    id: String(feature.getId()),
    geometry: imageGeometryOf(feature.getGeometry() as SimpleGeometry, frame),
    classId: String(feature.get(REGION.classId)),
    type: feature.get(REGION.type) as RegionAnnotationType,
    isLocked: feature.get(REGION.isLocked) === true,
  };
}

/** What the edit rules need to know of a feature (packages/domain edit-rules.ts). */
export const editedOf = (feature: Feature) => ({
  classId: String(feature.get(REGION.classId)),
  isLocked: feature.get(REGION.isLocked) === true,
  isRuler: feature.get(REGION.type) === 'Ruler',
});

/** A measurement's label along its line (a ruler's length): white on a dark halo, above the line. */
export const lineLabelStyle = (text: string): Style =>
  new Style({
    text: new Text({
      text,
      placement: 'line',
      textBaseline: 'bottom',
      font: '600 13px system-ui, sans-serif',
      fill: new Fill({ color: '#fff' }),
      stroke: new Stroke({ color: 'rgba(0,0,0,0.8)', width: 3 }),
      overflow: true,
    }),
  });
