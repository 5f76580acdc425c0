/**
 * The only SQL of the job queue. Every write by a worker is guarded by its lease (locked_by and
 * state = 'running'): once a job was cancelled, or re-queued because its heartbeat went stale, the old
 * worker's late writes change nothing.
 */
import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

export interface NewJobRow {
  id: string;
  kind: string;
  payload: string;
  maxAttempts: number;
  projectId: string | null;
  createdBy: string | null;
  now: string;
}

export async function insertJob(db: Db, j: NewJobRow): Promise<JobRow> {
  return db
    .insertInto('jobs')
    .values({
      id: j.id,
      kind: j.kind,
      payload: j.payload,
      state: 'queued',
      max_attempts: j.maxAttempts,
      run_after: j.now,
      project_id: j.projectId,
      created_by: j.createdBy,
      created_at: j.now,
      updated_at: j.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findJobs(
  db: Db,
  f: { projectId?: string; createdBy?: string; limit: number },
): Promise<JobRow[]> {
  let q = db.selectFrom('jobs').selectAll();
  if (f.projectId !== undefined) q = q.where('project_id', '=', f.projectId);
  if (f.createdBy !== undefined) q = q.where('created_by', '=', f.createdBy);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

export async function findJobLogs(db: Db, jobId: string): Promise<{ at: string; line: string }[]> {
  return db.selectFrom('job_logs').select(['at', 'line']).where('job_id', '=', jobId).orderBy('id').execute();
}

export async function insertJobLog(db: Db, jobId: string, at: string, line: string): Promise<void> {
  await db.insertInto('job_logs').values({ job_id: jobId, at, line }).execute();
}

/** Cancels a job that has not finished; undefined when it had (or does not exist). */
export async function cancelJobRow(db: Db, id: string, now: string): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({ state: 'cancelled', finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Takes the oldest due queued job of the given kinds for `workerId`, atomically: two workers never get the
 * same job. PostgreSQL: the subquery locks the row FOR UPDATE and SKIP LOCKED lets a racing worker take
 * the next one instead of waiting. SQLite: one UPDATE … RETURNING statement is its own write transaction,
 * and SQLite takes the write lock when the statement starts, before its subquery reads, which is what
 * BEGIN IMMEDIATE would do. An explicit BEGIN IMMEDIATE … COMMIT through Kysely would hold that lock across
 * await points, and better-sqlite3 waits for a busy lock synchronously, blocking the event loop: a second
 * connection in the same process (tests, or serve plus an in-process tool) would then stall until
 * busy_timeout.
 */
export async function claimJobRow(
  db: Db,
  dialect: Dialect,
  kinds: string[],
  workerId: string,
  now: string,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  return db
    .updateTable('jobs')
    .set({
      state: 'running',
      locked_by: workerId,
      heartbeat_at: now,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('state', '=', 'queued')
    .where('id', '=', (eb) => {
      const next = eb
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'queued')
        .where('run_after', '<=', now)
        .where('kind', 'in', kinds)
        .orderBy('run_after')
        .orderBy('created_at')
        .limit(1);
      return dialect === 'postgres' ? next.forUpdate().skipLocked() : next;
    })
    .returningAll()
    .executeTakeFirst();
}

const leased = (db: Db, id: string, workerId: string) =>
  db
    .updateTable('jobs')
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running');

/** Renews the lease; false when the job is no longer this worker's (cancelled, or taken over). */
export async function touchJob(db: Db, id: string, workerId: string, now: string): Promise<boolean> {
  const r = await leased(db, id, workerId).set({ heartbeat_at: now, updated_at: now }).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Records progress and renews the lease; false when the job is no longer this worker's. */
export async function setJobProgress(
  db: Db,
  id: string,
  workerId: string,
  progress: number,
  now: string,
): Promise<boolean> {
  const r = await leased(db, id, workerId)
    .set({ progress, heartbeat_at: now, updated_at: now })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function completeJob(
  db: Db,
  id: string,
  workerId: string,
  result: string,
  now: string,
): Promise<boolean> {
  const r = await leased(db, id, workerId)
    .set({
      state: 'succeeded',
      progress: 100,
      result,
      error_message: null,
      finished_at: now,
      updated_at: now,
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function failJob(
  db: Db,
  id: string,
  workerId: string,
  message: string,
  now: string,
): Promise<boolean> {
  const r = await leased(db, id, workerId)
    .set({ state: 'failed', error_message: message, finished_at: now, updated_at: now })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Back to the queue, due at `runAfter`. `refundAttempt`: the run was interrupted by shutdown, not a failure. */
export async function requeueJob(
  db: Db,
  id: string,
  workerId: string,
  r: { runAfter: string; errorMessage?: string; refundAttempt: boolean; now: string },
): Promise<boolean> {
  const res = await leased(db, id, workerId)
    .set({
      state: 'queued',
      run_after: r.runAfter,
      ...(r.errorMessage !== undefined ? { error_message: r.errorMessage } : {}),
      locked_by: null,
      heartbeat_at: null,
      updated_at: r.now,
      ...(r.refundAttempt ? { attempts: sql<number>`attempts - 1` } : {}),
    })
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Running jobs whose lease has not been renewed since `staleBefore`. */
export async function findStaleJobs(db: Db, staleBefore: string, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'running')
    .where('heartbeat_at', '<', staleBefore)
    .orderBy('heartbeat_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a stale job out of its dead worker's hands: queued again, or failed after the last attempt.
 * Guarded by the observed lease, so a worker that renews in between keeps its job.
 */
export async function reclaimStaleJob(
  db: Db,
  stale: Pick<JobRow, 'id' | 'locked_by' | 'heartbeat_at'>,
  next: { state: 'queued'; runAfter: string } | { state: 'failed' },
  errorMessage: string,
  now: string,
): Promise<boolean> {
  let q = db
    .updateTable('jobs')
    .where('id', '=', stale.id)
    .where('state', '=', 'running')
    .where('heartbeat_at', '=', stale.heartbeat_at);
  q =
    stale.locked_by === null ? q.where('locked_by', 'is', null) : q.where('locked_by', '=', stale.locked_by);
  const res = await q
    .set(
      next.state === 'queued'
        ? {
            state: 'queued',
            run_after: next.runAfter,
            locked_by: null,
            heartbeat_at: null,
            error_message: errorMessage,
            updated_at: now,
          }
        : { state: 'failed', error_message: errorMessage, finished_at: now, updated_at: now },
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
