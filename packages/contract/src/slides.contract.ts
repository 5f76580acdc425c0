import { z } from 'zod';
import { SafeText } from './text.ts';
import { CHECKSUM_PATTERN } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const SlideParams = z.object({ projectId: Id, slideId: Id });
const ProjectOnlyParams = z.object({ projectId: Id });

/** A slide's metadata row (spec 1 §3); the metadata columns beyond these arrive with the slide table. */
export const Slide = z
  .object({
    id: Id,
    projectId: Id,
    fileName: z.string(),
    fileExtension: z.string(),
    checksum: z.string(),
    name: z.string(),
    status: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Slide' });
export type Slide = z.infer<typeof Slide>;

const Size = z.object({ w: z.number().int(), h: z.number().int() });
const MetersPerPixel = z.object({ x: z.number(), y: z.number() }).nullable();

/**
 * imageInfo (spec 2 §3): size, tile size, channels (each with size and metersPerPixel), resolution
 * (metersPerPixel, magnification: 20 when the file does not say), formats and attachments.
 * `formats` lists the forms the image exists in: the original file's format, plus 'optimized' once
 * converted. `attachments` lists the associated images and, when present, the ICC profile.
 */
export const ImageInfo = z
  .object({
    size: Size,
    tileSize: Size,
    levels: z.array(z.object({ size: Size, tileSize: Size, downsample: z.number() })),
    /**
     * The levels the `tile` path serves, finest first: every 2× level from the full resolution down to
     * one tile, those the file lacks made by the server. Tile z counts them from the end (z = 0 is the
     * last, smallest one).
     */
    tileLevels: z.array(z.object({ size: Size, tileSize: Size })),
    /**
     * The levels the `tile-converted` path serves, in the same order, once the image is Converted;
     * null before, and for pyramids converted before their levels were recorded (use `tile` then).
     */
    optimizedTileLevels: z.array(z.object({ size: Size, tileSize: Size })).nullable(),
    sizeZ: z.number().int(),
    kind: z.enum(['brightfield', 'fluorescence']),
    channels: z.array(
      z.object({
        name: z.string(),
        size: Size,
        metersPerPixel: MetersPerPixel,
        color: z.object({ r: z.number(), g: z.number(), b: z.number() }).nullable(),
        sampleType: z.string().nullable(),
        /**
         * The channel's display range (spec 3 §3 channel min, max): the 0.1th and 99.9th percentiles of
         * its samples, read from a coarse level when the image was registered. The default equalization
         * ranges over it. Null for brightfield, and when the samples could not be read.
         */
        min: z.number().nullable(),
        max: z.number().nullable(),
      }),
    ),
    resolution: z.object({
      metersPerPixel: MetersPerPixel,
      magnification: z.number(),
      isMagnificationKnown: z.boolean(),
    }),
    formats: z.array(z.string()),
    attachments: z.array(
      z.object({
        type: z.enum(['thumbnail', 'label', 'macro', 'overview', 'iccProfile']),
        size: Size.nullable(),
        /** Bytes, for the ICC profile. */
        byteSize: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'ImageInfo' });
export type ImageInfo = z.infer<typeof ImageInfo>;

/**
 * The conversion of a slide's image into its optimized pyramid, as its job stands: NotConverted (never
 * queued), Queued (also while a failed attempt waits for its retry), Converting, Converted (tile-converted
 * serves it), Failed (error says why; users with slideUpload can retry).
 */
export const ConversionStatus = z
  .enum(['NotConverted', 'Queued', 'Converting', 'Converted', 'Failed'])
  .meta({ id: 'ConversionStatus' });
export type ConversionStatus = z.infer<typeof ConversionStatus>;

/** Spec 2 §2: the conversion counts, converted/total tiles per level and channel. */
export const SlideConversion = z
  .object({
    status: ConversionStatus,
    error: z.string().nullable(),
    counts: z.array(
      z.object({
        level: z.number().int(),
        channel: z.number().int(),
        converted: z.number().int(),
        total: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'SlideConversion' });
export type SlideConversion = z.infer<typeof SlideConversion>;

export const SlideDetails = Slide.extend({
  /** The block the slide was cut from (its blockId metadata): landmarks and block slides are per block. */
  blockId: z.string().nullable(),
  /** Spec 2 §3 "Assay (marker row)": the channels with their markers, by channel. */
  assays: z.array(z.object({ channel: z.number().int(), marker: z.string() })),
  /** The markers by channel joined with a dash (spec 2 §3): the tab's tooltip. */
  assayMarkersFormatted: z.string(),
  conversionStatus: ConversionStatus,
  conversion: SlideConversion,
  imageInfo: ImageInfo,
}).meta({ id: 'SlideDetails' });
export type SlideDetails = z.infer<typeof SlideDetails>;

/** Get or create slide (spec 1 §7): the project's slide for this file, created when the image is known. */
export const getOrCreateSlide = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/get-or-create',
  summary: 'The project’s slide for a file (by checksum), created when the image is stored',
  tags: ['slides'],
  access: projectPermission('slideUpload'),
  params: ProjectOnlyParams,
  body: z
    .object({
      fileName: SafeText.min(1).max(1024),
      fileExtension: z.string().min(1).max(32),
      checksum: z
        .string()
        .regex(CHECKSUM_PATTERN, 'Expected a SHA-256 checksum (64 lowercase hex characters)'),
    })
    .strict(),
  response: Slide,
});

/** Get slide details (spec 1 §7; fixed path): the slide with its imageInfo. */
export const getSlideDetails = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId',
  summary: 'Slide details with imageInfo',
  tags: ['slides'],
  access: projectPermission(null),
  params: SlideParams,
  response: SlideDetails,
});

/** Queues a failed conversion of the slide's image again (issue #10 point 10); 409 unless it failed. */
export const retrySlideConversion = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/:slideId/conversion/retry',
  summary: 'Retry the failed conversion of the slide’s image into its optimized pyramid',
  tags: ['slides'],
  access: projectPermission('slideUpload'),
  params: SlideParams,
  response: SlideConversion,
});

const ImageQuery = z.object({ format: z.enum(['jpeg', 'png']).default('jpeg') });
/** Encoded image bytes (image/jpeg or image/png); described as a binary string in OpenAPI. */
const ImageBytes = z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' });

const associatedRoute = <const P extends string>(path: P, summary: string) =>
  defineRoute({
    method: 'GET',
    path,
    summary,
    tags: ['slides'],
    access: projectPermission(null),
    params: SlideParams,
    query: ImageQuery,
    response: ImageBytes,
    responseTypes: ['image/jpeg', 'image/png'],
  });

/** Get label and thumbnail (spec 1 §7). */
export const getSlideLabel = associatedRoute(
  '/v1/projects/:projectId/slides/:slideId/label',
  'The slide’s label image, from the file',
);
export const getSlideMacro = associatedRoute(
  '/v1/projects/:projectId/slides/:slideId/macro',
  'The slide’s macro (overview) image, from the file',
);
export const getSlideThumbnail = associatedRoute(
  '/v1/projects/:projectId/slides/:slideId/thumbnail',
  'The slide’s thumbnail (at most 512 px): the file’s own, else made from its smallest level',
);

export const ImportSummary = z
  .object({
    imported: z.array(z.object({ fileName: z.string(), slideId: Id })),
    skipped: z.array(z.object({ fileName: z.string(), reason: z.string() })),
    failed: z.array(z.object({ fileName: z.string(), reason: z.string() })),
  })
  .meta({ id: 'ImportSummary' });
export type ImportSummary = z.infer<typeof ImportSummary>;

/**
 * Import a server folder (administrators: system super users; checked in the service). Only folders
 * under `<data dir>/imports` are accepted.
 */
export const importFolder = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/import',
  summary: 'Register every slide file of a server folder (under the imports folder) into the project',
  tags: ['slides'],
  access: projectPermission('slideUpload'),
  params: ProjectOnlyParams,
  body: z.object({ path: z.string().min(1).max(4096) }).strict(),
  response: ImportSummary,
});
