/**
 * DESIGN §14, a killed worker loses nothing: a worker process is SIGKILLed in the middle of a job; once its
 * heartbeat goes stale, a worker elsewhere takes the job over and finishes it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { createJobQueue } from './queue.ts';
import { FAST, NO_FILES, openSharedDatabase, waitFor } from '../../test/jobs.test-helpers.ts';
import { createJobWorker, STALE_MESSAGE } from './worker.ts';
import { untilKilledKinds } from '../../test/jobs/until-killed.job-kind.ts';

const FIXTURE = path.join(import.meta.dirname, '../../test/jobs/killable-worker.ts');

describe.each(DIALECTS)('a killed worker [%s]', (dialect) => {
  it('loses nothing: its job is taken over and finished by another worker', async () => {
    const shared = await openSharedDatabase(dialect);
    const kinds = untilKilledKinds(() => {
      throw new Error('the first attempt belongs to the child process');
    });
    const queue = createJobQueue(shared.a.db, { kinds });
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, shared.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const survivor = createJobWorker({
      db: shared.b.db,
      dialect,
      blobs: NO_FILES,
      kinds,
      concurrency: 1,
      ...FAST,
    });
    try {
      const { id } = await queue.enqueue('untilKilled', {});
      const claimed = await waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`the worker process exited: ${err}`);
          return /^claimed (\S+) (\S+)$/m.exec(out) ?? undefined;
        },
        'the child to claim',
        20_000,
      );
      expect(claimed[1]).toBe(id);
      const childWorkerId = claimed[2];
      expect(await queue.get(id)).toMatchObject({ state: 'running', progress: 10, lockedBy: childWorkerId });

      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      survivor.start();
      const done = await waitFor(async () => {
        const j = await queue.get(id);
        return j?.state === 'succeeded' ? j : undefined;
      }, 'the survivor to finish the job');
      expect(done).toMatchObject({
        attempts: 2,
        lockedBy: survivor.id,
        result: { attempt: 2 },
        progress: 100,
      });
      expect((await queue.logs(id)).map((l) => l.line)).toEqual([
        `${STALE_MESSAGE} (${childWorkerId}); queued again.`,
      ]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await survivor.stop({ timeoutMs: 5_000 });
      await shared.dispose();
    }
  });
});
