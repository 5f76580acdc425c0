/** Factories shared by the members tests: users who are not signed in (targets of member changes). */
import crypto from 'node:crypto';
import type { SystemRole } from '@tessera/domain';
import type { TestServer } from './harness.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';

export const COMPANY_DOMAIN = 'tessera.test';
/** The spec's "two test accounts" outside the company domain that still count as internal. */
export const EXEMPT_EMAILS = ['qa.one@partner-lab.org', 'QA.Two@Partner-Lab.org'];

const tag = () => crypto.randomBytes(4).toString('hex');

/** A user who only needs to exist (no password, no session): fast to make in bulk. */
export async function createTarget(
  t: TestServer,
  opts: { external?: boolean; email?: string; systemRoles?: SystemRole[] } = {},
): Promise<{ id: string; email: string }> {
  const email =
    opts.email ?? (opts.external ? `ext.${tag()}@partner-lab.org` : `int.${tag()}@${COMPANY_DOMAIN}`);
  const systemRoles = opts.systemRoles ?? (opts.external ? ['externalUser'] : ['internalUser']);
  const id = await insertUser(t.ctx.db, { email, passwordHash: null, systemRoles });
  return { id, email: email.toLowerCase() };
}

export async function auditOf(t: TestServer, action: string, target: string) {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', target)
    .execute();
  return rows.map((r) => ({
    actor: r.actor_user_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}

export async function memberRoles(t: TestServer, projectId: string): Promise<Record<string, string>> {
  const rows = await t.ctx.db
    .selectFrom('project_members')
    .select(['user_id', 'role'])
    .where('project_id', '=', projectId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.user_id, r.role]));
}

export const randomId = (): string => crypto.randomBytes(12).toString('hex');
