/**
 * The CSV import route. Registered with app.route rather than addRoute because an applied import owns
 * its answer: NDJSON lines streamed while the transaction runs (progress, then the report or an error);
 * a dry run, and a refusal before anything is written, answer like any other route.
 */
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES, metadataImport as contract, type CsvImportEvent } from '@tessera/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError } from '../../errors.ts';
import { contractRouteOptions } from '../../http/route.ts';
import { applyImport, checkRunnable, planImport } from './metadata-import.service.ts';

export function registerMetadataImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRouteOptions(contract.importSlideMetadata, ctx.guard),
    handler: async (req, reply) => {
      const project = req.project as ProjectScope;
      const body = req.body as z.output<typeof contract.CsvImportRequest>;
      const plan = await planImport(ctx, project, body);
      if (body.dryRun) return reply.type('application/json').send(plan.report);
      checkRunnable(plan.report, body.options.allowCorrectValues);
      const out = new PassThrough();
      const emit = (event: CsvImportEvent) => out.write(`${JSON.stringify(event)}\n`);
      reply.type('application/x-ndjson').header('cache-control', 'no-store').send(out);
      void applyImport(
        ctx,
        project,
        (req.actor as Actor).userId,
        body.fileName,
        plan,
        async (done, total) => {
          emit({ progress: { done, total } });
          // Let the line reach the socket before the next slides are written.
          await nextTurn();
        },
      )
        .then((report) => emit({ report }))
        .catch((error: unknown) => {
          const known = error instanceof AppError;
          if (!known) req.log.error(error, 'CSV import failed');
          emit({
            error: {
              code: known ? String(error.code) : ERROR_CODES.internal,
              message: known ? error.message : 'Internal error',
            },
          });
        })
        .finally(() => out.end());
      return reply;
    },
  });
}
