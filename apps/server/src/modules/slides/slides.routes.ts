import type { FastifyInstance, FastifyReply } from 'fastify';
import { slides as contract, type RouteDef } from '@tessera/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { addRoute, contractRouteOptions } from '../../http/route.ts';
import type { AssociatedKind, ImageFormat } from '../imaging/picture-encode.ts';
import * as service from './slides.service.ts';
import { importFolderByApi } from './folder-import.service.ts';

/** Image bytes are immutable per image checksum: private (members only) but cacheable for a day; 304 for a known ETag. */
function sendImage(
  reply: FastifyReply,
  image: { etag: string; bytes: Buffer | null },
  format: ImageFormat,
): Buffer | undefined {
  reply.header('cache-control', 'private, max-age=86400');
  reply.header('etag', image.etag);
  if (image.bytes === null) {
    reply.code(304);
    return undefined;
  }
  reply.header('content-type', format === 'png' ? 'image/png' : 'image/jpeg');
  reply.code(200);
  return image.bytes;
}

export function registerSlideRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getOrCreateSlide, ({ actor, project, body }) =>
    service.getOrCreateSlide(ctx, actor, project, body),
  );
  addRoute(app, ctx.guard, contract.getSlideDetails, ({ project, params }) =>
    service.getSlideDetails(ctx, project, params.slideId),
  );
  addRoute(app, ctx.guard, contract.retrySlideConversion, ({ actor, project, params }) =>
    service.retrySlideConversion(ctx, actor, project, params.slideId),
  );
  // Registered like the tile routes (contractRouteOptions): the handler owns the status, 200 or 304.
  const images: [RouteDef, AssociatedKind][] = [
    [contract.getSlideLabel, 'label'],
    [contract.getSlideMacro, 'macro'],
    [contract.getSlideThumbnail, 'thumbnail'],
  ];
  for (const [def, kind] of images) {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...contractRouteOptions(def, ctx.guard),
      handler: async (req, reply) => {
        const { slideId } = req.params as { slideId: string };
        const { format } = req.query as { format: ImageFormat };
        const image = await service.getSlideImage(
          ctx,
          req.project as ProjectScope,
          slideId,
          kind,
          format,
          req.headers['if-none-match'],
        );
        return sendImage(reply, image, format);
      },
    });
  }
  addRoute(app, ctx.guard, contract.importFolder, ({ actor, project, body }) =>
    importFolderByApi(ctx, actor, project, body),
  );
}
