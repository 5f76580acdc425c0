/**
 * Export routes. Registered with app.route rather than addRoute because an export owns its answer: a
 * file streamed as it is read (Readable.from the service's chunks, so a slow client slows the reading),
 * with its name and counts in headers.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { slideExport as contract, type RouteDef } from '@tessera/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { contractRouteOptions } from '../../http/route.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { startExport, type ExportFormat } from './slide-export.service.ts';

const ROUTES: [RouteDef, ExportFormat][] = [
  [contract.exportMetadataCsv, 'metadata-csv'],
  [contract.exportIdoCsv, 'ido-csv'],
  [contract.exportPyportalConfig, 'pyportal-config'],
];

export function registerSlideExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [def, format] of ROUTES) {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...contractRouteOptions(def, ctx.guard),
      handler: async (req, reply) => {
        const file = await startExport(
          ctx,
          req.project as ProjectScope,
          format,
          req.body as z.output<typeof contract.ExportRequest>,
        );
        return reply
          .type(`${file.mediaType}; charset=utf-8`)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .header(contract.EXPORT_HEADERS.total, String(file.total))
          .header(contract.EXPORT_HEADERS.skipped, String(file.skipped))
          .header(
            'access-control-expose-headers',
            `${contract.EXPORT_HEADERS.total}, ${contract.EXPORT_HEADERS.skipped}`,
          )
          .send(Readable.from(file.chunks));
      },
    });
  }
}
