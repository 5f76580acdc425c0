/**
 * Tile routes. Registered with app.route rather than addRoute because a tile answer owns its status
 * (200 or 304 for If-None-Match) and headers; they keep the contract's schemas, config.access and the
 * guard, so the route × role test and OpenAPI see them like every other route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tiles as contract, type RouteDef } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { contractRouteOptions } from '../../http/route.ts';
import { SlideHandleCache } from './slide-handles.ts';
import { getTile, type TileAnswer, type TileRequest, type TileSource } from './tiles.service.ts';
import { getChannelTile } from './channel-tiles.service.ts';
import { TileLru } from './virtual-levels.ts';
import { ByteLru } from '../../lib/byte-lru.ts';

/** Open slides kept between tile requests; small, since each may hold OpenSlide caches. */
const MAX_OPEN_SLIDES = 16;
/** Raw RGB of tiles made for levels the file lacks (a 256² tile is 192 KiB: about 340 tiles). */
const GENERATED_TILE_BUDGET = 64 * 1024 * 1024;
/** Channel tiles made for levels the file lacks, as answered (mostly gzip-compressed). */
const GENERATED_CHANNEL_TILE_BUDGET = 64 * 1024 * 1024;

function send(reply: FastifyReply, answer: TileAnswer): Buffer | undefined {
  reply.header('etag', answer.etag);
  reply.header(
    'cache-control',
    answer.isImmutable ? 'private, max-age=31536000, immutable' : 'private, max-age=3600',
  );
  if (answer.bytes === null) {
    reply.code(304);
    return undefined;
  }
  reply.header('content-type', answer.contentType);
  reply.code(200);
  return answer.bytes;
}

export function registerTileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const caches = {
    handles: new SlideHandleCache(MAX_OPEN_SLIDES),
    generated: new TileLru(GENERATED_TILE_BUDGET),
    generatedChannels: new ByteLru<Buffer>(GENERATED_CHANNEL_TILE_BUDGET, (bytes) => bytes.byteLength),
  };
  app.addHook('onClose', async () => caches.handles.closeAll());
  const answer = async (
    req: FastifyRequest,
    reply: FastifyReply,
    slideId: string,
    request: TileRequest,
    source: TileSource,
  ) =>
    send(
      reply,
      await getTile(
        ctx,
        caches,
        req.project as ProjectScope,
        slideId,
        request,
        req.headers['if-none-match'],
        source,
      ),
    );

  const routes: [RouteDef, RouteDef, TileSource][] = [
    [contract.getTile, contract.postTile, 'original'],
    [contract.getConvertedTile, contract.postConvertedTile, 'converted'],
  ];
  for (const [getDef, postDef, source] of routes) {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...contractRouteOptions(getDef, ctx.guard),
      handler: async (req, reply) => {
        const params = req.params as {
          slideId: string;
          equalization: string;
          z: number;
          x: number;
          y: number;
        };
        const query = req.query as { iccApply: 'true' | 'false'; format?: string };
        return answer(
          req,
          reply,
          params.slideId,
          { ...params, format: query.format, iccApply: query.iccApply === 'true' },
          source,
        );
      },
    });
    app.withTypeProvider<ZodTypeProvider>().route({
      ...contractRouteOptions(postDef, ctx.guard),
      handler: async (req, reply) => {
        const { slideId } = req.params as { slideId: string };
        return answer(req, reply, slideId, req.body as TileRequest, source);
      },
    });
  }

  const channelRoutes: [RouteDef, TileSource][] = [
    [contract.getChannelTile, 'original'],
    [contract.getConvertedChannelTile, 'converted'],
  ];
  for (const [def, source] of channelRoutes) {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...contractRouteOptions(def, ctx.guard),
      handler: async (req, reply) => {
        const { slideId, z, x, y } = req.params as { slideId: string; z: number; x: number; y: number };
        const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
        const answer = await getChannelTile(
          ctx,
          caches,
          req.project as ProjectScope,
          slideId,
          { z, x, y, acceptsGzip },
          req.headers['if-none-match'],
          source,
        );
        // Caches keep the gzip and plain answers apart.
        reply.header('vary', 'Accept-Encoding');
        if (answer.contentEncoding && answer.bytes) reply.header('content-encoding', answer.contentEncoding);
        return send(reply, answer);
      },
    });
  }
}
