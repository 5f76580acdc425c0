/**
 * Every job kind the server knows, keyed by name. Adding a kind: write `<name>.job.ts` and add it here;
 * JobName and PayloadOf follow. A worker claims only the kinds in its registry, so an older worker never
 * takes a job kind it cannot run.
 */
import type { z } from 'zod';
import { auditPruneJob } from './audit-prune.job.ts';
import { convertImageJob } from './convert-image.job.ts';
import { copyAnnotationsJob } from './copy-annotations.job.ts';
import { copySlidesJob } from './copy-slides.job.ts';
import { downloadAnnotationVersionJob } from './download-annotation-version.job.ts';
import { extractLabelTextJob } from './extract-label-text.job.ts';
import { transferAnnotationsJob } from './transfer-annotations.job.ts';
import { transferSlidesJob } from './transfer-slides.job.ts';
import type { JobKinds } from './job-kind.ts';

export const JOB_KINDS = {
  [auditPruneJob.name]: auditPruneJob,
  [convertImageJob.name]: convertImageJob,
  [copyAnnotationsJob.name]: copyAnnotationsJob,
  [copySlidesJob.name]: copySlidesJob,
  [downloadAnnotationVersionJob.name]: downloadAnnotationVersionJob,
  [transferSlidesJob.name]: transferSlidesJob,
  [transferAnnotationsJob.name]: transferAnnotationsJob,
  [extractLabelTextJob.name]: extractLabelTextJob,
} satisfies JobKinds;

export type JobRegistry = typeof JOB_KINDS;
export type JobName = keyof JobRegistry & string;
/** What enqueue accepts for a kind (the schema's input: defaults may be left out). */
export type PayloadOf<K extends JobKinds, N extends keyof K> = z.input<K[N]['payload']>;
