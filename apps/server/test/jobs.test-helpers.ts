/** Helpers of the job tests: two connections to one database, deadlines instead of sleeps, a latch. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createFolderStore } from '../src/blob-store/folder-store.ts';
import { createPostgresTestDatabase } from './harness.ts';

/**
 * One migrated database reached through two independent handles (two SQLite connections to one file; two
 * PostgreSQL pools), as two worker processes would reach it.
 */
export async function openSharedDatabase(
  dialect: Dialect,
): Promise<{ url: string; a: DatabaseHandle; b: DatabaseHandle; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-jobs-'));
    const file = path.join(dir, 'jobs.sqlite');
    const a = openDatabase(file);
    await migrateToLatest(a.db);
    const b = openDatabase(file);
    return {
      url: file,
      a,
      b,
      dispose: async () => {
        await a.close();
        await b.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createPostgresTestDatabase();
  const a = openDatabase(database.url);
  await migrateToLatest(a.db);
  const b = openDatabase(database.url);
  return {
    url: database.url,
    a,
    b,
    dispose: async () => {
      await a.close();
      await b.close();
      await database.drop();
    },
  };
}

/** Polls `check` every few ms until it returns a value other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A promise a test opens by hand: lets a handler block until the test says so. */
export function latch(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Fast settings so the worker tests run in milliseconds. */
export const FAST = {
  pollIntervalMs: 5,
  heartbeatIntervalMs: 20,
  staleAfterMs: 200,
  backoff: { baseMs: 1, maxMs: 5, jitter: 0 },
} as const;

/** The blob store of workers whose jobs touch no slide files (the job machinery's own tests). */
export const NO_FILES = createFolderStore(path.join(os.tmpdir(), 'tessera-jobs-no-files'));
