/**
 * tus concatenation (issue #15 point 1, spec 1 §9 "Upload parts in parallel: 4"): a client sends one file
 * as several partial uploads at once (`Upload-Concat: partial`), then creates the final upload naming
 * them in order (`Upload-Concat: final;<url> <url> …`). @tus/server has no concatenation, so both
 * creations are ours; the parts' bytes then travel like any upload's (PATCH, HEAD).
 *
 * A part is checked as an upload is (the project, slideUpload, the metadata) but never registered. The
 * final upload takes the parts — the caller's own, each complete, all of the same project — in one claim
 * (so of two finals naming the same parts one wins), joins their bytes into its own file, removes them, and
 * is registered at once, as an upload's last byte registers it: its creation answers the registration's
 * refusal when there is one.
 */
import crypto from 'node:crypto';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Metadata, Upload } from '@tus/server';
import type { FileStore } from '@tus/file-store';
import { ERROR_CODES, uploads as contract } from '@tessera/contract';
import { UPLOAD_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { completeUpload, receivedPath, startUpload } from './uploads.service.ts';
import * as q from './uploads.queries.ts';
import { TUS_VERSION } from './upload-patch.ts';

/** The most parts one final upload may name (the web sends 4). */
export const MAX_UPLOAD_PARTS = 16;

/** How long a final upload's server may take to join its parts before a retry may take them. */
const JOINING_LEASE_MS = 10 * 60_000;

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const newUploadId = () => crypto.randomBytes(16).toString('hex');

/** Whether the request is a creation tus's server leaves to us: it names Upload-Concat. */
export const isConcatenation = (req: FastifyRequest) => req.headers['upload-concat'] !== undefined;

function metadataOf(req: FastifyRequest): Record<string, string | null> {
  const header = req.headers['upload-metadata'];
  try {
    return Metadata.parse(typeof header === 'string' ? header : undefined);
  } catch {
    throw badRequest('Invalid upload-metadata');
  }
}

/** Creates a partial upload (`Upload-Concat: partial`) or the final one that joins them. */
export async function createConcatenation(
  ctx: AppContext,
  store: FileStore,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (req.headers['tus-resumable'] !== TUS_VERSION)
    throw new AppError(412, 'TUS_VERSION_UNSUPPORTED', 'Tus-Resumable Required');
  const concat = String(req.headers['upload-concat']);
  const id =
    concat === 'partial'
      ? await createPart(ctx, store, req)
      : concat.startsWith('final;')
        ? await createFinal(ctx, req, concat.slice('final;'.length))
        : null;
  if (id === null) throw badRequest(UPLOAD_MESSAGES.invalidConcat);
  reply
    .code(201)
    .header('tus-resumable', TUS_VERSION)
    .header('location', `${contract.createUpload.path}/${id}`)
    .header('upload-concat', concat === 'partial' ? 'partial' : `final;${concat.slice(6)}`)
    .send();
}

async function createPart(ctx: AppContext, store: FileStore, req: FastifyRequest): Promise<string> {
  const length = req.headers['upload-length'];
  if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw badRequest('Invalid upload-length');
  const size = Number(length);
  if (size > ctx.config.maxUploadBytes)
    throw new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.tooLarge(ctx.config.maxUploadBytes));
  const id = newUploadId();
  const metadata = metadataOf(req);
  await startUpload(ctx, req.actor!, { id, size, metadata }, { isPartial: true });
  await store.create(new Upload({ id, size, offset: 0, metadata, creation_date: new Date().toISOString() }));
  return id;
}

/** The parts' ids from the final's list of their URLs (absolute or paths), in order. */
function partIdsOf(list: string): string[] {
  const urls = list.trim().split(/ +/);
  const ids = urls.map((url) => url.replace(/\/+$/, '').split('/').pop() ?? '');
  if (ids.length === 0 || ids.length > MAX_UPLOAD_PARTS || !ids.every((id) => UPLOAD_ID.test(id)))
    throw badRequest(UPLOAD_MESSAGES.invalidConcat);
  if (new Set(ids).size !== ids.length) throw badRequest(UPLOAD_MESSAGES.invalidConcat);
  return ids;
}

async function createFinal(ctx: AppContext, req: FastifyRequest, list: string): Promise<string> {
  if (req.headers['upload-length'] !== undefined) throw badRequest(UPLOAD_MESSAGES.finalLength);
  const ids = partIdsOf(list);
  const metadata = metadataOf(req);
  const parts: q.UploadRow[] = [];
  for (const id of ids) {
    const part = await q.findUpload(ctx.db, id);
    if (!part || part.user_id !== req.actor!.userId || !part.is_partial)
      throw notFound(UPLOAD_MESSAGES.notFound);
    if (part.project_id !== metadata.projectId) throw badRequest(UPLOAD_MESSAGES.partsElsewhere);
    const file = await stat(receivedPath(ctx, id)).catch(() => null);
    if (part.state !== 'receiving' || file?.size !== part.size)
      throw conflict(UPLOAD_MESSAGES.partIncomplete);
    parts.push(part);
  }
  const now = Date.now();
  const claimed = await q.claimParts(
    ctx.db,
    ids,
    new Date(now).toISOString(),
    new Date(now + JOINING_LEASE_MS).toISOString(),
  );
  if (claimed !== ids.length) {
    await q.releaseParts(ctx.db, ids, new Date(now + JOINING_LEASE_MS).toISOString());
    throw conflict(UPLOAD_MESSAGES.partsTaken);
  }
  const id = newUploadId();
  const size = parts.reduce((total, p) => total + p.size, 0);
  try {
    await startUpload(ctx, req.actor!, { id, size, metadata });
    await join(ctx, ids, id);
  } catch (error) {
    await q.releaseParts(ctx.db, ids, new Date(now + JOINING_LEASE_MS).toISOString());
    await q.deleteUpload(ctx.db, id);
    await rm(receivedPath(ctx, id), { force: true });
    throw error;
  }
  await q.deleteUploads(ctx.db, ids);
  for (const part of ids) {
    await rm(receivedPath(ctx, part), { force: true });
    await rm(`${receivedPath(ctx, part)}.json`, { force: true });
  }
  await completeUpload(ctx, id);
  return id;
}

/** Bytes copied at a time when joining parts. */
const JOIN_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * The parts' bytes, in order, into the final's file: the first copied (in the kernel, or a reflink where
 * the file system has them), the others appended; assembled beside it and renamed, so the final's file is
 * whole or absent. The parts stay until the caller removes them: a failure here loses nothing.
 */
async function join(ctx: AppContext, partIds: readonly string[], finalId: string): Promise<void> {
  const target = receivedPath(ctx, finalId);
  const assembling = `${target}.joining`;
  try {
    await copyFile(receivedPath(ctx, partIds[0]!), assembling);
    for (const part of partIds.slice(1))
      await pipeline(
        createReadStream(receivedPath(ctx, part), { highWaterMark: JOIN_BUFFER_BYTES }),
        createWriteStream(assembling, { flags: 'a', highWaterMark: JOIN_BUFFER_BYTES }),
      );
    await rename(assembling, target);
  } finally {
    await rm(assembling, { force: true });
  }
}
