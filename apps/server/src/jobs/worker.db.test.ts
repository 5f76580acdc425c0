/**
 * The worker on both dialects: progress and log, retries then failure, a stale lease taken over by
 * another worker, cancellation, graceful stop. Test kinds stand in for real work so each step is
 * controlled by the test; the real kind (audit-prune) has its own test.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDialect } from '../../test/harness.ts';
import { defineJobKind } from './job-kind.ts';
import { createJobQueue } from './queue.ts';
import { FAST, latch, waitFor } from '../../test/jobs.test-helpers.ts';
import { createJobWorker, STALE_MESSAGE, type JobWorker, type JobWorkerOptions } from './worker.ts';

let gate = latch();
const aborts: string[] = [];

const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    const onAbort = () => {
      aborts.push(String((signal.reason as Error).message));
      reject(signal.reason as Error);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });

const kinds = {
  echo: defineJobKind({
    name: 'echo',
    payload: z.object({ n: z.number().int() }),
    async handle({ n }, ctx) {
      await ctx.log(`got ${n}`);
      await ctx.progress(40.2);
      await ctx.log('halfway');
      await Promise.race([gate.promise, untilAborted(ctx.signal)]);
      return { doubled: n * 2 };
    },
  }),
  failing: defineJobKind({
    name: 'failing',
    payload: z.object({ message: z.string() }),
    async handle({ message }) {
      throw new Error(message);
    },
  }),
  /** Blocks on its first attempt only, so a retry elsewhere can finish it. */
  firstBlocks: defineJobKind({
    name: 'firstBlocks',
    payload: z.object({}),
    async handle(_, ctx) {
      if (ctx.attempt === 1) await Promise.race([gate.promise, untilAborted(ctx.signal)]);
      return { attempt: ctx.attempt };
    },
  }),
};

describeEachDialect('job worker', (t) => {
  const queue = () => createJobQueue(t().ctx.db, { kinds });
  const workers: JobWorker[] = [];
  const errors: unknown[] = [];
  const startWorker = (opts: Partial<JobWorkerOptions<typeof kinds>> = {}) => {
    const worker = createJobWorker({
      db: t().ctx.db,
      dialect: t().dialect,
      blobs: t().ctx.blobs,
      kinds,
      concurrency: 1,
      ...FAST,
      onError: (e) => errors.push(e),
      ...opts,
    });
    workers.push(worker);
    worker.start();
    return worker;
  };
  const job = (id: string) =>
    queue()
      .get(id)
      .then((j) => j ?? undefined);
  const jobIn = (id: string, state: string) =>
    waitFor(async () => ((await job(id))?.state === state ? job(id) : undefined), `job ${id} ${state}`);

  beforeEach(async () => {
    await t().ctx.db.deleteFrom('jobs').execute();
    gate = latch();
    aborts.length = 0;
    errors.length = 0;
  });

  afterEach(async () => {
    gate.open();
    await Promise.all(workers.splice(0).map((w) => w.stop({ timeoutMs: 2_000 })));
    expect(errors).toEqual([]);
  });

  it('records progress and log lines while running, then the result', async () => {
    const worker = startWorker();
    const { id } = await queue().enqueue('echo', { n: 21 });
    // The handler logs 'halfway' after reporting progress, then waits for the gate.
    await waitFor(async () => (await queue().logs(id)).length === 2, 'two log lines');
    expect((await queue().logs(id)).map((l) => l.line)).toEqual(['got 21', 'halfway']);
    const running = await job(id);
    expect(running).toMatchObject({ state: 'running', progress: 40, attempts: 1, lockedBy: worker.id });
    expect(running?.heartbeatAt).not.toBeNull();
    gate.open();
    const done = await jobIn(id, 'succeeded');
    expect(done).toMatchObject({ progress: 100, result: { doubled: 42 }, errorMessage: null, attempts: 1 });
    expect(done.finishedAt).not.toBeNull();
  });

  it('retries a throwing handler up to maxAttempts, then fails it with the message', async () => {
    startWorker();
    const { id } = await queue().enqueue('failing', { message: 'Scanner is offline' }, { maxAttempts: 3 });
    const failed = await jobIn(id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, errorMessage: 'Scanner is offline', result: null });
    expect(failed.finishedAt).not.toBeNull();
    expect((await queue().logs(id)).map((l) => l.line)).toEqual(
      [1, 2, 3].map((a) => `Attempt ${a} of 3 failed: Scanner is offline`),
    );
  });

  it('waits the backoff before a retry', async () => {
    startWorker({ backoff: { baseMs: 60_000, maxMs: 60_000, jitter: 0 } });
    const { id } = await queue().enqueue('failing', { message: 'Try later' }, { maxAttempts: 2 });
    const requeued = await waitFor(async () => {
      const j = await job(id);
      return j?.state === 'queued' && j.attempts === 1 ? j : undefined;
    }, 'first attempt failed');
    expect(requeued).toMatchObject({ errorMessage: 'Try later', lockedBy: null });
    const delay = Date.parse(requeued.runAfter) - Date.parse(requeued.updatedAt);
    expect(delay).toBe(60_000);
  });

  it('fails a job whose stored payload no longer validates, without retrying', async () => {
    const { id } = await queue().enqueue('echo', { n: 1 });
    await t().ctx.db.updateTable('jobs').set({ payload: '{"n":"one"}' }).where('id', '=', id).execute();
    startWorker();
    const failed = await jobIn(id, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.errorMessage).toMatch(/^Invalid payload: /);
  });

  it('re-queues a job whose heartbeat went stale; another worker finishes it and the old one changes nothing', async () => {
    // A never renews its lease within the test: it stands for a killed worker.
    const a = startWorker({ heartbeatIntervalMs: 600_000 });
    const { id } = await queue().enqueue('firstBlocks', {});
    await waitFor(async () => (await job(id))?.lockedBy === a.id, 'worker A to claim');
    await t()
      .ctx.db.updateTable('jobs')
      .set({ heartbeat_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();

    const b = startWorker();
    const done = await jobIn(id, 'succeeded');
    expect(done).toMatchObject({ attempts: 2, lockedBy: b.id, result: { attempt: 2 } });
    expect((await queue().logs(id)).map((l) => l.line)).toEqual([
      `${STALE_MESSAGE} (${a.id}); queued again.`,
    ]);

    // A's handler finishes late; its lease is gone, so the row stays as B left it.
    gate.open();
    await waitFor(() => a.runningJobIds().length === 0, 'worker A to finish its handler');
    expect(await job(id)).toEqual(done);
  });

  it('fails a stale job that has no attempts left', async () => {
    startWorker({ heartbeatIntervalMs: 600_000 });
    const { id } = await queue().enqueue('firstBlocks', {}, { maxAttempts: 1 });
    await jobIn(id, 'running');
    await t()
      .ctx.db.updateTable('jobs')
      .set({ heartbeat_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    startWorker();
    const failed = await jobIn(id, 'failed');
    expect(failed).toMatchObject({ attempts: 1, errorMessage: STALE_MESSAGE });
  });

  it('cancels a running job: the handler sees its signal abort and nothing more is recorded', async () => {
    const worker = startWorker();
    const { id } = await queue().enqueue('echo', { n: 2 });
    await waitFor(async () => (await job(id))?.progress === 40, 'job to run');
    const cancelled = await queue().cancel(id);
    expect(cancelled?.state).toBe('cancelled');
    await waitFor(() => aborts.length > 0, 'the handler to see the abort');
    expect(aborts).toEqual(['The job was cancelled or taken over by another worker']);
    await waitFor(() => worker.runningJobIds().length === 0, 'the worker to let go');
    expect(await job(id)).toMatchObject({ state: 'cancelled', result: null, progress: 40, attempts: 1 });
  });

  it('stops gracefully: waits for a running handler to finish', async () => {
    const worker = startWorker();
    const { id } = await queue().enqueue('echo', { n: 5 });
    await jobIn(id, 'running');
    let stopped = false;
    const stopping = worker.stop({ timeoutMs: 10_000 }).then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    gate.open();
    await stopping;
    expect(await job(id)).toMatchObject({ state: 'succeeded', result: { doubled: 10 } });
  });

  it('stops after the timeout: aborts the handler and hands its job back without counting the attempt', async () => {
    const a = startWorker();
    const { id } = await queue().enqueue('firstBlocks', {});
    await jobIn(id, 'running');
    await a.stop({ timeoutMs: 30 });
    expect(aborts).toEqual(['The worker is shutting down']);
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, heartbeatAt: null });
    // Its next run is its first attempt again; let it through.
    gate.open();
    startWorker();
    expect(await jobIn(id, 'succeeded')).toMatchObject({ attempts: 1, result: { attempt: 1 } });
  });
});
