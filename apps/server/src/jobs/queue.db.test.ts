/** The job queue's API on both dialects: validation before writing, reading, listing, cancelling. */
import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness.ts';
import { AppError } from '../errors.ts';
import type { JobQueue } from './queue.ts';

describeEachDialect('job queue', (t) => {
  const countJobs = async () =>
    (
      await t()
        .ctx.db.selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeEach(async () => {
    await t().ctx.db.deleteFrom('jobs').execute();
  });

  it('enqueues a validated job as queued, with its project and creator', async () => {
    const user = await t().createUser();
    const project = await t().createProject();
    const job = await t().ctx.jobs.enqueue(
      'audit-prune',
      { olderThanDays: 90 },
      { projectId: project.id, createdBy: user.id },
    );
    expect(job).toMatchObject({
      kind: 'audit-prune',
      payload: { olderThanDays: 90 },
      state: 'queued',
      progress: 0,
      attempts: 0,
      maxAttempts: 3,
      projectId: project.id,
      createdBy: user.id,
      errorMessage: null,
      result: null,
      finishedAt: null,
    });
    expect(job.id).toMatch(/^[0-9a-f]{24}$/);
    expect(await t().ctx.jobs.get(job.id)).toEqual(job);
  });

  it('rejects a bad payload with a 400 and writes nothing', async () => {
    const jobs = t().ctx.jobs as JobQueue;
    for (const payload of [{ olderThanDays: 0 }, { olderThanDays: 1.5 }, { olderThanDays: '30' }, {}, null]) {
      const error = await jobs.enqueue('audit-prune', payload as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toMatch(/^Invalid payload of job 'audit-prune'/);
    }
    await expect(jobs.enqueue('no-such-kind' as never, {} as never)).rejects.toThrow(
      "Unknown job kind 'no-such-kind'",
    );
    await expect(jobs.enqueue('audit-prune', { olderThanDays: 5 }, { maxAttempts: 0 })).rejects.toThrow(
      /maxAttempts/,
    );
    expect(await countJobs()).toBe(0);
  });

  it('lists newest first, filtered by project and by creator', async () => {
    const alice = await t().createUser();
    const bob = await t().createUser();
    const p1 = await t().createProject();
    const p2 = await t().createProject();
    const a1 = await t().ctx.jobs.enqueue(
      'audit-prune',
      { olderThanDays: 1 },
      { projectId: p1.id, createdBy: alice.id },
    );
    const b2 = await t().ctx.jobs.enqueue(
      'audit-prune',
      { olderThanDays: 2 },
      { projectId: p2.id, createdBy: bob.id },
    );
    const a2 = await t().ctx.jobs.enqueue(
      'audit-prune',
      { olderThanDays: 3 },
      { projectId: p2.id, createdBy: alice.id },
    );
    const ids = (jobs: { id: string }[]) => jobs.map((j) => j.id);
    expect(new Set(ids(await t().ctx.jobs.list()))).toEqual(new Set([a1.id, b2.id, a2.id]));
    expect(ids(await t().ctx.jobs.list({ projectId: p2.id })).sort()).toEqual([b2.id, a2.id].sort());
    expect(ids(await t().ctx.jobs.list({ createdBy: alice.id })).sort()).toEqual([a1.id, a2.id].sort());
    expect(ids(await t().ctx.jobs.list({ projectId: p2.id, createdBy: alice.id }))).toEqual([a2.id]);
    const all = await t().ctx.jobs.list();
    expect(all.map((j) => j.createdAt)).toEqual([...all.map((j) => j.createdAt)].sort().reverse());
    expect(await t().ctx.jobs.list({ limit: 1 })).toHaveLength(1);
  });

  it('cancels a queued job once; a finished job stays as it was; an unknown id gives null', async () => {
    const job = await t().ctx.jobs.enqueue('audit-prune', { olderThanDays: 30 });
    const cancelled = await t().ctx.jobs.cancel(job.id);
    expect(cancelled).toMatchObject({ id: job.id, state: 'cancelled' });
    expect(cancelled?.finishedAt).not.toBeNull();
    const again = await t().ctx.jobs.cancel(job.id);
    expect(again).toEqual(cancelled);
    expect(await t().ctx.jobs.cancel('0123456789abcdef01234567')).toBeNull();
    expect(await t().ctx.jobs.get('0123456789abcdef01234567')).toBeNull();
  });
});
