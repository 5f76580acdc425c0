/**
 * Helpers of the tests of job-backed routes (copy slides, transfer, label extract): a worker on the test
 * server's queue, a job followed through the project's job route to its end (as a wizard follows it),
 * and the number of jobs (a refused request queues none).
 */
import type { Db } from '../src/db/database.ts';
import { createJobWorker, type JobWorker } from '../src/jobs/worker.ts';
import type { TestServer, TestUser } from './harness.ts';
import { FAST, waitFor } from './jobs.test-helpers.ts';

export function startTestWorker(server: TestServer): JobWorker {
  const worker = createJobWorker({
    db: server.ctx.db,
    dialect: server.ctx.dialect,
    blobs: server.ctx.blobs,
    queue: server.ctx.jobs,
    concurrency: 1,
    ...FAST,
  });
  worker.start();
  return worker;
}

export interface EndedJob {
  state: string;
  result: unknown;
  errorMessage: string | null;
}

export function jobEnd(
  server: TestServer,
  user: TestUser,
  projectId: string,
  jobId: string,
  timeoutMs = 30_000,
): Promise<EndedJob> {
  return waitFor(
    async () => {
      const res = await server.request(user, {
        method: 'GET',
        url: `/v1/projects/${projectId}/jobs/${jobId}`,
      });
      const job = res.json<EndedJob>();
      return ['succeeded', 'failed', 'cancelled'].includes(job.state) ? job : undefined;
    },
    `job ${jobId}`,
    timeoutMs,
  );
}

export async function jobCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((e) => e.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row!.n);
}
