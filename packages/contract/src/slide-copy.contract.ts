/**
 * Copy slides (spec 1 §7 "Submit copy slides job"; issue #15 point 3): the slides go into the target
 * project as new rows over the same images — no file is copied —, with their metadata
 * (copyProjectMetadata) and their annotation sets (copyAnnotations) when asked, as a job whose result
 * reports every slide. The caller needs slideCopy here, slideUpload in the target, and for annotations
 * annotationsCopy here and annotationsManage there. Results cannot be copied: Tessera holds none yet
 * (copyResults true is refused with 400 RESULTS_COPY_UNAVAILABLE). The caller is the job's creator (the
 * spec's `username`).
 */
import { z } from 'zod';
import { MAX_COPY_SLIDES, SLIDE_COPY_OUTCOMES } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

export const SLIDE_COPY_ERROR_CODES = {
  sameProject: 'COPY_TARGET_IS_SOURCE',
  resultsUnavailable: 'RESULTS_COPY_UNAVAILABLE',
} as const;

export const CopySlidesRequest = z
  .object({
    slideIds: z.array(Id).min(1).max(MAX_COPY_SLIDES),
    targetProjectId: Id,
    copyProjectMetadata: z.boolean(),
    copyAnnotations: z.boolean(),
    copyResults: z.boolean(),
  })
  .strict()
  .meta({ id: 'CopySlidesRequest' });
export type CopySlidesRequest = z.infer<typeof CopySlidesRequest>;

export const copySlides = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/copy',
  summary: 'Queues a copy of slides into another project (same images, no file copy)',
  tags: ['slide table', 'jobs'],
  access: projectPermission('slideCopy'),
  params: z.object({ projectId: Id }),
  body: CopySlidesRequest,
  // 10,000 ids of 24 characters with their quotes and commas.
  bodyLimitBytes: 512 * 1024,
  response: z.object({ jobId: Id }),
});

/** One slide of the job's result. */
export const SlideCopyReport = z.object({
  slideId: Id,
  fileName: z.string(),
  outcome: z.enum(SLIDE_COPY_OUTCOMES),
  targetSlideId: Id.nullable(),
  reason: z.string().nullable(),
  annotationSets: z.number().int(),
});

/** The copy-slides job's result, once it has succeeded: every slide, in the order asked. */
export const CopySlidesResult = z
  .object({ targetProjectId: Id, slides: z.array(SlideCopyReport) })
  .meta({ id: 'CopySlidesResult' });
export type CopySlidesResult = z.infer<typeof CopySlidesResult>;
