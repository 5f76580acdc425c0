/**
 * Landmark routes (spec 2 §7 "Landmarks"). Reading is open to every project member; saving is declared
 * with landmarksWrite (spec 2 §6), refused by the guard as 403 LANDMARKS_WRITE_REQUIRED before the body
 * is read.
 */
import type { FastifyInstance } from 'fastify';
import { landmarks as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './landmarks.service.ts';

export function registerLandmarkRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getBlockLandmarks, ({ project, params }) =>
    service.getBlockLandmarks(ctx, project, params.blockId),
  );
  addRoute(app, ctx.guard, contract.saveLandmarks, ({ project, actor, body }) =>
    service.saveLandmarks(ctx, project, actor, body),
  );
  addRoute(app, ctx.guard, contract.getBlockSlides, ({ project, params }) =>
    service.getBlockSlides(ctx, project, params.blockId),
  );
}
