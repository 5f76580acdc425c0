/**
 * The sign-in rate limit is shared through the database: two serving processes (here two app instances,
 * each with its own connection to one database) count together, and a restart does not reset the count.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { compose } from '../../compose.ts';
import type { Config } from '../../config.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { buildApp } from '../../http/app.ts';
import { createPostgresTestDatabase, DIALECTS, memoryMailer, testConfig } from '../../../test/harness.ts';
import { DEFAULT_AUTH_LIMITS } from './auth.routes.ts';
import { freshIp } from '../../../test/auth.test-helpers.ts';

interface Instance {
  app: FastifyInstance;
  db: Db;
  stop(): Promise<void>;
}

/** One serving process: its own connection to the database, its own app. */
async function startInstance(url: string, config: Config): Promise<Instance> {
  const handle = openDatabase(url);
  const composed = await compose(config, { handle, mailer: memoryMailer(), log: () => {} });
  const app = await buildApp(composed.ctx, { serveWeb: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    async stop() {
      await app.close();
      await composed.close();
      await handle.close();
    },
  };
}

/** A sign-in attempt that fails validation (400) unless it is rate-limited (429). */
async function attempt(instance: Instance, ip: string): Promise<number> {
  const res = await instance.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: 'not-an-email', password: 'x' },
    headers: { 'x-forwarded-for': ip },
  });
  return res.statusCode;
}

const MAX = DEFAULT_AUTH_LIMITS.credentials.max;

describe.each(DIALECTS)('sign-in rate limit shared through the database [%s]', (dialect) => {
  let url = '';
  let cleanup: () => Promise<void> = async () => {};
  const config = testConfig();
  const running: Instance[] = [];
  const start = async () => {
    const instance = await startInstance(url, config);
    running.push(instance);
    return instance;
  };
  const stop = async (instance: Instance) => {
    running.splice(running.indexOf(instance), 1);
    await instance.stop();
  };

  beforeAll(async () => {
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-rate-limit-'));
      url = path.join(dir, `${crypto.randomBytes(4).toString('hex')}.sqlite`);
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const database = await createPostgresTestDatabase();
      url = database.url;
      cleanup = database.drop;
    }
  });

  afterAll(async () => {
    for (const instance of [...running]) await stop(instance);
    await cleanup();
  });

  it('two serving processes count together: the limit is reached after MAX attempts over both', async () => {
    const a = await start();
    const b = await start();
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) expect(await attempt(i % 2 === 0 ? a : b, ip)).toBe(400);
    expect(await attempt(a, ip)).toBe(429);
    expect(await attempt(b, ip)).toBe(429);
    // Another address is not affected.
    expect(await attempt(b, freshIp())).toBe(400);
    await stop(a);
    await stop(b);
  });

  it('a client address of any length is counted (a long one is hashed to fit the column)', async () => {
    const instance = await start();
    const long = `${'9'.repeat(300)}${freshIp()}`;
    for (let i = 0; i < MAX; i++) expect(await attempt(instance, long)).toBe(400);
    expect(await attempt(instance, long)).toBe(429);
    await stop(instance);
  });

  it('a restart does not reset the count', async () => {
    const ip = freshIp();
    const first = await start();
    for (let i = 0; i < MAX; i++) expect(await attempt(first, ip)).toBe(400);
    await stop(first);
    const restarted = await start();
    expect(await attempt(restarted, ip)).toBe(429);
    await stop(restarted);
  });

  it('a new window starts when the last one ended, and ended windows are pruned', async () => {
    const ip = freshIp();
    const instance = await start();
    for (let i = 0; i < MAX; i++) await attempt(instance, ip);
    expect(await attempt(instance, ip)).toBe(429);
    const past = new Date(Date.now() - 1000).toISOString();
    await instance.db.updateTable('auth_rate_limits').set({ reset_at: past }).execute();
    expect(await attempt(instance, ip)).toBe(400);
    const row = await instance.db
      .selectFrom('auth_rate_limits')
      .select(['hits', 'reset_at'])
      .where('bucket', '=', `signIn:${ip}`)
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(1);
    expect(Date.parse(row.reset_at)).toBeGreaterThan(Date.now());
    await stop(instance);

    // An ended window of another address is deleted by the next process's first counted request.
    const next = await start();
    await next.db
      .insertInto('auth_rate_limits')
      .values({ bucket: `signIn:${freshIp()}`, hits: 3, reset_at: past })
      .execute();
    await attempt(next, freshIp());
    const ended = await next.db
      .selectFrom('auth_rate_limits')
      .select('bucket')
      .where('reset_at', '<=', new Date().toISOString())
      .execute();
    expect(ended).toEqual([]);
    await stop(next);
  });
});
