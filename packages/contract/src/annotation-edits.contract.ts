/**
 * Editing a set's annotations (spec 2 §4 "Annotation edit operations", §7 "Annotation editing"; spec 3
 * §4): batch create, partial batch update, batch purge and lock for region annotations, and the same
 * for cell markers. Each call is one transaction: a refusal changes nothing. Every edit writes into the
 * set's working version; made versions never change. Needs annotationsManage (spec 2 §6).
 *
 * An undo sends the inverse (spec 2 §4): the inverse of a purge is a create that names the purged ids,
 * which brings the same annotations back under the same ids.
 */
import { z } from 'zod';
import {
  annotationClassIdSchema,
  annotationIdSchema,
  annotationMetadataChangeSchema,
  cellMarkerClassSchema,
  cellMarkerSchema,
  geometrySchema,
  positionSchema,
  regionFeatureSchema,
} from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';
import {
  ANNOTATION_BODY_LIMIT_BYTES,
  CellMarkerAnnotation,
  RegionAnnotation,
} from './annotations.contract.ts';

const SetParams = z.object({ projectId: Id, setId: Id });

/** The most annotations one call may name: the largest selection or paste a viewer sends. */
export const MAX_BATCH_ANNOTATIONS = 100_000;

const ids = z.array(annotationIdSchema).min(1).max(MAX_BATCH_ANNOTATIONS);

/** Created annotations by the position they had in the request, with the ids they got (spec 2 §7). */
const Created = z.object({
  createdAnnotations: z.array(z.object({ id: annotationIdSchema, index: z.number().int() })),
});

/** A feature to create; `id` restores a purged annotation of the set under its own id (an undone purge). */
const NewRegion = regionFeatureSchema.extend({ id: annotationIdSchema.optional() });

export const createAnnotations = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features',
  summary: 'Create region annotations',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(NewRegion).min(1).max(MAX_BATCH_ANNOTATIONS),
  }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: Created,
  status: 201,
});

/** A partial change: a new geometry, a new class, or both. */
const RegionChange = z
  .object({
    type: z.literal('Feature'),
    id: annotationIdSchema,
    geometry: geometrySchema.optional(),
    properties: z.object({ annotationClass: annotationClassIdSchema.optional() }).optional(),
  })
  .refine((f) => f.geometry !== undefined || f.properties?.annotationClass !== undefined, {
    message: 'A change needs a geometry or an annotationClass',
  });

/** PATCH geometries and classes; answers how many changed and the annotations as they were (for undo). */
export const updateAnnotations = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features',
  summary: 'Change region annotations (geometry, class)',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(RegionChange).min(1).max(MAX_BATCH_ANNOTATIONS),
  }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: z.object({ count: z.number().int(), originalAnnotations: z.array(RegionAnnotation) }),
  isResponseUnchecked: true,
});

/**
 * POST purges annotations; answers them as they were. A locked one that is not FOV or ROI refuses the
 * call (409 ANNOTATION_LOCKED); an FOV or ROI needs `confirmed` (409 CONFIRMATION_REQUIRED, spec 2 §4).
 */
export const purgeAnnotations = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features/purge',
  summary: 'Delete region annotations',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({ annotationIds: ids, confirmed: z.boolean().default(false) }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: z.object({ deletedAnnotations: z.array(RegionAnnotation) }),
  isResponseUnchecked: true,
});

/** PUT locks or unlocks annotations (spec 2 §7 "set locked"); answers how many changed. */
export const lockAnnotations = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features/locked',
  summary: 'Lock or unlock region annotations',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({ annotationIds: ids, locked: z.boolean() }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: z.object({ count: z.number().int() }),
});

const NewMarker = cellMarkerSchema.extend({ id: annotationIdSchema.optional() });

export const createCellMarkers = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/cell-markers',
  summary: 'Create cell markers',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(NewMarker).min(1).max(MAX_BATCH_ANNOTATIONS),
  }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: Created,
  status: 201,
});

const MarkerChange = z
  .object({
    type: z.literal('Feature'),
    id: annotationIdSchema,
    geometry: z.object({ type: z.literal('Point'), coordinates: positionSchema }).optional(),
    properties: z.object({ classes: z.array(cellMarkerClassSchema).min(1).max(64) }).optional(),
  })
  .refine((f) => f.geometry !== undefined || f.properties !== undefined, {
    message: 'A change needs a geometry or classes',
  });

/** PATCH markers' positions (a drag) and classes (spec 2 §4 cell marker class update). */
export const updateCellMarkers = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId/annotation-sets/:setId/cell-markers',
  summary: 'Change cell markers (position, classes)',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(MarkerChange).min(1).max(MAX_BATCH_ANNOTATIONS),
  }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: z.object({ count: z.number().int(), originalAnnotations: z.array(CellMarkerAnnotation) }),
  isResponseUnchecked: true,
});

export const purgeCellMarkers = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/cell-markers/purge',
  summary: 'Delete cell markers',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: z.object({ annotationIds: ids }),
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: z.object({ deletedAnnotations: z.array(CellMarkerAnnotation) }),
  isResponseUnchecked: true,
});

/** GET the set's cell markers counted per class, and per rating and ranking within it. */
export const getCellMarkerStats = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/cell-markers/stats',
  summary: "An annotation set's cell markers per class",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: z.object({ version: z.coerce.number().int().min(1).max(2_000_000_000).optional() }),
  response: z.object({
    classes: z.array(
      z.object({
        classId: z.string(),
        total: z.number().int(),
        ratings: z.record(z.string(), z.number().int()),
        rankings: z.record(z.string(), z.number().int()),
      }),
    ),
  }),
});

const AnnotationParams = SetParams.extend({ annotationId: annotationIdSchema });

/** One region annotation's metadata as stored, and whether its class lets it be edited (spec 3 §5). */
const AnnotationMetadataAnswer = z.object({
  annotationId: annotationIdSchema,
  annotationClass: z.string(),
  isEditable: z.boolean(),
  metadata: z.object({ fovPlacementDelivery: z.string().nullable(), fovClass: z.string().nullable() }),
});

/** GET a region annotation's metadata in the set's working state (the Edit Metadata dialog's values). */
export const getAnnotationMetadata = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features/:annotationId/metadata',
  summary: "A region annotation's metadata",
  tags: ['annotations'],
  access: projectPermission(null),
  params: AnnotationParams,
  response: AnnotationMetadataAnswer,
});

/**
 * PATCH a region annotation's metadata (spec 3 §5 Edit Metadata): the fields named are set, null or empty
 * text clears one to its default. Only FOV, ROI and ROI detection annotations take it (409
 * METADATA_NOT_EDITABLE); a locked one does too — the lock keeps its outline, not its description.
 * Answers the metadata as it is now.
 */
export const updateAnnotationMetadata = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features/:annotationId/metadata',
  summary: "Change a region annotation's metadata",
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: AnnotationParams,
  body: annotationMetadataChangeSchema,
  response: AnnotationMetadataAnswer,
});
