/**
 * What a job kind is (STYLE habit 4): a name, a zod payload schema and a handler. Each kind lives in its
 * own `<name>.job.ts`; registry.ts lists them. The handler gets a JobContext through which it reports
 * progress and log lines and learns of cancellation; whatever it returns is stored as the job's result.
 */
import type { z } from 'zod';
import type { BlobStore } from '../blob-store/blob-store.ts';
import type { Db, Dialect } from '../db/database.ts';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  db: Db;
  dialect: Dialect;
  /** The installation's blob store: slide files are read and pyramids written through it. */
  blobs: BlobStore;
  /**
   * Aborted when the job is cancelled, when this worker lost its lease (its heartbeat went stale and
   * another worker took the job), or when the worker shuts down. Check it between units of work.
   */
  signal: AbortSignal;
  /** 0–100; rounded, clamped, and written only when the whole number changes. */
  progress(percent: number): Promise<void>;
  /** Appends one line to the job's log. */
  log(line: string): Promise<void>;
}

export interface JobKind<S extends z.ZodType = z.ZodType, N extends string = string> {
  name: N;
  payload: S;
  /** Attempts before the job is failed; default 3. A kind whose work must not repeat says 1. */
  maxAttempts?: number;
  /** Throw an Error whose message is fit for users: it becomes the job's errorMessage. */
  handle(payload: z.output<S>, ctx: JobContext): Promise<unknown>;
}

/** Identity helper that keeps the literal name and the payload type of a kind. */
export const defineJobKind = <const N extends string, S extends z.ZodType>(
  kind: JobKind<S, N>,
): JobKind<S, N> => kind;

export type JobKinds = Record<string, JobKind>;

export const DEFAULT_MAX_ATTEMPTS = 3;
