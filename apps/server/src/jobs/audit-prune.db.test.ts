/** The audit-prune job end to end: enqueued through ctx.jobs, run by a worker, old entries gone. */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness.ts';
import { FAST, NO_FILES, waitFor } from '../../test/jobs.test-helpers.ts';
import { createJobWorker } from './worker.ts';

const DAY_MS = 86_400_000;

describeEachDialect('audit-prune job', (t) => {
  it('deletes audit entries older than N days in batches, keeps newer ones, reports progress and the count', async () => {
    const { db, dialect, jobs } = t().ctx;
    await db.deleteFrom('audit_log').execute();
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    const entry = (daysAgo: number, target: string) => ({
      at: at(daysAgo),
      actor_user_id: null,
      action: 'auth.login',
      target,
      details: '{}',
      ip: null,
    });
    // 2,500 old rows: three batches of 1,000.
    const old = Array.from({ length: 2_500 }, (_, i) => entry(40 + (i % 5), `old-${i}`));
    for (let i = 0; i < old.length; i += 500)
      await db
        .insertInto('audit_log')
        .values(old.slice(i, i + 500))
        .execute();
    await db
      .insertInto('audit_log')
      .values([entry(29, 'recent-1'), entry(0, 'recent-2')])
      .execute();

    const job = await jobs.enqueue('audit-prune', { olderThanDays: 30 });
    const worker = createJobWorker({ db, dialect, blobs: NO_FILES, queue: jobs, concurrency: 1, ...FAST });
    worker.start();
    try {
      const done = await waitFor(async () => {
        const j = await jobs.get(job.id);
        return j && j.state !== 'queued' && j.state !== 'running' ? j : undefined;
      }, 'the job to finish');
      expect(done).toMatchObject({ state: 'succeeded', progress: 100, result: { deleted: 2_500 } });
      const left = await db.selectFrom('audit_log').select('target').orderBy('target').execute();
      expect(left.map((r) => r.target)).toEqual(['recent-1', 'recent-2']);
      const lines = (await jobs.logs(job.id)).map((l) => l.line);
      expect(lines[0]).toMatch(/^Deleting 2500 audit-log entries from before \d{4}-/);
      expect(lines.at(-1)).toBe('Deleted 2500 audit-log entries.');
    } finally {
      await worker.stop({ timeoutMs: 5_000 });
    }
  });
});
