/**
 * A project's job as its creator follows it (issue #13: the annotation copy and the version download),
 * and the file a job wrote. Jobs of other projects, and other users' jobs for callers without
 * jobsManage, answer 404 like missing ones.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { ERROR_CODES, JobArtifact, type ProjectJob } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { notFound } from '../../errors.ts';
import type { Job } from '../../jobs/queue.ts';
import { jobArtifactDir, jobArtifactPath } from '../../jobs/job-artifacts.ts';

async function visibleJob(ctx: AppContext, project: ProjectScope, actor: Actor, jobId: string): Promise<Job> {
  const job = await ctx.jobs.get(jobId);
  const isVisible =
    job?.projectId === project.id &&
    (job.createdBy === actor.userId || project.permissions.has('jobsManage'));
  if (!job || !isVisible) throw notFound(`Job ${jobId} not found`, ERROR_CODES.jobNotFound);
  return job;
}

export async function getProjectJob(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  jobId: string,
): Promise<ProjectJob> {
  const job = await visibleJob(ctx, project, actor, jobId);
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: job.progress,
    result: job.result,
    errorMessage: job.errorMessage,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** The succeeded job's file as its result names it. */
export async function openJobArtifact(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  jobId: string,
): Promise<JobArtifact & { stream: Readable }> {
  const job = await visibleJob(ctx, project, actor, jobId);
  const artifact = JobArtifact.safeParse((job.result as { artifact?: unknown } | null)?.artifact);
  if (job.state !== 'succeeded' || !artifact.success)
    throw notFound(`Job ${jobId} has no file to fetch`, ERROR_CODES.jobArtifactNotFound);
  const stream = createReadStream(jobArtifactPath(jobArtifactDir(ctx.config.dataDir), job.id));
  // A file removed since (a cleaned data folder) is a 404, not a broken answer.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () =>
      reject(notFound(`Job ${jobId} has no file to fetch`, ERROR_CODES.jobArtifactNotFound)),
    );
  });
  return { ...artifact.data, stream };
}
