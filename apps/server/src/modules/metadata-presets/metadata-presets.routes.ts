import type { FastifyInstance } from 'fastify';
import { metadataPresets as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './metadata-presets.service.ts';

export function registerMetadataPresetRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.listMetadataPresets, ({ project }) =>
    service.listMetadataPresets(ctx, project),
  );
  addRoute(app, ctx.guard, contract.saveMetadataPreset, ({ actor, project, params, body }) =>
    service.saveMetadataPreset(ctx, actor, project, params.presetId, body.fields),
  );
  addRoute(app, ctx.guard, contract.resetMetadataPreset, ({ project, params }) =>
    service.resetMetadataPreset(ctx, project, params.presetId),
  );
}
