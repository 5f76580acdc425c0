/**
 * Copying annotations to the other slides of a block (spec 2 §4 "Annotation-copy wizard", §7 "Copy and
 * link"): the source set's annotations (optionally only some classes) are copied, as a job, into a set of
 * the given name on each target slide — made there when missing, unless skipCopyIfTargetSetMissing. The
 * job's result names the slides it could not copy to (failedSlideIds), which the wizard reports as
 * 'Failed to copy annotations to N slides in {block}!'. Needs annotationsManage (spec 3 §6: Bulk Copy...).
 */
import { z } from 'zod';
import { annotationClassIdSchema } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

export const CopyAnnotationsRequest = z
  .object({
    sourceSetId: Id,
    /** The name of the set on each target slide (the spec's name rule applies). */
    targetAnnotationSetName: z.string().max(1000),
    targetSlideIds: z.array(Id).min(1).max(500),
    /** Only annotations of these classes; all when absent. */
    annotationClassIds: z.array(annotationClassIdSchema).max(200).optional(),
    skipCopyIfTargetSetMissing: z.boolean().default(false),
  })
  .meta({ id: 'CopyAnnotationsRequest' });

/** The job's result, once it has succeeded. */
export const CopyAnnotationsResult = z
  .object({ failedSlideIds: z.array(Id), copiedSlideIds: z.array(Id), skippedSlideIds: z.array(Id) })
  .meta({ id: 'CopyAnnotationsResult' });
export type CopyAnnotationsResult = z.infer<typeof CopyAnnotationsResult>;

/** POST queues the copy; answers the job to follow (GET /v1/projects/{projectId}/jobs/{jobId}). */
export const copyAnnotations = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/copy',
  summary: "Copy a set's annotations to other slides of its block (a job)",
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: z.object({ projectId: Id }),
  body: CopyAnnotationsRequest,
  response: z.object({ jobId: Id }),
});
