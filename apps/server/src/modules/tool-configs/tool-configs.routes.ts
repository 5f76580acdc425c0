/**
 * Project tool config routes (spec 2 §7 "Other"). Any member reads (the viewer needs them to load);
 * saving is declared with annotationsManage (see the contract for why).
 */
import type { FastifyInstance } from 'fastify';
import { toolConfigs as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './tool-configs.service.ts';

export function registerToolConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getToolConfig, ({ project, params }) =>
    service.getToolConfig(ctx, project, params.configId),
  );
  addRoute(app, ctx.guard, contract.saveToolConfig, ({ project, actor, params, body }) =>
    service.saveToolConfig(ctx, project, actor, params.configId, body),
  );
}
