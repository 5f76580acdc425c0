import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { inRequestScope, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedQuery } from './prepared.ts';
import { findSessionUser } from '../modules/auth/actor.queries.ts';
import { insertUser } from '../modules/users/users.queries.ts';

const findSetting = preparedQuery((db, a: { key: string }) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', '=', a.key).where('value', '!=', 'hidden'),
);

describe.each(DIALECTS)('prepared queries (%s)', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(dialect);
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('settings')
      .values([
        { key: 'a', value: 'one' },
        { key: 'b', value: 'two' },
        { key: 'c', value: 'hidden' },
      ])
      .execute();
  });
  afterAll(() => handle.dispose());

  it('answers what the same Kysely query answers, for each new argument, keeping its constants', async () => {
    expect(await findSetting.first(handle.db, { key: 'a' })).toEqual({ key: 'a', value: 'one' });
    expect(await findSetting.all(handle.db, { key: 'b' })).toEqual([{ key: 'b', value: 'two' }]);
    // The constant 'hidden' is still compared: c is filtered out, not matched.
    expect(await findSetting.first(handle.db, { key: 'c' })).toBeUndefined();
    expect(await findSetting.first(handle.db, { key: "a' or '1'='1" })).toBeUndefined();
  });

  /** As a request runs: on PostgreSQL the data version is the request's snapshot. */
  const inRequest = <T>(work: () => Promise<T>) =>
    new Promise<T>((resolve, reject) =>
      inRequestScope(handle.dialect, () => void work().then(resolve, reject)),
    );

  it('answers again from memory, and never after a write', async () => {
    const [first, again] = await inRequest(async () => [
      await findSetting.all(handle.db, { key: 'a' }),
      await findSetting.all(handle.db, { key: 'a' }),
    ]);
    expect(again).toBe(first);
    expect(Object.isFrozen(again[0])).toBe(true);
    // Our own write, even inside the same request, is seen at once.
    const after = await inRequest(async () => {
      await findSetting.all(handle.db, { key: 'a' });
      await handle.db.updateTable('settings').set({ value: 'uno' }).where('key', '=', 'a').execute();
      return findSetting.first(handle.db, { key: 'a' });
    });
    expect(after).toEqual({ key: 'a', value: 'uno' });
    await handle.db.updateTable('settings').set({ value: 'one' }).where('key', '=', 'a').execute();
  });

  it('sees its own transaction once committed, within the same request', async () => {
    const after = await inRequest(async () => {
      await findSetting.all(handle.db, { key: 'a' });
      await handle.db
        .transaction()
        .execute((tx) => tx.updateTable('settings').set({ value: 'ein' }).where('key', '=', 'a').execute());
      return findSetting.first(handle.db, { key: 'a' });
    });
    expect(after).toEqual({ key: 'a', value: 'ein' });
    await handle.db.updateTable('settings').set({ value: 'one' }).where('key', '=', 'a').execute();
  });

  it('keeps its answer when only tables it does not read change', async () => {
    const before = await inRequest(() => findSetting.all(handle.db, { key: 'a' }));
    // Our own write elsewhere, and (PostgreSQL) another process's commit elsewhere.
    await handle.db
      .insertInto('grid_versions')
      .values({ project_id: 'unread000000000000000000', version: 1 })
      .execute();
    if (handle.dialect === 'postgres') {
      const other = openDatabase(handle.url);
      try {
        await other.db.updateTable('grid_versions').set({ version: 2 }).execute();
      } finally {
        await other.close();
      }
    } else await new Promise((resolve) => setImmediate(resolve));
    expect(await inRequest(() => findSetting.all(handle.db, { key: 'a' }))).toBe(before);
  });

  it("keeps a session's answer across token refreshes, and not across its revocation", async () => {
    const userId = await insertUser(handle.db, {
      email: 'versions@tessera.example',
      passwordHash: null,
      systemRoles: [],
    });
    const sessionId = 'b'.repeat(24);
    const now = new Date().toISOString();
    await handle.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        refresh_token_hash: 'h1',
        remember: 0,
        created_at: now,
        expires_at: '2999-01-01T00:00:00.000Z',
        revoked_at: null,
      })
      .execute();
    const before = await inRequest(() => findSessionUser.all(handle.db, { sessionId, userId }));
    expect(before).toHaveLength(1);
    // A refresh turns the token hash (auth.queries rotateRefreshToken): no remembered lookup reads it.
    await handle.db
      .updateTable('sessions')
      .set({ refresh_token_hash: 'h2' })
      .where('id', '=', sessionId)
      .execute();
    if (handle.dialect === 'sqlite') await new Promise((resolve) => setImmediate(resolve));
    expect(await inRequest(() => findSessionUser.all(handle.db, { sessionId, userId }))).toBe(before);
    // A logout revokes the session: seen by the next request.
    await handle.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
    expect(await inRequest(() => findSessionUser.all(handle.db, { sessionId, userId }))).toEqual([]);
  });

  it("sees another connection's commit from the next request", async () => {
    const before = await inRequest(() => findSetting.first(handle.db, { key: 'b' }));
    expect(before).toEqual({ key: 'b', value: 'two' });
    if (handle.dialect === 'postgres') {
      // Another server process, as a second connection to the same database.
      const other = openDatabase(handle.url);
      try {
        await other.db.updateTable('settings').set({ value: 'dos' }).where('key', '=', 'b').execute();
      } finally {
        await other.close();
      }
      expect(await inRequest(() => findSetting.first(handle.db, { key: 'b' }))).toEqual({
        key: 'b',
        value: 'dos',
      });
    }
  });

  it('reads anew outside a request on PostgreSQL (no version to remember by)', async () => {
    const first = await findSetting.all(handle.db, { key: 'a' });
    const again = await findSetting.all(handle.db, { key: 'a' });
    if (handle.dialect === 'postgres') expect(again).not.toBe(first);
    else expect(again).toBe(first);
  });

  it('refuses an argument used outside a value position', async () => {
    const misuse = preparedQuery((db, a: { column: string }) =>
      db.selectFrom('settings').select(a.column as 'key'),
    );
    await expect(misuse.all(handle.db, { column: 'key' })).rejects.toThrow('outside a value position');
  });
});

describe('prepared queries on a SQLite file shared by processes', () => {
  it("see another connection's commit from the next turn of the event loop (where the next request is handled)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-prepared-'));
    const file = path.join(dir, 'shared.sqlite');
    const ours = openDatabase(file);
    try {
      await migrateToLatest(ours.db);
      await ours.db.insertInto('settings').values({ key: 'k', value: 'before' }).execute();
      expect(await findSetting.first(ours.db, { key: 'k' })).toEqual({ key: 'k', value: 'before' });
      // Another serving process, as a second connection to the same file.
      const other = new SQLite(file);
      other.prepare("UPDATE settings SET value = 'after' WHERE key = 'k'").run();
      other.close();
      await new Promise((resolve) => setImmediate(resolve));
      const after = await findSetting.all(ours.db, { key: 'k' });
      expect(after).toEqual([{ key: 'k', value: 'after' }]);
      // A commit to a table it does not read leaves the answer remembered.
      const elsewhere = new SQLite(file);
      elsewhere
        .prepare("INSERT INTO grid_versions (project_id, version) VALUES ('unread000000000000000000', 1)")
        .run();
      elsewhere.close();
      await new Promise((resolve) => setImmediate(resolve));
      expect(await findSetting.all(ours.db, { key: 'k' })).toBe(after);
    } finally {
      await ours.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
