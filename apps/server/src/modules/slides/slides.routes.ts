import type { FastifyInstance, FastifyReply } from 'fastify';
import { slides as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../http/actor.ts';
import { addRoute } from '../../http/route.ts';
import type { AssociatedKind, ImageFormat } from '../images/render.ts';
import * as service from './slides.service.ts';
import { importFolderByApi } from './import.service.ts';

/** Image bytes are immutable per image checksum: private (members only) but cacheable for a day. */
function sendImage(reply: FastifyReply, image: { etag: string; bytes: Buffer }, format: ImageFormat): Buffer {
  reply.header('content-type', format === 'png' ? 'image/png' : 'image/jpeg');
  reply.header('cache-control', 'private, max-age=86400');
  reply.header('etag', image.etag);
  return image.bytes;
}

export function registerSlideRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getOrCreateSlide, ({ actor, project, body }) => service.getOrCreateSlide(ctx, actor, project, body));
  addRoute(app, ctx.guard, contract.listSlides, ({ project }) => service.listSlides(ctx, project));
  addRoute(app, ctx.guard, contract.getSlideDetails, ({ project, params }) => service.getSlideDetails(ctx, project, params.slideId));
  type ImageInput = { project: ProjectScope; params: { slideId: string }; query: { format: ImageFormat }; reply: FastifyReply };
  const image =
    (kind: AssociatedKind) =>
    async ({ project, params, query, reply }: ImageInput) =>
      sendImage(reply, await service.getSlideImage(ctx, project, params.slideId, kind, query.format), query.format);
  addRoute(app, ctx.guard, contract.getSlideLabel, image('label'));
  addRoute(app, ctx.guard, contract.getSlideMacro, image('macro'));
  addRoute(app, ctx.guard, contract.getSlideThumbnail, image('thumbnail'));
  addRoute(app, ctx.guard, contract.importFolder, ({ actor, project, body }) => importFolderByApi(ctx, actor, project, body));
}
