/**
 * Equalization preset routes (spec 3 §7). All are open to every project member (projectPermission(null));
 * saving or resetting for the project or as default is checked in the service (403 EQUALIZATION_MANAGE_REQUIRED),
 * since "for me" needs no permission and the scope is only known from the body.
 */
import type { FastifyInstance } from 'fastify';
import { equalization as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './equalization.service.ts';

export function registerEqualizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getPreset, ({ project, actor, params }) =>
    service.getEffectivePreset(ctx, project, actor, params.slideId),
  );
  addRoute(app, ctx.guard, contract.savePreset, ({ project, actor, params, body }) =>
    service.savePreset(ctx, project, actor, params.slideId, body),
  );
  addRoute(app, ctx.guard, contract.resetPreset, ({ project, actor, params, body }) =>
    service.resetPresets(ctx, project, actor, params.slideId, body),
  );
}
