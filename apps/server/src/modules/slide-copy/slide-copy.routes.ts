/** Copy slides (spec 1 §7 "Submit copy slides job"): the contract's route, the service's answer. */
import type { FastifyInstance } from 'fastify';
import { slideCopy } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import { queueSlideCopy } from './slide-copy.service.ts';

export function registerSlideCopyRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, slideCopy.copySlides, ({ project, actor, body }) =>
    queueSlideCopy(ctx, project, actor, body),
  );
}
