/**
 * The Fastify application: validation and serialization by the contract's zod schemas, security
 * headers, bearer authentication, maintenance, error mapping, OpenAPI, the built web app, and every
 * feature module's routes. Request flow: docs/architecture.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@tessera/contract';
import { APP_STATE_MESSAGES, APP_VERSION, EQUALIZATION_TEXT_MAX_LENGTH } from '@tessera/domain';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerBodyParsers } from './body.ts';
import { registerTurns } from './turns.ts';
import { answerClientError } from './client-errors.ts';
import { registerModules } from '../modules/index.ts';
import { inRequestScope } from '../db/database.ts';

/** The body limit of routes that declare none (sign-in steps, projects, members, vocabularies: a few KB each). */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Our codes for Fastify's own refusals (its FST_ERR_… codes are not part of our contract). */
const FASTIFY_STATUS_CODES: Record<number, string> = {
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
};

export interface BuildAppOptions {
  logger?: boolean | object;
  /** Serve the built web app from config.webDist when it exists (off in API tests). */
  serveWeb?: boolean;
  /** Called for every route as it is registered (before any module's): the route × role test lists routes with it. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Fits every body but those whose contract declares more (bodyLimitBytes); read only after the guard.
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // Tile paths carry the URL-encoded equalization JSON (spec 2 §7): up to 3 bytes per character encoded.
    routerOptions: { maxParamLength: 3 * EQUALIZATION_TEXT_MAX_LENGTH },
    trustProxy: ctx.config.trustProxy,
    // Ids in logs, never secrets: the Authorization header is not logged by Fastify's serializers.
    genReqId: () => Math.random().toString(36).slice(2, 10),
    // Requests the HTTP parser refuses are answered as {code, message} too.
    clientErrorHandler: answerClientError,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app);
  registerBodyParsers(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Tessera API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const types = (input.route.config as { responseTypes?: readonly string[] } | undefined)?.responseTypes;
      const response = transformed.schema.response as Record<string, unknown> | undefined;
      if (types && response?.['200']) {
        // Not one JSON document (images, files, streams): one entry per media type the route answers with.
        response['200'] = {
          description: 'OK',
          content: Object.fromEntries(types.map((t) => [t, { schema: response['200'] }])),
        };
      }
      return transformed;
    },
    // Fills components.schemas with the contract's named schemas (.meta({ id })), which the routes' $refs point to.
    transformObject: jsonSchemaTransformObject,
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('project', null);

  registerTurns(app);
  app.addHook('onRequest', (_req, _reply, done) => inRequestScope(ctx.dialect, done));
  app.addHook('onRequest', async (req, reply) => {
    if (ctx.settings.isMaintenance() && (req.url.startsWith('/v1/') || req.url.startsWith('/version.json'))) {
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ code: ERROR_CODES.maintenance, message: APP_STATE_MESSAGES.maintenance });
      return reply;
    }
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) req.actor = await ctx.tokens.authenticate(header.slice(7).trim());
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError)
      return reply.code(error.status).send({ code: error.code, message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath ? `${issue.instancePath.slice(1).replaceAll('/', '.')}: ` : '';
      return reply
        .code(400)
        .send({ code: ERROR_CODES.validation, message: `${where}${issue?.message ?? 'Invalid request'}` });
    }
    if (isResponseSerializationError(error))
      req.log.error({ err: error }, 'response did not match its contract');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      // Fastify's own 4xx (malformed JSON, body too large, wrong content type): say what, keep the status.
      return reply.code(error.statusCode).send({
        code: FASTIFY_STATUS_CODES[error.statusCode] ?? ERROR_CODES.validation,
        message: error.message,
      });
    else req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: ERROR_CODES.internal, message: 'Internal error' });
  });

  app.get('/v1/openapi.json', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerModules(app, ctx);

  const index = path.join(ctx.config.webDist, 'index.html');
  const serveWeb = opts.serveWeb !== false && fs.existsSync(index);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: false,
      index: false,
      // Vite puts a content hash in every asset name, so assets never change under one URL.
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/v1/'))
      // A client-side route: the single-page app decides what to show (including 'Invalid URL').
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(index));
    return reply
      .code(404)
      .send({ code: ERROR_CODES.notFound, message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });

  return app;
}
