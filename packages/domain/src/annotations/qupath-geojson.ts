/**
 * A set as QuPath writes and reads it (issue #13 point 6): a GeoJSON FeatureCollection whose features
 * carry `objectType`, `classification` {name, color [r, g, b]}, `isLocked`, and any other properties
 * (measurements, names) as they are. Polygons and lines are region annotations, points cell markers;
 * a MultiPolygon or MultiPoint becomes one annotation per part. What cannot be read is skipped with the
 * spec's 'Invalid annotation received: … Ignored'. Coordinates are written with one decimal (spec 2 §5).
 */
import { z } from 'zod';
import { annotationClassIdSchema, type AnnotationClass } from './annotation-classes.ts';
import type { CellMarkerClass, CellMarkerInput, RegionFeatureInput } from './annotation-features.ts';
import { cellMarkerClassSchema, regionFeatureSchema } from './annotation-features.ts';
import { GEOMETRY_MESSAGES, geometrySchema, roundGeometry, type Geometry } from './geometry.ts';

/** The envelope the import route takes: features are read one by one, so one bad feature is skipped alone. */
export const qupathCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()).max(1_000_000),
});
export type QuPathCollection = z.infer<typeof qupathCollectionSchema>;

/** What importing a GeoJSON file into a set says (the Annotations tab's Import GeoJSON...). */
export const GEOJSON_IMPORT_MESSAGES = {
  tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB`,
  notJson: 'The file is not JSON',
  notGeoJson: 'The file is not a GeoJSON FeatureCollection',
  imported: (created: number, skipped: number) =>
    `Imported ${created.toLocaleString('en-US')} annotation${created === 1 ? '' : 's'}` +
    (skipped > 0 ? `; ${skipped.toLocaleString('en-US')} could not be read and were skipped` : ''),
} as const;

const colorSchema = z.union([
  z.tuple([
    z.number().int().min(0).max(255),
    z.number().int().min(0).max(255),
    z.number().int().min(0).max(255),
  ]),
  // QuPath before 0.4 writes colorRGB as one packed integer.
  z.number().int(),
]);

const classificationSchema = z.object({
  name: z.string().min(1).max(128),
  color: colorSchema.optional(),
  colorRGB: z.number().int().optional(),
});

const featureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string().max(64).optional(),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.unknown() }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.unknown()) }),
    z.object({ type: z.literal('LineString'), coordinates: z.unknown() }),
    z.object({ type: z.literal('Point'), coordinates: z.unknown() }),
    z.object({ type: z.literal('MultiPoint'), coordinates: z.array(z.unknown()) }),
  ]),
  properties: z.record(z.string(), z.unknown()).nullish(),
});

/** Properties this mapping reads into columns; every other property is kept as it came. */
const MAPPED = new Set([
  'objectType',
  'classification',
  'isLocked',
  'annotationType',
  'annotationClass',
  'classes',
]);

export interface QuPathImport {
  regions: RegionFeatureInput[];
  markers: CellMarkerInput[];
  /** How many features (or parts) were skipped, and why, in the spec's words. */
  skipped: number;
  messages: string[];
}

/**
 * Reads a QuPath FeatureCollection. A classification names a class by its id or its name among the
 * project's classes; a name the project lacks is kept as the class id (drawn as the default class,
 * spec 2 §3), and its QuPath classification stays in the properties so an export gives it back.
 */
export function fromQuPathGeoJson(
  collection: QuPathCollection,
  classes: readonly AnnotationClass[],
): QuPathImport {
  const byName = new Map<string, string>();
  for (const c of classes) byName.set(c.name, c.classId);
  for (const c of classes) byName.set(c.classId, c.classId);
  const answer: QuPathImport = { regions: [], markers: [], skipped: 0, messages: [] };
  const skip = (what: string) => {
    answer.skipped++;
    if (answer.messages.length < 100) answer.messages.push(GEOMETRY_MESSAGES.invalidReceived(what));
  };
  collection.features.forEach((raw, n) => {
    const feature = featureSchema.safeParse(raw);
    if (!feature.success)
      return skip(`feature ${n + 1} is not a GeoJSON Polygon, LineString or Point feature.`);
    const properties = feature.data.properties ?? {};
    const classification = classificationSchema.safeParse(properties.classification);
    const className = classification.success ? classification.data.name : undefined;
    const classId = className === undefined ? undefined : (byName.get(className) ?? className);
    if (classId === undefined || !annotationClassIdSchema.safeParse(classId).success)
      return skip(`feature ${n + 1} has no classification a class can be named by.`);
    const extra = Object.fromEntries(
      Object.entries(properties).filter(
        ([key]) => !MAPPED.has(key) || (key === 'classification' && !byName.has(className!)),
      ),
    );
    const { geometry } = feature.data;
    const parts =
      geometry.type === 'MultiPolygon'
        ? geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
        : geometry.type === 'MultiPoint'
          ? geometry.coordinates.map((coordinates) => ({ type: 'Point', coordinates }))
          : [geometry];
    for (const part of parts) {
      const parsed = geometrySchema.safeParse(part);
      if (!parsed.success) {
        skip(`feature ${n + 1}: ${parsed.error.issues[0]?.message ?? 'its geometry cannot be read'}.`);
        continue;
      }
      if (parsed.data.type === 'Point') {
        answer.markers.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: parsed.data.coordinates },
          properties: { classes: markerClassesOf(properties.classes, classId) },
        });
        continue;
      }
      const isRuler = parsed.data.type === 'LineString' && properties.annotationType === 'Ruler';
      const region = regionFeatureSchema.safeParse({
        type: 'Feature',
        geometry: parsed.data,
        properties: {
          ...extra,
          annotationType: isRuler ? 'Ruler' : 'Freehand',
          annotationClass: classId,
          isLocked: properties.isLocked === true,
        },
      });
      if (region.success) answer.regions.push(region.data);
      else
        skip(
          `feature ${n + 1}: ${region.error.issues[0]?.path.join('.')} ${region.error.issues[0]?.message}.`,
        );
    }
  });
  return answer;
}

/** A marker's classes as this mapping wrote them (ratings kept), else the one classification. */
function markerClassesOf(written: unknown, classId: string): CellMarkerClass[] {
  const parsed = z.array(cellMarkerClassSchema).min(1).max(64).safeParse(written);
  return parsed.success ? parsed.data : [{ classId }];
}

/** A stored annotation as the export writes it. */
export interface ExportedAnnotation {
  /** Stable per set and annotation: QuPath wants a UUID. */
  uuid: string;
  geometry: Geometry;
  classId: string;
  isLocked: boolean;
  annotationType: string;
  /** The feature's other properties (QuPath measurements, annotatedBy, …). */
  properties: Record<string, unknown>;
  /** A cell marker's classes. */
  classes?: CellMarkerClass[];
}

/** One annotation as a QuPath feature: its class's name and colour, its lock, its other properties. */
export function toQuPathFeature(
  annotation: ExportedAnnotation,
  classes: ReadonlyMap<string, AnnotationClass>,
) {
  const known = classes.get(annotation.classId);
  const stored = classificationSchema.safeParse(annotation.properties.classification);
  const classification = known
    ? { name: known.name, color: rgbOf(known.color) }
    : stored.success
      ? stored.data
      : { name: annotation.classId };
  const properties = { ...annotation.properties };
  delete properties.classification;
  return {
    type: 'Feature' as const,
    id: annotation.uuid,
    geometry: roundGeometry(annotation.geometry),
    properties: {
      ...properties,
      objectType: 'annotation',
      classification,
      isLocked: annotation.isLocked,
      annotationType: annotation.annotationType,
      ...(annotation.classes ? { classes: annotation.classes } : {}),
    },
  };
}

export const rgbOf = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** A UUID made from a set id and an annotation id, the same at every export (QuPath keys objects by it). */
export function annotationUuid(setId: string, annotationId: string): string {
  const hex = (setId + annotationId.padStart(8, '0')).slice(-32).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
