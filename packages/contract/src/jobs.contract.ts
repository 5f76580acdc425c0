/**
 * A project's job as its creator follows it (a copy of annotations, issue #13): state, progress, the
 * result once succeeded, the error once failed. The jobs panel (issue #15) lists and cancels them.
 */
import { z } from 'zod';
import { defineRoute, globalPermission, projectPermission } from './route.ts';
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

/** A job as the Jobs panel lists it (spec 1 §3 "Job": the grid's Job, Input, Output, Project, Progress, State, Created, Error Message). */
export const PanelJob = z
  .object({
    id: Id,
    kind: z.string(),
    /** What the job does, for people: 'Optimize slide', 'Copy annotations', … */
    jobName: z.string(),
    inputDescription: z.string(),
    outputDescription: z.string(),
    projectId: Id.nullable(),
    projectName: z.string().nullable(),
    state: ProjectJob.shape.state,
    /** 0–100. */
    progress: z.number(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    errorMessage: z.string().nullable(),
    /** Where the file it wrote is fetched from, once there is one. */
    artifactsUrl: z.string().nullable(),
    /** Queued or running: its creator may cancel it. */
    isCancellable: z.boolean(),
  })
  .meta({ id: 'PanelJob' });
export type PanelJob = z.infer<typeof PanelJob>;

/** The most jobs the panel lists: the newest. */
export const PANEL_JOB_LIMIT = 200;

/** GET the caller's background jobs, newest first, across their projects (spec 1 §2 "Jobs panel", jobsManage). */
export const listMyJobs = defineRoute({
  method: 'GET',
  path: '/v1/jobs',
  summary: "The caller's background jobs",
  tags: ['jobs'],
  access: globalPermission('jobsManage'),
  response: z.array(PanelJob),
});

const MyJobParams = z.object({ jobId: Id });

/** GET a job's output log (spec 1 §7), for its creator. */
export const getMyJobLog = defineRoute({
  method: 'GET',
  path: '/v1/jobs/:jobId/log',
  summary: "A job's output log",
  tags: ['jobs'],
  access: globalPermission('jobsManage'),
  params: MyJobParams,
  response: z.object({ lines: z.array(z.object({ at: z.string(), line: z.string() })) }),
});

/** POST cancels a queued or running job of the caller's; 409 JOB_FINISHED once it has ended. */
export const cancelMyJob = defineRoute({
  method: 'POST',
  path: '/v1/jobs/:jobId/cancel',
  summary: 'Cancel a job',
  tags: ['jobs'],
  access: globalPermission('jobsManage'),
  params: MyJobParams,
  response: PanelJob,
});
