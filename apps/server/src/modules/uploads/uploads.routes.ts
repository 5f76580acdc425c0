/**
 * The tus 1.0 endpoint `/v1/uploads` (issue #15 point 1; fixed interface): @tus/server with its file
 * store under `<data dir>/uploads` moves the bytes; uploads.service.ts decides — who may create an upload
 * (onUploadCreate) and what its last byte sets off (onUploadFinish: check and register). Each route is
 * the contract's (uploads.contract.ts), guarded like every other: no bearer token or API key, no upload.
 * Creations naming Upload-Concat (parts sent in parallel) are upload-concat.ts's; PATCH is
 * upload-patch.ts's.
 *
 * Requests about an existing upload are the caller's own uploads only (404 otherwise). Once an upload is
 * registered or failed, tus's record of it is gone and the row answers: HEAD and PATCH tell a registered
 * upload complete (a client resuming after the end learns it is done), 410 tells a failed one's reason
 * (tus clients then start over). An upload whose bytes are all in but which no server registered (one
 * was killed in between) is registered when its client comes back, before the answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS, Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { ERROR_CODES, uploads as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { AppError } from '../../errors.ts';
import { contractRouteOptions } from '../../http/route.ts';
import {
  completeUpload,
  isReceived,
  ownUpload,
  startUpload,
  UPLOAD_ERROR_CODES,
  uploadsDir,
} from './uploads.service.ts';
import { deleteUpload, type UploadRow } from './uploads.queries.ts';
import { appendToUpload, TUS_BYTES, TUS_VERSION } from './upload-patch.ts';
import { createConcatenation, isConcatenation } from './upload-concat.ts';

/**
 * The tus extensions this endpoint takes (discovery; OPTIONS): each is tested (uploads.db.test.ts,
 * upload-concat.db.test.ts).
 */
const TUS_EXTENSIONS = 'creation,termination,concatenation';

/** The caller of the request tus is handling: its hooks run inside, where Fastify's request is not at hand. */
const callers = new AsyncLocalStorage<Actor>();

function createTusServer(ctx: AppContext, store: FileStore): Server {
  const tus = new Server({
    path: contract.createUpload.path,
    datastore: store,
    maxSize: ctx.config.maxUploadBytes,
    relativeLocation: true,
    respectForwardedHeaders: ctx.config.trustProxy,
    // tus's default, said here because the contract's id pattern relies on it.
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    onUploadCreate: async (_req, upload) => {
      await startUpload(ctx, callers.getStore()!, upload);
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      await completeUpload(ctx, upload.id);
      return {};
    },
    onResponseError: (_req, error) => refusalBody(error),
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => void deleteUpload(ctx.db, id));
  return tus;
}

/** Codes for tus's own refusals (a bad Upload-Offset, a missing header), by status. */
const TUS_CODES: Record<number, string> = {
  409: ERROR_CODES.conflict,
  410: UPLOAD_ERROR_CODES.failed,
  412: 'TUS_VERSION_UNSUPPORTED',
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
};

/** Our refusals keep their status and code; anything unforeseen is a 500 whose reason stays in the log. */
function refusalBody(error: Error | { status_code: number; body: string }) {
  if (error instanceof AppError)
    return { status_code: error.status, body: JSON.stringify({ code: error.code, message: error.message }) };
  if ('status_code' in error && error.status_code < 500) return undefined;
  console.error('Upload request failed', error);
  return {
    status_code: 500,
    body: JSON.stringify({ code: ERROR_CODES.internal, message: 'Internal error' }),
  };
}

/**
 * Every refusal as our {code, message}, sent as JSON: ours (refusalBody) as they are; tus's own, which
 * are text ('Invalid upload-length'), with that text as the message and a code from the status.
 */
async function asOurRefusal(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = (await response.text()).trim();
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  const code =
    TUS_CODES[response.status] ?? (response.status >= 500 ? ERROR_CODES.internal : ERROR_CODES.validation);
  const body = isRefusal(text) ? text : JSON.stringify({ code, message: text || response.statusText });
  return new Response(body, { status: response.status, headers });
}

function isRefusal(text: string): boolean {
  try {
    const value = JSON.parse(text) as { code?: unknown; message?: unknown } | null;
    return typeof value?.code === 'string' && typeof value.message === 'string';
  } catch {
    return false;
  }
}

export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = new FileStore({ directory: uploadsDir(ctx) });
  const tus = createTusServer(ctx, store);
  const handOver = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const request = new NodeRequest({ req: req.raw, res: reply.raw });
    const response = await callers.run(req.actor!, () => tus.handleWeb(request));
    await sendNodeResponse(reply.raw, await asOurRefusal(response));
  };
  await app.register(async (scope) => {
    // The bytes are tus's to read, as they arrive: Fastify leaves them in the request.
    scope.addContentTypeParser(TUS_BYTES, (_req, _payload, done) => done(null));
    scope.route({
      ...contractRouteOptions(contract.createUpload, ctx.guard),
      handler: (req, reply) =>
        isConcatenation(req) ? createConcatenation(ctx, store, req, reply) : handOver(req, reply),
    });
    scope.route({
      ...contractRouteOptions(contract.describeUploads, ctx.guard),
      handler: (_req, reply) =>
        reply
          .code(204)
          .header('tus-resumable', TUS_VERSION)
          .header('tus-version', TUS_VERSION)
          .header('tus-extension', TUS_EXTENSIONS)
          .header('tus-max-size', String(ctx.config.maxUploadBytes))
          .send(),
    });
    for (const def of [contract.getUploadOffset, contract.appendUpload, contract.cancelUpload])
      scope.route({
        ...contractRouteOptions(def, ctx.guard),
        handler: async (req, reply) => {
          const { uploadId } = req.params as { uploadId: string };
          let row = await ownUpload(ctx, req.actor!, uploadId);
          if (row.state === 'receiving' && req.method !== 'DELETE' && (await isReceived(ctx, row)))
            ({ row } = await completeUpload(ctx, row.id));
          if (row.state !== 'receiving') return answerFinished(reply, req.method, row);
          return req.method === 'PATCH' ? appendToUpload(ctx, store, req, reply, row) : handOver(req, reply);
        },
      });
  });
}

/** What tus would answer for an upload it no longer holds: complete, or gone with its reason. */
function answerFinished(reply: FastifyReply, method: string, row: UploadRow) {
  reply.header('tus-resumable', '1.0.0').header('cache-control', 'no-store');
  if (row.state === 'failed')
    return reply.code(410).send({ code: UPLOAD_ERROR_CODES.failed, message: row.error_message ?? '' });
  if (method === 'DELETE')
    return reply.code(409).send({
      code: UPLOAD_ERROR_CODES.finished,
      message: 'The upload is complete: its slide is in the project',
    });
  reply.header('upload-offset', String(row.size)).header('upload-length', String(row.size));
  return reply.code(method === 'HEAD' ? 200 : 204).send();
}
