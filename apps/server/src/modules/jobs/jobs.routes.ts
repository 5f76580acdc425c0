/**
 * Job routes: a project's job followed by its creator (issue #13: a queued copy or download), and the
 * Jobs panel's — the caller's jobs across projects, a job's log, cancelling (issue #15). The artifact route owns its answer, as the exports do: a file streamed from disk under its
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
import * as panel from './jobs-panel.service.ts';

export function registerJobRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.listMyJobs, ({ actor }) => panel.listMyJobs(ctx, actor));
  addRoute(app, ctx.guard, contract.getMyJobLog, ({ actor, params }) =>
    panel.getMyJobLog(ctx, actor, params.jobId),
  );
  addRoute(app, ctx.guard, contract.cancelMyJob, ({ actor, params }) =>
    panel.cancelMyJob(ctx, actor, params.jobId),
  );
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
