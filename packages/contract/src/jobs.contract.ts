/**
 * A project's job as its creator follows it (a copy of annotations, issue #13): state, progress, the
 * result once succeeded, the error once failed. The jobs panel (issue #15) lists and cancels them.
 */
import { z } from 'zod';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

export const ProjectJob = z
  .object({
    id: Id,
    kind: z.string(),
    state: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
    progress: z.number(),
    result: z.unknown(),
    errorMessage: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ProjectJob' });
export type ProjectJob = z.infer<typeof ProjectJob>;

/** GET one job of the project: its creator sees it, and so do holders of jobsManage; others get 404. */
export const getProjectJob = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/jobs/:jobId',
  summary: 'A job of the project',
  tags: ['jobs'],
  access: projectPermission(null),
  params: z.object({ projectId: Id, jobId: Id }),
  response: ProjectJob,
});

/** Where a job's result names the file it wrote (an annotation set version download, issue #13). */
export const JobArtifact = z.object({ fileName: z.string(), mediaType: z.string(), bytes: z.number().int() });
export type JobArtifact = z.infer<typeof JobArtifact>;

/**
 * GET the file a succeeded job wrote, as an attachment under the name in its result (`artifact`); 404
 * JOB_ARTIFACT_NOT_FOUND while the job runs, when it failed, or when its kind writes none. Visible to
 * the same callers as the job.
 */
export const getJobArtifact = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/jobs/:jobId/artifact',
  summary: 'The file a job wrote',
  tags: ['jobs'],
  access: projectPermission(null),
  params: z.object({ projectId: Id, jobId: Id }),
  response: z.string(),
  responseTypes: ['application/geo+json'],
});
