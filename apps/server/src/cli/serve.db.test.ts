/**
 * `tessera serve` with several processes, as an operator starts it: the processes share the port, one
 * that dies is replaced, and a signal stops them all.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, DIALECTS, SLIDES_DIR } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { compose } from '../compose.ts';
import { registerImage } from '../modules/imaging/images.service.ts';
import { freePort, until } from '../../test/processes.test-helpers.ts';

const CLI = path.resolve(import.meta.dirname, '../../../../bin/tessera.js');

/** Process ids of the serving processes: the primary's children running the CLI (not, say, tsx's esbuild). */
const childrenOf = (pid: number): number[] =>
  spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes('tessera.js'))
    .map((line) => Number.parseInt(line.trim(), 10));

describe.each(DIALECTS)('tessera serve with 2 processes (%s)', (dialect) => {
  let server: ChildProcess | null = null;
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    await cleanup?.();
  });

  it('serves from both, replaces one that dies and stops them all on SIGTERM', async () => {
    const dataDir = path.join(os.tmpdir(), `tessera-serve-${crypto.randomBytes(4).toString('hex')}`);
    const database = dialect === 'postgres' ? await createPostgresTestDatabase() : null;
    cleanup = async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    };
    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [CLI, 'serve'], {
      env: {
        ...process.env,
        PORT: String(port),
        TESSERA_DATA_DIR: dataDir,
        TESSERA_SERVE_PROCESSES: '2',
        TESSERA_DEMO: 'false',
        TESSERA_LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    const primary = server.pid!;

    await until('both processes listening', () => (output.includes('2 processes') ? true : undefined));
    const first = childrenOf(primary);
    expect(first).toHaveLength(2);
    const version = await fetch(`http://127.0.0.1:${port}/version.json`);
    expect(version.status).toBe(200);

    process.kill(first[0]!, 'SIGKILL');
    const replaced = await until('a replacement process', () => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(first[0]!) ? now : undefined;
    });
    expect(replaced).toContain(first[1]);
    expect(output).toContain('A serving process stopped');
    await until('the replacement answering', async () =>
      (await fetch(`http://127.0.0.1:${port}/version.json`)).ok ? true : undefined,
    );

    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);

  it('queues the conversion of images registered earlier once, in the process that migrates', async () => {
    const dataDir = path.join(os.tmpdir(), `tessera-serve-${crypto.randomBytes(4).toString('hex')}`);
    const database = dialect === 'postgres' ? await createPostgresTestDatabase() : null;
    cleanup = async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    };
    const env = {
      TESSERA_DATA_DIR: dataDir,
      TESSERA_DEMO: 'false',
      TESSERA_LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    // An image registered as before this change: a row without a conversion job.
    const composed = await compose(loadConfig({ ...process.env, ...env }), { log: () => undefined });
    const { image } = await registerImage(composed.ctx, [path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs')]);
    await composed.close();

    const start = async () => {
      let output = '';
      const port = await freePort();
      // No worker: the job stays queued for the count below.
      server = spawn(process.execPath, [CLI, 'serve'], {
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          TESSERA_SERVE_PROCESSES: '2',
          TESSERA_EMBEDDED_WORKER: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
      server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
      await until('both processes listening', () => (output.includes('2 processes') ? true : undefined));
      const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
      server.kill('SIGTERM');
      await exited;
      return output;
    };
    expect((await start()).match(/Queued the conversion of 1 image\(s\) registered earlier\./g)).toHaveLength(
      1,
    );
    expect(await start()).not.toContain('Queued the conversion');

    const after = await compose(loadConfig({ ...process.env, ...env }), { log: () => undefined });
    try {
      const jobs = (await after.ctx.jobs.list()).filter((j) => j.kind === 'convert-image');
      expect(jobs.map((j) => [j.state, (j.payload as { imageId: string }).imageId])).toEqual([
        ['queued', image.id],
      ]);
    } finally {
      await after.close();
    }
  }, 90_000);

  it('stops with a failure, not a loop of replacements, when no process can start (the port is taken)', async () => {
    const dataDir = path.join(os.tmpdir(), `tessera-serve-${crypto.randomBytes(4).toString('hex')}`);
    const database = dialect === 'postgres' ? await createPostgresTestDatabase() : null;
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanup = async () => {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    };
    let output = '';
    server = spawn(process.execPath, [CLI, 'serve'], {
      env: {
        ...process.env,
        PORT: String((taken.address() as net.AddressInfo).port),
        TESSERA_DATA_DIR: dataDir,
        TESSERA_SERVE_PROCESSES: '2',
        TESSERA_DEMO: 'false',
        TESSERA_LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    const code = await new Promise<number | null>((resolve) => server!.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output).toContain('A serving process could not start');
    expect(output).not.toContain('starting another');
  }, 60_000);
});
