/**
 * Test harness of *.db.test.ts: each suite runs once per dialect against a fresh, migrated database
 * (SQLite in memory; a new PostgreSQL database on 127.0.0.1:5432 dropped afterwards) and the real
 * application built by compose() and buildApp(). Factories read like the domain.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ProjectRole, SystemRole } from '@tessera/domain';
import { loadConfig, type Config } from '../src/config.ts';
import { compose, type Composed } from '../src/compose.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/database.ts';
import { nowIso } from '../src/db/dialect.ts';
import { buildApp } from '../src/http/app.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/password-hash.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** The PostgreSQL server tests create their databases on (trust auth on every development machine and CI). */
export const TEST_PG_URL = process.env.TESSERA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  /** What openDatabase was given: ':memory:' or the PostgreSQL URL (a second connection can open it). */
  url: string;
  /** Closes and, for PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** A new, empty PostgreSQL database on the test server; `drop` removes it (closing what still uses it). */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tessera_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function openTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = openDatabase(':memory:');
    return { ...handle, url: ':memory:', dispose: handle.close };
  }
  const database = await createPostgresTestDatabase();
  const handle = openDatabase(database.url);
  return {
    ...handle,
    url: database.url,
    dispose: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/** Configuration of a test server: defaults plus what the test overrides. No environment is read but these. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      TESSERA_DATA_DIR: path.join(os.tmpdir(), `tessera-test-${crypto.randomBytes(4).toString('hex')}`),
    }),
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    companyDomain: 'tessera.test',
    // Tests stand in for many clients by setting X-Forwarded-For, as a proxy in front of the server would.
    trustProxy: true,
    ...overrides,
  };
}

/** A Mailer that keeps what it sends, for tests that do not need a real SMTP peer. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (m) => void sent.push(m) };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface TestServer extends Composed {
  dialect: Dialect;
  app: FastifyInstance;
  mail: MailMessage[];
  createUser(opts?: {
    email?: string;
    systemRoles?: SystemRole[];
    password?: string;
    isSsoUser?: boolean;
  }): Promise<TestUser>;
  createProject(opts?: {
    name?: string;
    isHome?: boolean;
    members?: { user: TestUser; role: ProjectRole }[];
  }): Promise<{ id: string; name: string }>;
  /** app.inject with the user's bearer token. */
  request(user: TestUser | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export const TEST_PASSWORD = 'Correct-Horse-9';

/**
 * listen: also serve on 127.0.0.1 at a free port and make that the server's publicUrl, for tests that
 * need a real peer to call back (single sign-on). The port is known only once listening, so publicUrl
 * is set then on this server's own config object.
 */
export async function startTestServer(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  opts: { listen?: boolean; realMail?: boolean } = {},
): Promise<TestServer & { stop(): Promise<void> }> {
  const database = await openTestDatabase(dialect);
  const mailer = memoryMailer();
  // realMail: the mailer compose builds from config.smtpUrl (the test runs smtp-server as the peer); `mail` stays empty.
  const composed = await compose(testConfig(overrides), {
    handle: database,
    ...(opts.realMail ? {} : { mailer }),
    log: () => {},
  });
  const app = await buildApp(composed.ctx, { serveWeb: false });
  await app.ready();
  if (opts.listen)
    composed.ctx.config.publicUrl = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  let counter = 0;
  const server: TestServer & { stop(): Promise<void> } = {
    ...composed,
    dialect,
    app,
    mail: mailer.sent,
    async createUser(opts = {}) {
      counter += 1;
      const email = opts.email ?? `user${counter}.${crypto.randomBytes(3).toString('hex')}@tessera.test`;
      const password = opts.password ?? TEST_PASSWORD;
      const id = await insertUser(composed.ctx.db, {
        email,
        passwordHash: await hashPassword(password),
        systemRoles: opts.systemRoles ?? ['internalUser'],
        isSsoUser: opts.isSsoUser ?? false,
      });
      const { accessToken } = await composed.tokens.startSession(id, false);
      return { id, email: email.toLowerCase(), password, token: accessToken };
    },
    async createProject(opts = {}) {
      counter += 1;
      const id = newId();
      const name = opts.name ?? `Project ${counter} ${id.slice(0, 6)}`;
      const now = nowIso();
      await composed.ctx.db
        .insertInto('projects')
        .values({
          id,
          name,
          name_key: name.toLowerCase(),
          summary: '',
          folder_id: '',
          is_home: opts.isHome ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const m of opts.members ?? [])
        await composed.ctx.db
          .insertInto('project_members')
          .values({ project_id: id, user_id: m.user.id, role: m.role, created_at: now })
          .execute();
      return { id, name };
    },
    request(user, opts) {
      return app.inject({
        ...opts,
        headers: { ...(opts.headers ?? {}), ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      });
    },
    async stop() {
      await app.close();
      await composed.close();
      await database.dispose();
    },
  };
  return server;
}

/**
 * Runs `body` once per dialect with a started test server: describeEachDialect('projects', (t) => { it(..., () => t().request(...)) }).
 */
export function describeEachDialect(
  name: string,
  body: (server: () => TestServer) => void,
  overrides: Partial<Config> = {},
): void {
  describe.each(DIALECTS)(`${name} [%s]`, (dialect) => {
    let server: (TestServer & { stop(): Promise<void> }) | undefined;
    beforeAll(async () => {
      server = await startTestServer(dialect, overrides);
    });
    afterAll(async () => {
      await server?.stop();
    });
    body(() => {
      if (!server) throw new Error('test server not started');
      return server;
    });
  });
}

/** The real test slides (one rule for every tier: packages/wsi/test/slides.ts). */
export { SLIDES_DIR } from '../../../packages/wsi/test/slides.ts';
