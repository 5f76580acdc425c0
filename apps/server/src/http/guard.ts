/**
 * The permission guard: runs before body validation, so a caller without the right gets 401/403
 * whatever they send, and the route × role test can probe every route without valid bodies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '@tessera/contract';
import { ERROR_CODES, projectPermissionsRequired } from '@tessera/contract';
import { permissionsOf } from '@tessera/domain';
import type { Db } from '../db/database.ts';
import { AppError, forbidden, unauthenticated } from '../errors.ts';
import { resolveProjectScope } from '../project-scope.ts';

export interface GuardDeps {
  db: Db;
  /** The user-manual version every user must confirm; '' when none is asked. */
  manualVersion: () => string;
}

/** Routes a user who has not confirmed the manual may still call. */
const MANUAL_EXEMPT = new Set(['/v1/me', '/v1/me/manual-confirmation', '/v1/auth/logout']);

export function guardFor(access: Access, deps: GuardDeps) {
  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (access.kind === 'public') return;
    const actor = req.actor;
    if (!actor) throw unauthenticated();
    const manual = deps.manualVersion();
    if (manual && actor.manualVersionRead !== manual && !MANUAL_EXEMPT.has(req.routeOptions.url ?? ''))
      throw new AppError(403, ERROR_CODES.manualNotRead, 'Please read and confirm the user manual');
    if (access.kind === 'authenticated') return;
    if (access.kind === 'global') {
      if (!permissionsOf({ systemRoles: actor.systemRoles, projectRole: null }).has(access.permission))
        throw forbidden();
      return;
    }
    const projectId = (req.params as Record<string, string> | undefined)?.projectId ?? '';
    req.project = await resolveProjectScope(deps.db, actor.userId, actor.systemRoles, projectId);
    const required = projectPermissionsRequired(access);
    const permissions = req.project.permissions;
    if (required.length > 0 && !required.some((p) => permissions.has(p)))
      throw access.refusal ? new AppError(403, access.refusal.code, access.refusal.message) : forbidden();
  };
}
