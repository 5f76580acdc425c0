/**
 * Job routes (issue #13: following a queued copy or download; the jobs panel of issue #15 builds on
 * them). The artifact route owns its answer, as the exports do: a file streamed from disk under its
 * name.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobs as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { addRoute, contractRouteOptions } from '../../http/route.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import * as service from './jobs.service.ts';

export function registerJobRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getProjectJob, ({ project, actor, params }) =>
    service.getProjectJob(ctx, project, actor, params.jobId),
  );
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRouteOptions(contract.getJobArtifact, ctx.guard),
    handler: async (req, reply) => {
      const { jobId } = req.params as { jobId: string };
      const file = await service.openJobArtifact(ctx, req.project as ProjectScope, req.actor as Actor, jobId);
      return reply
        .type(file.mediaType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(file.bytes))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
}
