/**
 * Two workers on two separate connections (two SQLite connections to one file; two PostgreSQL pools) race
 * for the same jobs: every job runs exactly once.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DIALECTS } from '../../test/harness.ts';
import { defineJobKind } from './job-kind.ts';
import { createJobQueue } from './queue.ts';
import { FAST, NO_FILES, openSharedDatabase, waitFor } from '../../test/jobs.test-helpers.ts';
import { createJobWorker } from './worker.ts';

const JOB_COUNT = 60;
/**
 * Leases that outlive any pause of a loaded machine: this test is about claims being exclusive. With
 * FAST's 200 ms, a heartbeat late under load (CI on two busy cores) let the other worker take a running
 * job back as stale and run it again — lease expiry, tested on its own in worker.db.test.ts.
 */
const LONG_LEASE = { staleAfterMs: 30_000 } as const;

describe.each(DIALECTS)('claiming jobs [%s]', (dialect) => {
  it('two workers on separate connections run each job exactly once', async () => {
    const shared = await openSharedDatabase(dialect);
    const runs = new Map<string, number>();
    const ranBy = new Map<string, number>();
    const kindFor = (worker: string) => ({
      tally: defineJobKind({
        name: 'tally',
        payload: z.object({ i: z.number().int() }),
        async handle({ i }, ctx) {
          runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
          ranBy.set(worker, (ranBy.get(worker) ?? 0) + 1);
          await ctx.progress(50); // a write while holding the lease, interleaving with the other worker's claims
          return { i };
        },
      }),
    });
    const errors: unknown[] = [];
    const queue = createJobQueue(shared.a.db, { kinds: kindFor('a') });
    const workers = [
      createJobWorker({
        db: shared.a.db,
        dialect,
        blobs: NO_FILES,
        kinds: kindFor('a'),
        concurrency: 2,
        ...FAST,
        ...LONG_LEASE,
        pollIntervalMs: 1,
        onError: (e) => errors.push(e),
      }),
      createJobWorker({
        db: shared.b.db,
        dialect,
        blobs: NO_FILES,
        kinds: kindFor('b'),
        concurrency: 2,
        ...FAST,
        ...LONG_LEASE,
        pollIntervalMs: 1,
        onError: (e) => errors.push(e),
      }),
    ];
    try {
      const ids = [];
      for (let i = 0; i < JOB_COUNT; i++) ids.push((await queue.enqueue('tally', { i })).id);
      for (const w of workers) w.start();
      await waitFor(async () => {
        const done = await shared.b.db
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'succeeded')
          .execute();
        return done.length === JOB_COUNT;
      }, 'every job to succeed');
      expect(errors).toEqual([]);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      const rows = await shared.a.db.selectFrom('jobs').select(['attempts', 'result']).execute();
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      expect(
        rows.map((r) => (JSON.parse(r.result ?? 'null') as { i: number }).i).sort((x, y) => x - y),
      ).toEqual(Array.from({ length: JOB_COUNT }, (_, i) => i));
      expect((ranBy.get('a') ?? 0) + (ranBy.get('b') ?? 0)).toBe(JOB_COUNT);
    } finally {
      await Promise.all(workers.map((w) => w.stop({ timeoutMs: 5_000 })));
      await shared.dispose();
    }
  });
});
