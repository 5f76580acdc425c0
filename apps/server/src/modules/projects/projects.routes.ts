import type { FastifyInstance } from 'fastify';
import { projects as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './projects.service.ts';

export function registerProjectRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.listProjects, ({ actor }) => service.listProjects(ctx, actor));
  addRoute(app, ctx.guard, contract.createProject, ({ actor, body }) =>
    service.createProject(ctx, actor, body),
  );
  addRoute(app, ctx.guard, contract.getProject, ({ actor, params }) =>
    service.getProject(ctx, actor, params.projectId),
  );
  addRoute(app, ctx.guard, contract.updateProject, ({ actor, project, body }) =>
    service.updateProject(ctx, actor, project, body),
  );
  addRoute(app, ctx.guard, contract.listFolderIds, () => service.listFolderIds(ctx));
}
