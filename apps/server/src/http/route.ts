/**
 * addRoute: the one way a /v1 route is registered. It takes the endpoint's contract (method, path,
 * schemas, access), installs the guard, and hands the handler typed input.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteDef, RoutePart } from '@tessera/contract';
import { ErrorBody } from '@tessera/contract';
import type { Actor, ProjectScope } from '../actor.ts';
import { guardFor, type GuardDeps } from './guard.ts';
import { Readable } from 'node:stream';
import { JsonText } from '../lib/json-text.ts';

export interface HandlerInput<D extends RouteDef> {
  params: RoutePart<D, 'params'>;
  query: RoutePart<D, 'query'>;
  body: RoutePart<D, 'body'>;
  /** Null only on public routes. */
  actor: D['access'] extends { kind: 'public' } ? Actor | null : Actor;
  /** Set on project-scoped routes. */
  project: D['access'] extends { kind: 'project' } ? ProjectScope : ProjectScope | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<D extends RouteDef> = (
  input: HandlerInput<D>,
) => Promise<z.input<D['response']> | (D extends { isResponseUnchecked: true } ? JsonText : never)>;

export function addRoute<D extends RouteDef>(
  app: FastifyInstance,
  deps: GuardDeps,
  def: D,
  handler: Handler<D>,
): void {
  const status = def.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRouteOptions(def, deps),
    handler: async (req, reply) => {
      const result = await handler({
        params: req.params,
        query: req.query,
        body: req.body,
        actor: req.actor,
        project: req.project,
        req,
        reply,
      } as HandlerInput<D>);
      reply.code(status);
      // A JSON text answer streams (lib/json-text.ts); everything else goes through the serializer.
      if (result instanceof JsonText)
        return reply.type('application/json; charset=utf-8').send(Readable.from(result.batches()));
      return status === 204 ? undefined : result;
    },
  });
}

/**
 * What every contract route registers with: method, path, schemas, the declared access in config (the
 * route × role test reads it) and the guard that enforces it. addRoute uses it; so do the few routes
 * whose handlers own the reply (tiles: 304 and their own headers).
 */
export function contractRouteOptions(def: RouteDef, deps: GuardDeps) {
  return {
    method: def.method,
    url: def.path,
    config: { access: def.access, responseTypes: def.responseTypes, bodyRows: def.bodyRows },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      // OpenAPI names the body's media type (JSON unless the route reads NDJSON rows: http/body.ts).
      ...(def.bodyRows ? { consumes: ['application/x-ndjson'] } : {}),
      response: { [def.status ?? 200]: def.response, '4xx': ErrorBody },
      ...(def.access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // onRequest, not preValidation: the caller is refused before a byte of the body is read or parsed.
    onRequest: guardFor(def.access, deps),
    ...(def.isResponseUnchecked
      ? {
          serializerCompiler: () => (data: unknown) => JSON.stringify(data),
        }
      : {}),
    ...(def.bodyLimitBytes ? { bodyLimit: def.bodyLimitBytes } : {}),
  };
}
