/** Job routes (issue #13: following a queued copy; the jobs panel of issue #15 builds on them). */
import type { FastifyInstance } from 'fastify';
import { jobs as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './jobs.service.ts';

export function registerJobRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getProjectJob, ({ project, actor, params }) =>
    service.getProjectJob(ctx, project, actor, params.jobId),
  );
}
