import type { FastifyInstance } from 'fastify';
import { sharedViews as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './shared-views.service.ts';

export function registerSharedViewRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.saveSharedView, ({ actor, project, body }) =>
    service.saveSharedView(ctx, actor, project, body),
  );
  addRoute(app, ctx.guard, contract.getSharedView, ({ project, params }) =>
    service.getSharedView(ctx, project, params.hash),
  );
}
