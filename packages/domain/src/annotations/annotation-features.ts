/**
 * What an annotation is made of when it travels (spec 2 §3 "Annotation feature", "Cell marker values";
 * spec 3 §3 "Region annotation", "Cell marker annotation"): GeoJSON-like features whose properties
 * carry the annotation type, class, index, count, lock and author. The server checks every feature it
 * is sent against these schemas; the web reads the same shapes.
 */
import { z } from 'zod';
import { annotationClassIdSchema } from './annotation-classes.ts';
import { geometrySchema, positionSchema } from './geometry.ts';

/** Spec 2 §3: the region annotation types (cell markers, 'Cma', are stored apart; 'Unknown' is refused). */
export const REGION_ANNOTATION_TYPES = ['Freehand', 'Sam', 'Ruler'] as const;
export type RegionAnnotationType = (typeof REGION_ANNOTATION_TYPES)[number];

/** Spec 2 §3 "Cell marker values". */
export const CELL_MARKER_RATINGS = ['positive', 'negative', 'uncertain'] as const;
export const CELL_MARKER_RANKINGS = ['0', '1+', '2+', '3+'] as const;

/** Ids of stored annotations are decimal integers as text; the viewer's own temporary ids start TMP_. */
export const annotationIdSchema = z.string().regex(/^[1-9][0-9]{0,14}$/, 'Not an annotation id');

/** Properties beyond the known ones (QuPath measurements, names) are kept as they came. */
export const regionPropertiesSchema = z
  .object({
    annotationType: z.enum(REGION_ANNOTATION_TYPES),
    annotationClass: annotationClassIdSchema,
    index: z.number().int().min(0).max(1e9).nullish(),
    count: z.number().int().min(0).max(1e9).nullish(),
    isLocked: z.boolean().optional(),
    annotatedBy: z.string().max(256).nullish(),
  })
  .catchall(z.unknown());

/** A region annotation as created or replaced (batch create, import). */
export const regionFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: geometrySchema,
  properties: regionPropertiesSchema,
});
export type RegionFeatureInput = z.infer<typeof regionFeatureSchema>;

export const cellMarkerClassSchema = z.object({
  classId: annotationClassIdSchema,
  rating: z.enum(CELL_MARKER_RATINGS).optional(),
  ranking: z.enum(CELL_MARKER_RANKINGS).optional(),
});
export type CellMarkerClass = z.infer<typeof cellMarkerClassSchema>;

/** A cell marker: a point and at least one class (removing the last class deletes the marker, spec 2 §4). */
export const cellMarkerSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: positionSchema }),
  properties: z.object({ classes: z.array(cellMarkerClassSchema).min(1).max(64) }),
});
export type CellMarkerInput = z.infer<typeof cellMarkerSchema>;
