/**
 * Annotation sets, their versions and features (spec 2 §3, §7 "Slides and sets", "Annotation loading",
 * "Annotation editing"; spec 3 §3, §7; issue #13). A set belongs to an image and shows on a project's
 * slide of that image through a link; every route finds the set through the path's project, so a set
 * not linked to it is 404 ANNOTATION_SET_NOT_FOUND. Reading needs membership, writing
 * annotationsManage (spec 2 §6). The fixed routes (list, create, geojson in and out, versions) are
 * relied on elsewhere: keep their shapes.
 */
import { z } from 'zod';
import {
  CELL_MARKERS_MEDIA_TYPE,
  REGIONS_MEDIA_TYPE,
  ANNOTATION_DETAILS,
  MAX_VIEWPORT_FEATURES,
  parseBbox,
  annotationClassSchema,
  classListProblem,
  MAX_ANNOTATION_CLASSES,
  annotationIdSchema,
  ANNOTATION_VERSIONS_PAGE_SIZE,
  cellMarkerClassSchema,
  geometrySchema,
  qupathCollectionSchema,
  REGION_ANNOTATION_TYPES,
} from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const SlideParams = z.object({ projectId: Id, slideId: Id });
const SetParams = z.object({ projectId: Id, setId: Id });

/** The largest GeoJSON import or batch body: a 100 MB body is refused (413) before it is parsed. */
export const ANNOTATION_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

export const AnnotationSetVersion = z
  .object({
    version: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    collections: z.array(z.object({ id: Id, tag: z.string() })),
  })
  .meta({ id: 'AnnotationSetVersion' });
export type AnnotationSetVersion = z.infer<typeof AnnotationSetVersion>;

/** Spec 3 §3 "Annotation set": the set, its working version and how many projects it shows in. */
export const AnnotationSet = z
  .object({
    id: Id,
    name: z.string(),
    /** The working version: edits write into it; the last made version is one less. */
    annotationSetVersion: z.number().int(),
    linkedProjectsCount: z.number().int(),
    /** The newest versions made (at most a page); the versions route pages through all of them. */
    versions: z.array(AnnotationSetVersion),
  })
  .meta({ id: 'AnnotationSet' });
export type AnnotationSet = z.infer<typeof AnnotationSet>;

/**
 * The name as typed; the service applies the spec's name rule (annotationSetNameSchema) so that a
 * refusal reads exactly as spec 2 §5 words it, without the field's path in front.
 */
const SetName = z.object({ name: z.string().max(1000).optional() });

/** GET the sets shown on a slide of the project (its own and those linked to it), by name. */
export const listSlideAnnotationSets = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId/annotation-sets',
  summary: 'Annotation sets of a slide',
  tags: ['annotations'],
  access: projectPermission(null),
  params: SlideParams,
  response: z.array(AnnotationSet),
});

/** POST a new, empty set on the slide; its name must be free on that slide (409 ANNOTATION_SET_NAME_IN_USE). */
export const createAnnotationSet = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/:slideId/annotation-sets',
  summary: 'Create an annotation set',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SlideParams,
  body: SetName,
  response: z.object({ id: Id, name: z.string() }),
  status: 201,
});

/** PATCH a set's name, in every project it is linked to; the name must be free on each of its slides. */
export const renameAnnotationSet = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId/annotation-sets/:setId',
  summary: 'Rename an annotation set',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: SetName,
  response: z.object({ id: Id, name: z.string() }),
});

/** POST makes a version of the set as it is now (O(1)); answers its number. */
export const createAnnotationSetVersion = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/versions',
  summary: 'Make a version of an annotation set',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  response: z.object({ version: z.number().int() }),
  status: 201,
});

const Page = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(ANNOTATION_VERSIONS_PAGE_SIZE),
});

/** GET the set's versions, newest first, 10 to a page by default (spec 2 §7). */
export const listAnnotationSetVersions = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/versions',
  summary: "An annotation set's versions",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: Page,
  response: z.object({ versions: z.array(AnnotationSetVersion), total: z.number().int() }),
});

/** A version of the set, or the working state without one. */
const VersionQuery = z.object({ version: z.coerce.number().int().min(1).max(2_000_000_000).optional() });

/** GET the set (or one version) as a QuPath-style FeatureCollection: regions and cell markers. */
export const exportAnnotationSetGeoJson = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/geojson',
  summary: 'An annotation set as QuPath GeoJSON',
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: VersionQuery,
  response: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
  isResponseUnchecked: true,
});

/**
 * POST a QuPath-style FeatureCollection into the set: every readable feature is created in one
 * transaction; what cannot be read is skipped and said ('Invalid annotation received: … Ignored').
 * A feature outside the slide refuses the whole import (400), so nothing is half imported.
 */
export const importAnnotationSetGeoJson = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/geojson',
  summary: 'Import QuPath GeoJSON into an annotation set',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  body: qupathCollectionSchema,
  bodyLimitBytes: ANNOTATION_BODY_LIMIT_BYTES,
  response: z.object({ created: z.number().int(), skipped: z.number().int(), messages: z.array(z.string()) }),
});

/** A stored region annotation as the viewer reads it (spec 3 §3 "Region annotation"). */
export const RegionAnnotation = z
  .object({
    type: z.literal('Feature'),
    id: annotationIdSchema,
    geometry: geometrySchema,
    properties: z
      .object({
        annotationType: z.enum(REGION_ANNOTATION_TYPES),
        annotationClass: z.string(),
        index: z.number().int().nullable(),
        count: z.number().int().nullable(),
        isLocked: z.boolean(),
        annotatedBy: z.string().nullable(),
        createdAt: z.string(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'RegionAnnotation' });
export type RegionAnnotation = z.infer<typeof RegionAnnotation>;

/** A stored cell marker (spec 3 §3 "Cell marker annotation"). */
export const CellMarkerAnnotation = z
  .object({
    type: z.literal('Feature'),
    id: annotationIdSchema,
    geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
    properties: z.object({ classes: z.array(cellMarkerClassSchema) }),
  })
  .meta({ id: 'CellMarkerAnnotation' });

/** A viewport in image pixels, 'minX,minY,maxX,maxY' (spec 2 §2's bbox rule and messages). */
const Viewport = z.string().transform((text, ctx) => {
  const parsed = parseBbox(text);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.box;
});

/** Which region annotations a read answers, and at what detail: the JSON and the binary answer alike. */
const FeaturesQuery = VersionQuery.extend({
  bbox: Viewport.optional(),
  detail: z.enum(ANNOTATION_DETAILS).default('full'),
  tolerance: z.coerce.number().positive().max(1e6).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_VIEWPORT_FEATURES).default(MAX_VIEWPORT_FEATURES),
});

/**
 * GET the set's region annotations (or one version's) as a FeatureCollection (spec 2 §7 "Annotation
 * loading"). With `bbox`, only those whose bounding box meets the viewport (an R*Tree / GiST lookup),
 * at most `limit` of them (`truncated` says when there were more); `detail` thins outlines to
 * `tolerance` image pixels (`simplified`) or answers each annotation's centre as a Point (`centroid`).
 */
export const getAnnotationFeatures = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features',
  summary: "An annotation set's region annotations",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: FeaturesQuery,
  response: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(RegionAnnotation),
    truncated: z.boolean().optional(),
  }),
  isResponseUnchecked: true,
});

/** GET the set's cell markers (or one version's) as a FeatureCollection. */
export const getCellMarkers = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/cell-markers',
  summary: "An annotation set's cell markers",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: VersionQuery,
  response: z.object({ type: z.literal('FeatureCollection'), features: z.array(CellMarkerAnnotation) }),
  isResponseUnchecked: true,
});

/** The project's annotation classes (spec 1 §7 "After login, fetched": freehandClasses, cmaClasses). */
export const getAnnotationClasses = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-classes',
  summary: "A project's annotation classes",
  tags: ['annotations'],
  access: projectPermission(null),
  params: z.object({ projectId: Id }),
  response: z.object({
    freehandClasses: z.array(annotationClassSchema),
    cmaClasses: z.array(annotationClassSchema),
  }),
});

/** Typed arrays in one buffer (packages/domain binary-transport.ts); a binary string in OpenAPI. */
const AnnotationBytes = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });

/**
 * GET the set's cell markers (or one version's) as typed arrays, `application/vnd.tessera.cell-markers`
 * (layout in packages/domain binary-transport.ts and docs/architecture.md): a million markers without
 * a line of JSON.
 */
export const getCellMarkersBinary = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/cell-markers/binary',
  summary: "An annotation set's cell markers as typed arrays",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: VersionQuery,
  response: AnnotationBytes,
  responseTypes: [CELL_MARKERS_MEDIA_TYPE],
});

/**
 * GET region outlines as typed arrays, `application/vnd.tessera.regions`: the same features as the JSON
 * read with the same query (whole or by viewport, at a level of detail, `truncated` in the answer's
 * flags), what the viewer draws from.
 */
export const getAnnotationFeaturesBinary = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/features/binary',
  summary: "An annotation set's region outlines as typed arrays",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: FeaturesQuery,
  response: AnnotationBytes,
  responseTypes: [REGIONS_MEDIA_TYPE],
});

/**
 * PUT replaces the project's classes (the class editor, projectSettingsManage): ids unique, the order
 * kept. Annotations of a class that leaves keep its id and are drawn as the default class (spec 2 §3).
 */
export const saveAnnotationClasses = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/annotation-classes',
  summary: "Replace a project's annotation classes",
  tags: ['annotations'],
  access: projectPermission('projectSettingsManage'),
  params: z.object({ projectId: Id }),
  body: z.object({
    classes: z
      .array(annotationClassSchema)
      .max(MAX_ANNOTATION_CLASSES)
      .superRefine((classes, ctx) => {
        const problem = classListProblem(classes);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  }),
  response: z.object({
    freehandClasses: z.array(annotationClassSchema),
    cmaClasses: z.array(annotationClassSchema),
  }),
});
