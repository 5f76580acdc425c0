import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedQuery } from './prepared.ts';

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

  it('refuses an argument used outside a value position', async () => {
    const misuse = preparedQuery((db, a: { column: string }) => db.selectFrom('settings').select(a.column as 'key'));
    await expect(misuse.all(handle.db, { column: 'key' })).rejects.toThrow('outside a value position');
  });
});
