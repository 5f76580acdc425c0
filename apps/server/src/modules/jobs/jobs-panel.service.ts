/**
 * The Jobs panel (spec 1 §2, §3; issue #15 point 2): the caller's own background jobs across their
 * projects, newest first, each with what the panel's grid shows — what it does, its input and output in
 * words, its project, progress and state, when it began, why it failed, the file it wrote —, its output
 * log, and cancelling one that has not ended. A job kind's words are here, one place for every kind.
 */
import path from 'node:path';
import { ERROR_CODES, jobs } from '@tessera/contract';
import {
  slideCopySummary,
  transferDisplayPath,
  transferSummary,
  type SlideCopyOutcome,
  type TransferReport,
} from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Job } from '../../jobs/queue.ts';
import { findImageFiles, findImageProjects, findProjectNames } from './jobs-panel.queries.ts';

type PanelJob = jobs.PanelJob;

export const JOB_PANEL_ERROR_CODES = { finished: 'JOB_FINISHED' } as const;

/** What the panel knows of a job beyond its row: names looked up once for the whole list. */
interface Lookups {
  projectNames: Map<string, string>;
  imageFiles: Map<string, string>;
  /** A conversion's project as its creator knows it (findImageProjects). */
  imageProjects: Map<string, { id: string; name: string }>;
}

type Words = Pick<PanelJob, 'jobName' | 'inputDescription' | 'outputDescription'>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The first original file's name of an image (a multi-file image is named by its first file). */
function imageFileName(lookups: Lookups, imageId: unknown): string {
  try {
    const paths = JSON.parse(lookups.imageFiles.get(String(imageId)) ?? '[]') as string[];
    return paths[0] ? path.basename(paths[0]) : `image ${String(imageId)}`;
  } catch {
    return `image ${String(imageId)}`;
  }
}

/** Each kind's words; a kind this list does not know is shown by its name. */
function wordsOf(job: Job, lookups: Lookups): Words {
  const p = (job.payload ?? {}) as Record<string, unknown>;
  const r = (job.result ?? {}) as Record<string, unknown>;
  const done = job.state === 'succeeded';
  switch (job.kind) {
    case 'convert-image':
      return {
        jobName: 'Optimize slide',
        inputDescription: imageFileName(lookups, p.imageId),
        outputDescription: done ? plural(Number(r.levels ?? 0), 'level') : '',
      };
    case 'copy-annotations': {
      const failed = Array.isArray(r.failedSlideIds) ? r.failedSlideIds.length : 0;
      const copied = Array.isArray(r.copiedSlideIds) ? r.copiedSlideIds.length : 0;
      return {
        jobName: 'Copy annotations',
        inputDescription: `Set '${String(p.targetSetName)}' to ${plural(Array.isArray(p.targetSlideIds) ? p.targetSlideIds.length : 0, 'slide')}`,
        outputDescription: done
          ? `Copied to ${plural(copied, 'slide')}${failed ? `, ${failed} failed` : ''}`
          : '',
      };
    }
    case 'download-annotation-version': {
      const artifact = r.artifact as { fileName?: string } | undefined;
      return {
        jobName: 'Download annotation set version',
        inputDescription: `'${String(p.setName)}' version ${String(p.setVersion)}`,
        outputDescription: done && artifact?.fileName ? artifact.fileName : '',
      };
    }
    case 'copy-slides': {
      const slides = Array.isArray(r.slides) ? (r.slides as { outcome: SlideCopyOutcome }[]) : [];
      const target = lookups.projectNames.get(String(p.targetProjectId)) ?? 'another project';
      const count = Array.isArray(p.slideIds) ? p.slideIds.length : 0;
      return {
        jobName: 'Copy slides',
        inputDescription: `${plural(count, 'slide')} to ${target}`,
        outputDescription: done ? slideCopySummary(slides) : '',
      };
    }
    case 'transfer-slides':
    case 'transfer-annotations': {
      const type = job.kind === 'transfer-slides' ? 'TransferSlides' : 'TransferAnnotations';
      const slides = Array.isArray(r.slides) ? (r.slides as { outcome: TransferReport['outcome'] }[]) : [];
      const count = Array.isArray(p.slideIds) ? p.slideIds.length : 0;
      const destination = transferDisplayPath(
        String(p.destinationPath ?? '')
          .split('/')
          .filter(Boolean),
      );
      return {
        jobName: type === 'TransferSlides' ? 'Transfer slides' : 'Transfer annotations',
        inputDescription: `${plural(count, 'slide')} to ${destination}`,
        outputDescription: done ? transferSummary(type, slides) : '',
      };
    }
    case 'extract-label-text': {
      const slides = Array.isArray(r.slides) ? (r.slides as { written?: object }[]) : [];
      const filled = slides.filter((s) => Object.keys(s.written ?? {}).length > 0).length;
      return {
        jobName: 'Extract label text',
        inputDescription: plural(Array.isArray(p.slideIds) ? p.slideIds.length : 0, 'slide'),
        outputDescription: done ? `Filled ${plural(filled, 'slide')}` : '',
      };
    }
    default:
      return { jobName: job.kind, inputDescription: '', outputDescription: '' };
  }
}

/** The job's project and its name: its own, or for a conversion the one its creator added the slide to. */
function projectOf(job: Job, lookups: Lookups): { id: string; name: string } | null {
  if (job.projectId) return { id: job.projectId, name: lookups.projectNames.get(job.projectId) ?? '' };
  const imageId = job.kind === 'convert-image' ? (job.payload as { imageId?: string }).imageId : undefined;
  return (imageId && lookups.imageProjects.get(imageId)) || null;
}

function toPanelJob(job: Job, lookups: Lookups): PanelJob {
  const project = projectOf(job, lookups);
  const hasArtifact =
    job.state === 'succeeded' && typeof (job.result as { artifact?: unknown } | null)?.artifact === 'object';
  return {
    id: job.id,
    kind: job.kind,
    ...wordsOf(job, lookups),
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
    state: job.state,
    progress: job.progress,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    errorMessage: job.errorMessage,
    artifactsUrl:
      hasArtifact && job.projectId ? `/v1/projects/${job.projectId}/jobs/${job.id}/artifact` : null,
    isCancellable: job.state === 'queued' || job.state === 'running',
  };
}

async function lookupsFor(ctx: AppContext, actor: Actor, jobs: readonly Job[]): Promise<Lookups> {
  // A copy's target is named too.
  const projectIds = new Set(
    jobs.flatMap((j) => [
      ...(j.projectId ? [j.projectId] : []),
      ...(j.kind === 'copy-slides'
        ? [String((j.payload as { targetProjectId?: unknown }).targetProjectId)]
        : []),
    ]),
  );
  const imageIds = new Set(
    jobs.flatMap((j) =>
      j.kind === 'convert-image' ? [String((j.payload as { imageId?: unknown }).imageId)] : [],
    ),
  );
  const [projectNames, imageFiles, imageProjects] = await Promise.all([
    findProjectNames(ctx.db, [...projectIds]),
    findImageFiles(ctx.db, [...imageIds]),
    findImageProjects(ctx.db, actor.userId, [...imageIds]),
  ]);
  return { projectNames, imageFiles, imageProjects };
}

export async function listMyJobs(ctx: AppContext, actor: Actor): Promise<PanelJob[]> {
  const mine = await ctx.jobs.list({ createdBy: actor.userId, limit: jobs.PANEL_JOB_LIMIT });
  const lookups = await lookupsFor(ctx, actor, mine);
  return mine.map((job) => toPanelJob(job, lookups));
}

/** The caller's job; anyone else's, or none, is 404 like a missing one. */
async function myJob(ctx: AppContext, actor: Actor, jobId: string): Promise<Job> {
  const job = await ctx.jobs.get(jobId);
  if (!job || job.createdBy !== actor.userId)
    throw notFound(`Job ${jobId} not found`, ERROR_CODES.jobNotFound);
  return job;
}

export async function getMyJobLog(ctx: AppContext, actor: Actor, jobId: string) {
  await myJob(ctx, actor, jobId);
  return { lines: await ctx.jobs.logs(jobId) };
}

/** Cancels the caller's queued or running job; 409 once it has ended (it cannot be undone then). */
export async function cancelMyJob(ctx: AppContext, actor: Actor, jobId: string): Promise<PanelJob> {
  const job = await myJob(ctx, actor, jobId);
  const ended = () => new AppError(409, JOB_PANEL_ERROR_CODES.finished, `Job ${jobId} has already ended`);
  if (job.state !== 'queued' && job.state !== 'running') throw ended();
  // The queue answers the job as it stands: one that ended meanwhile is not cancelled.
  const after = await ctx.jobs.cancel(jobId);
  if (after?.state !== 'cancelled') throw ended();
  return toPanelJob(after, await lookupsFor(ctx, actor, [after]));
}
