import type { AllowedValue } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';

/** The allowed values of the named vocabularies, by vocabulary, ordered by value. */
export async function findVocabularies(
  db: Db,
  names: readonly string[],
): Promise<Map<string, AllowedValue[]>> {
  const out = new Map<string, AllowedValue[]>(names.map((n) => [n, []]));
  if (names.length === 0) return out;
  const rows = await db
    .selectFrom('vocabulary_values')
    .select(['vocabulary', 'parent', 'value', 'deprecated_since'])
    .where('vocabulary', 'in', names)
    .orderBy('vocabulary')
    .orderBy('parent')
    .orderBy('value')
    .execute();
  for (const r of rows)
    out.get(r.vocabulary)!.push({
      value: r.value,
      deprecatedSince: r.deprecated_since,
      parent: r.parent === '' ? null : r.parent,
    });
  return out;
}

export async function listVocabularyNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('vocabulary_values')
    .select('vocabulary')
    .distinct()
    .orderBy('vocabulary')
    .execute();
  return rows.map((r) => r.vocabulary);
}

/** Adds a value; false when it exists already. */
export async function insertVocabularyValue(
  db: Db,
  vocabulary: string,
  parent: string,
  value: string,
): Promise<boolean> {
  const result = await db
    .insertInto('vocabulary_values')
    .values({ vocabulary, parent, value, deprecated_since: null, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['vocabulary', 'parent', 'value']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets or clears deprecatedSince; false when there is no such value. */
export async function setDeprecatedSince(
  db: Db,
  vocabulary: string,
  parent: string,
  value: string,
  since: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('vocabulary_values')
    .set({ deprecated_since: since })
    .where('vocabulary', '=', vocabulary)
    .where('parent', '=', parent)
    .where('value', '=', value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
