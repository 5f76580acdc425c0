/** The audit_log table: one row per security event, details as JSON text. */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';

export async function insertAuditEntry(
  db: Db,
  e: {
    action: string;
    actorUserId: string | null;
    target: string | null;
    details: object;
    ip: string | null;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: nowIso(),
      actor_user_id: e.actorUserId,
      action: e.action,
      target: e.target,
      details: JSON.stringify(e.details),
      ip: e.ip,
    })
    .execute();
}
