/** The audit log: sign-ins, failed sign-ins, role changes, API-key creation and other security events. */
import type { Db } from '../../db/database.ts';
import { insertAuditEntry } from './audit.queries.ts';

export type AuditAction =
  | 'auth.login'
  | 'auth.loginFailed'
  | 'auth.locked'
  | 'auth.logout'
  | 'auth.refreshTokenReused'
  | 'auth.passwordChanged'
  | 'auth.passwordReset'
  | 'auth.totpEnabled'
  | 'auth.ssoLogin'
  | 'apiKey.created'
  | 'member.added'
  | 'member.roleChanged'
  | 'member.removed'
  | 'project.created'
  | 'project.updated'
  | 'slides.csvImported';

export interface AuditEntry {
  action: AuditAction;
  actorUserId: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

export function createAuditLog(db: Db): AuditLog {
  return {
    async record(e) {
      await insertAuditEntry(db, {
        action: e.action,
        actorUserId: e.actorUserId,
        target: e.target ?? null,
        details: e.details ?? {},
        ip: e.ip ?? null,
      });
    },
  };
}
