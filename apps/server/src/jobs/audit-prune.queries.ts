/** SQL of the audit-prune job. */
import type { Db } from '../db/database.ts';

export async function countAuditEntriesBefore(db: Db, cutoff: string): Promise<number> {
  const r = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('at', '<', cutoff)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Deletes up to `limit` of the oldest entries before `cutoff`; returns how many. */
export async function deleteAuditEntriesBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('audit_log')
    .where('id', 'in', (eb) =>
      eb.selectFrom('audit_log').select('id').where('at', '<', cutoff).orderBy('id').limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
