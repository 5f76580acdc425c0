import type { FastifyInstance } from 'fastify';
import { members as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './members.service.ts';

export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.listRoles, async () => service.listRoles());
  addRoute(app, ctx.guard, contract.listMembers, ({ project, query }) =>
    service.listMembers(ctx, project, query.limit),
  );
  addRoute(app, ctx.guard, contract.listProjectAdmins, ({ project }) =>
    service.listProjectAdmins(ctx, project),
  );
  addRoute(app, ctx.guard, contract.findUsers, ({ query }) => service.findUsers(ctx, query.search));
  addRoute(app, ctx.guard, contract.addMembers, ({ actor, project, body }) =>
    service.addMembers(ctx, actor, project, body),
  );
  addRoute(app, ctx.guard, contract.updateMemberRole, ({ actor, project, params, body }) =>
    service.updateMemberRole(ctx, actor, project, params.userId, body.role),
  );
  addRoute(app, ctx.guard, contract.removeMembers, ({ actor, project, body }) =>
    service.removeMembers(ctx, actor, project, body.userIds),
  );
}
