/**
 * A project's job as its creator follows it (issue #13: the annotation copy). Jobs of other projects,
 * and other users' jobs for callers without jobsManage, answer 404 like missing ones.
 */
import { ERROR_CODES, type ProjectJob } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { notFound } from '../../errors.ts';

export async function getProjectJob(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  jobId: string,
): Promise<ProjectJob> {
  const job = await ctx.jobs.get(jobId);
  const isVisible =
    job?.projectId === project.id &&
    (job.createdBy === actor.userId || project.permissions.has('jobsManage'));
  if (!job || !isVisible) throw notFound(`Job ${jobId} not found`, ERROR_CODES.jobNotFound);
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
