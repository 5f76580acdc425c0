/**
 * A job worker: `concurrency` slots, each claiming one job at a time, running its kind's handler, and
 * recording the outcome. While a job runs its lease is renewed (heartbeat_at) every heartbeatIntervalMs;
 * any worker re-queues running jobs whose lease is older than staleAfterMs, so the job of a killed worker
 * runs again elsewhere (DESIGN §14). A failed attempt is retried with exponential backoff until
 * max_attempts, then the job is failed with the error's message.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { BlobStore } from '../blob-store/blob-store.ts';
import type { Db, Dialect } from '../db/database.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffOptions } from './backoff.ts';
import type { JobContext, JobKinds } from './job-kind.ts';
import {
  claimJobRow,
  completeJob,
  failJob,
  findStaleJobs,
  insertJobLog,
  reclaimStaleJob,
  requeueJob,
  setJobProgress,
  touchJob,
  type JobRow,
} from './jobs.queries.ts';
import type { JobQueue } from './queue.ts';
import { JOB_KINDS, type JobRegistry } from './registry.ts';

export interface JobWorkerOptions<K extends JobKinds = JobRegistry> {
  db: Db;
  dialect: Dialect;
  /** Handed to every job (JobContext.blobs). */
  blobs: BlobStore;
  /** The kinds this worker runs (and claims); default: every registered kind. */
  kinds?: K;
  /** When given, an enqueue in this process wakes the worker at once. */
  queue?: JobQueue<K>;
  /** Jobs run at the same time; default half the cores, at least 1 (1 on the 2-core machines). */
  concurrency?: number;
  /** How often an idle slot looks for work; default 1 s. */
  pollIntervalMs?: number;
  /** How often a running job's lease is renewed; default 5 s. */
  heartbeatIntervalMs?: number;
  /** A running job whose lease is older than this is taken from its worker; default 30 s (six missed heartbeats). */
  staleAfterMs?: number;
  backoff?: Partial<BackoffOptions>;
  workerId?: string;
  now?: () => Date;
  /** Errors of the worker itself (database unreachable, …); handler errors go to the job instead. */
  onError?: (error: unknown) => void;
}

export interface JobWorker {
  readonly id: string;
  start(): void;
  /**
   * Stops claiming and waits up to timeoutMs (default 30 s) for running handlers. Handlers still running
   * then are aborted and their jobs handed back to the queue without counting the attempt.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Ids of the jobs running in this worker now. */
  runningJobIds(): string[];
  /** Look for work now instead of at the next poll. */
  wake(): void;
}

export const STALE_MESSAGE = 'The worker running this job stopped responding';
const SHUTDOWN_MESSAGE = 'The worker is shutting down';
const MAX_LOG_LINE = 10_000;

export const defaultConcurrency = (): number => Math.max(1, Math.floor(os.availableParallelism() / 2));

const errorMessageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)) || 'The job failed';

/** Idle slots wait here; wakeAll ends every wait at once (enqueue, stop). */
function createSleeper() {
  const waiters = new Set<() => void>();
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
      });
    },
    wakeAll() {
      for (const w of [...waiters]) w();
    },
  };
}

export function createJobWorker<K extends JobKinds = JobRegistry>(options: JobWorkerOptions<K>): JobWorker {
  const { db, dialect, blobs } = options;
  const kinds: JobKinds = options.kinds ?? JOB_KINDS;
  const kindNames = Object.keys(kinds);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? defaultConcurrency()));
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 5_000;
  const staleAfterMs = options.staleAfterMs ?? 30_000;
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...options.backoff };
  const now = options.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const onError = options.onError ?? ((e: unknown) => console.error(`job worker: ${errorMessageOf(e)}`));
  const id =
    options.workerId ??
    `${os.hostname().slice(0, 64)}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

  const sleeper = createSleeper();
  const running = new Map<string, AbortController>();
  let loops: Promise<void>[] = [];
  let started = false;
  let stopping = false;
  let lastSweep = -Infinity;
  let unsubscribe: (() => void) | undefined;

  const appendLog = (jobId: string, line: string) =>
    insertJobLog(db, jobId, iso(), line.slice(0, MAX_LOG_LINE)).catch(onError);

  /** Takes stale jobs from dead workers; at most once per heartbeat interval per worker. */
  async function sweepStaleJobs(): Promise<void> {
    const t = now().getTime();
    if (t - lastSweep < heartbeatIntervalMs) return;
    lastSweep = t;
    for (const stale of await findStaleJobs(db, iso(-staleAfterMs), 100)) {
      if (running.has(stale.id)) continue; // ours: its heartbeat is only late (busy event loop)
      const exhausted = stale.attempts >= stale.max_attempts;
      const next = exhausted
        ? ({ state: 'failed' } as const)
        : ({ state: 'queued', runAfter: iso(retryDelayMs(stale.attempts, backoff)) } as const);
      if (await reclaimStaleJob(db, stale, next, STALE_MESSAGE, iso()))
        await appendLog(
          stale.id,
          `${STALE_MESSAGE} (${stale.locked_by ?? 'unknown worker'}); ${exhausted ? 'no attempts left' : 'queued again'}.`,
        );
    }
  }

  async function runJob(row: JobRow): Promise<void> {
    const kind = kinds[row.kind];
    const controller = new AbortController();
    running.set(row.id, controller);
    // The lease is gone (cancelled, or taken over after a stale heartbeat): stop the handler; record nothing.
    const loseLease = () =>
      controller.abort(new Error('The job was cancelled or taken over by another worker'));
    const heartbeat = setInterval(() => {
      touchJob(db, row.id, id, iso()).then((ok) => ok || loseLease(), onError);
    }, heartbeatIntervalMs);
    heartbeat.unref();
    let lastProgress = row.progress;
    const ctx: JobContext = {
      jobId: row.id,
      attempt: row.attempts,
      db,
      dialect,
      blobs,
      signal: controller.signal,
      async progress(percent) {
        const value = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
        if (value === lastProgress) return;
        lastProgress = value;
        if (!(await setJobProgress(db, row.id, id, value, iso()))) loseLease();
      },
      async log(line) {
        await insertJobLog(db, row.id, iso(), String(line).slice(0, MAX_LOG_LINE));
      },
    };
    try {
      if (!kind) throw new Error(`Unknown job kind '${row.kind}'`); // not reached: claims are limited to known kinds
      const payload = kind.payload.safeParse(JSON.parse(row.payload));
      if (!payload.success) {
        // A payload that no longer validates will not validate on retry either.
        await failJob(
          db,
          row.id,
          id,
          `Invalid payload: ${payload.error.issues.map((i) => i.message).join('; ')}`,
          iso(),
        );
        return;
      }
      const result = await kind.handle(payload.data, ctx);
      // Guarded by the lease: a cancelled or taken-over job keeps the state it has.
      await completeJob(db, row.id, id, JSON.stringify(result ?? null), iso());
    } catch (error) {
      // Aborted: cancelled, taken over, or released by stop(); the row already says what happened.
      if (controller.signal.aborted) return;
      const message = errorMessageOf(error);
      const exhausted = row.attempts >= row.max_attempts;
      await appendLog(row.id, `Attempt ${row.attempts} of ${row.max_attempts} failed: ${message}`);
      const at = now().getTime();
      if (exhausted) await failJob(db, row.id, id, message, new Date(at).toISOString());
      else
        await requeueJob(db, row.id, id, {
          runAfter: new Date(at + retryDelayMs(row.attempts, backoff)).toISOString(),
          errorMessage: message,
          refundAttempt: false,
          now: new Date(at).toISOString(),
        });
    } finally {
      clearInterval(heartbeat);
      running.delete(row.id);
    }
  }

  async function slotLoop(): Promise<void> {
    while (!stopping) {
      let claimed = false;
      try {
        await sweepStaleJobs();
        const row = await claimJobRow(db, dialect, kindNames, id, iso());
        if (row) {
          claimed = true;
          await runJob(row);
        }
      } catch (error) {
        onError(error);
      }
      if (!claimed && !stopping) await sleeper.sleep(pollIntervalMs);
    }
  }

  return {
    id,
    start() {
      if (started) return;
      started = true;
      unsubscribe = options.queue?.onEnqueued(() => sleeper.wakeAll());
      loops = Array.from({ length: concurrency }, () => slotLoop());
    },
    async stop({ timeoutMs = 30_000 } = {}) {
      if (!started || stopping) return;
      stopping = true;
      unsubscribe?.();
      sleeper.wakeAll();
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.all(loops).then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (finished) return;
      for (const [jobId, controller] of running) {
        controller.abort(new Error(SHUTDOWN_MESSAGE));
        await requeueJob(db, jobId, id, { runAfter: iso(), refundAttempt: true, now: iso() }).catch(onError);
        await appendLog(jobId, `${SHUTDOWN_MESSAGE}; queued again.`);
      }
    },
    runningJobIds: () => [...running.keys()],
    wake: () => sleeper.wakeAll(),
  };
}
