/**
 * The job queue as services see it: enqueue (payload validated by the kind's schema before anything is
 * written), read, list and cancel. Durable in the jobs table (migration 0006); workers (worker.ts) run
 * what is queued, in this process (`tessera serve`) or in others (`tessera worker`).
 */
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { DEFAULT_MAX_ATTEMPTS, type JobKinds, type JobState } from './job-kind.ts';
import { cancelJobRow, findJob, findJobLogs, findJobs, insertJob, type JobRow } from './jobs.queries.ts';
import { JOB_KINDS, type JobRegistry, type PayloadOf } from './registry.ts';

export interface Job {
  id: string;
  kind: string;
  payload: unknown;
  state: JobState;
  progress: number;
  attempts: number;
  maxAttempts: number;
  runAfter: string;
  lockedBy: string | null;
  heartbeatAt: string | null;
  errorMessage: string | null;
  result: unknown;
  projectId: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface JobLogLine {
  at: string;
  line: string;
}

export interface EnqueueOptions {
  projectId?: string | null;
  createdBy?: string | null;
  /** Default: the kind's maxAttempts, else 3. */
  maxAttempts?: number;
  /**
   * A transaction to write the job in, so it is queued together with the caller's own rows (or not at
   * all); the caller commits. Workers are woken at once all the same: one that looks before the commit
   * finds the job at its next poll.
   */
  within?: Db;
}

export interface JobQueue<K extends JobKinds = JobRegistry> {
  readonly kinds: K;
  enqueue<N extends keyof K & string>(
    kind: N,
    payload: PayloadOf<K, N>,
    options?: EnqueueOptions,
  ): Promise<Job>;
  get(id: string): Promise<Job | null>;
  /** Newest first; at most `limit` (default 100, max 1000). */
  list(filter?: { projectId?: string; createdBy?: string; limit?: number }): Promise<Job[]>;
  logs(id: string): Promise<JobLogLine[]>;
  /** Cancels a queued or running job (a running handler sees ctx.signal abort at its next heartbeat). Null when not found. */
  cancel(id: string): Promise<Job | null>;
  /** Called after each enqueue, so an in-process worker starts at once instead of at its next poll. */
  onEnqueued(listener: () => void): () => void;
}

const MaxAttempts = z.number().int().min(1).max(100);

export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    payload: JSON.parse(r.payload),
    state: r.state as JobState,
    progress: r.progress,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAfter: r.run_after,
    lockedBy: r.locked_by,
    heartbeatAt: r.heartbeat_at,
    errorMessage: r.error_message,
    result: r.result === null ? null : JSON.parse(r.result),
    projectId: r.project_id,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function createJobQueue<K extends JobKinds = JobRegistry>(
  db: Db,
  options: { kinds?: K; now?: () => Date } = {},
): JobQueue<K> {
  const kinds = (options.kinds ?? JOB_KINDS) as K;
  const now = options.now ?? (() => new Date());
  const listeners = new Set<() => void>();
  return {
    kinds,
    async enqueue(name, payload, opts = {}) {
      const kind = Object.hasOwn(kinds, name) ? kinds[name] : undefined;
      if (!kind) throw badRequest(`Unknown job kind '${String(name)}'`);
      const parsed = kind.payload.safeParse(payload);
      if (!parsed.success)
        throw badRequest(`Invalid payload of job '${kind.name}': ${describeIssues(parsed.error)}`);
      const maxAttempts = MaxAttempts.safeParse(opts.maxAttempts ?? kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
      if (!maxAttempts.success)
        throw badRequest(`Invalid maxAttempts of job '${kind.name}': ${describeIssues(maxAttempts.error)}`);
      const row = await insertJob(opts.within ?? db, {
        id: newId(),
        kind: kind.name,
        payload: JSON.stringify(parsed.data),
        maxAttempts: maxAttempts.data,
        projectId: opts.projectId ?? null,
        createdBy: opts.createdBy ?? null,
        now: now().toISOString(),
      });
      for (const l of listeners) l();
      return toJob(row);
    },
    async get(id) {
      const row = await findJob(db, id);
      return row ? toJob(row) : null;
    },
    async list(filter = {}) {
      const limit = Math.max(1, Math.min(filter.limit ?? 100, 1000));
      return (await findJobs(db, { projectId: filter.projectId, createdBy: filter.createdBy, limit })).map(
        toJob,
      );
    },
    logs: (id) => findJobLogs(db, id),
    async cancel(id) {
      const row = (await cancelJobRow(db, id, now().toISOString())) ?? (await findJob(db, id));
      return row ? toJob(row) : null;
    },
    onEnqueued(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
