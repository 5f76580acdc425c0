/**
 * tus PATCH (the bytes of an upload) done here rather than by @tus/server: its handler turns the request
 * into a web stream (srvx) and back into a Node stream before the file store sees a byte, and at a
 * gigabyte a second the garbage of those adapters was most of the work — 2.7 s of garbage collection for
 * a 1.6 GB upload, which arrived at 160–350 MB/s where a plain PUT to lighttpd ran at 1.4 GB/s
 * (docs/benchmarks.md "upload"). Here the request stream goes straight into the same file store, with
 * tus 1.0's rules for PATCH: `Tus-Resumable`, the bytes' media type, `Upload-Offset` equal to what the
 * server holds (409 otherwise), never past `Upload-Length` (413), one writer per upload — a new PATCH
 * stops an older one of the same upload still running (a client that lost its connection and resumed),
 * as tus's lock does —, and the answer's `Upload-Offset`. The last byte registers the slide
 * (uploads.service.ts completeUpload) before the answer.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '@tus/file-store';
import { ERROR_CODES } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { completeUpload, uploadsDir } from './uploads.service.ts';
import type { UploadRow } from './uploads.queries.ts';

export const TUS_BYTES = 'application/offset+octet-stream';
export const TUS_VERSION = '1.0.0';

/** Bytes gathered before one write to the disk: fewer, larger writes keep the upload at the disk's speed. */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/** The PATCH writing each upload in this process, to stop when a newer one comes. */
const writers = new Map<string, { stop(): void; done: Promise<unknown> }>();

/** Passes at most `limit` bytes; more is an error (the upload's length was declared). */
class ByteLimit extends Transform {
  isExceeded = false;
  private left: number;
  constructor(limit: number) {
    // Buffers as large as the write's: at the default 16 KiB each 64 KiB read from the socket paused it.
    super({ highWaterMark: WRITE_BUFFER_BYTES });
    this.left = limit;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.left -= chunk.length;
    this.isExceeded = this.left < 0;
    done(this.isExceeded ? new Error("upload's size exceeded") : null, this.isExceeded ? undefined : chunk);
  }
}

/**
 * Writes `bytes` into the upload's file from `offset` (the file store's own write, with a larger buffer:
 * at its 16 KiB, one 64 KiB write at a time went to the disk and the upload waited on each) and answers
 * the new offset.
 */
async function writeAt(file: string, bytes: Readable, offset: number): Promise<number> {
  let received = 0;
  bytes.on('data', (chunk: Buffer) => (received += chunk.length));
  await pipeline(
    bytes,
    createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES }),
  );
  return offset + received;
}

export async function appendToUpload(
  ctx: AppContext,
  store: FileStore,
  req: FastifyRequest,
  reply: FastifyReply,
  row: UploadRow,
): Promise<void> {
  if (req.headers['tus-resumable'] !== TUS_VERSION)
    throw new AppError(412, 'TUS_VERSION_UNSUPPORTED', 'Tus-Resumable Required');
  if (req.headers['content-type'] !== TUS_BYTES) throw badRequest('Invalid content-type');
  const offsetHeader = req.headers['upload-offset'];
  if (typeof offsetHeader !== 'string' || !/^\d{1,15}$/.test(offsetHeader))
    throw badRequest('Invalid upload-offset');
  const offset = Number(offsetHeader);

  // A PATCH of this upload still running here is from a connection its client gave up: it stops first.
  const earlier = writers.get(row.id);
  if (earlier) {
    earlier.stop();
    await earlier.done.catch(() => undefined);
  }
  const held = (await store.getUpload(row.id)).offset;
  if (held !== offset) throw new AppError(409, ERROR_CODES.conflict, 'Upload-Offset conflict');
  const length = Number(req.headers['content-length'] ?? NaN);
  if (offset + (Number.isFinite(length) ? length : 0) > row.size)
    throw new AppError(413, ERROR_CODES.payloadTooLarge, "upload's size exceeded");

  const source = req.raw;
  const limit = new ByteLimit(row.size - offset);
  // pipe() does not pass on a request that ends early: the write must end with it, not wait forever.
  source.once('error', (error) => limit.destroy(error));
  source.once('close', () => {
    if (!source.complete) limit.destroy(new Error('The request ended before its bytes'));
  });
  const written = writeAt(path.join(uploadsDir(ctx), row.id), source.pipe(limit), offset);
  const writer = { stop: () => source.destroy(), done: written };
  writers.set(row.id, writer);
  let newOffset: number;
  try {
    newOffset = await written;
  } catch {
    // Too long, or stopped and cut off: what arrived is kept, and HEAD tells the client where to go on.
    if (limit.isExceeded) throw new AppError(413, ERROR_CODES.payloadTooLarge, "upload's size exceeded");
    throw badRequest('The upload was interrupted: ask for its offset (HEAD) and go on from there');
  } finally {
    if (writers.get(row.id) === writer) writers.delete(row.id);
  }
  if (newOffset === row.size) await completeUpload(ctx, row.id);
  reply
    .code(204)
    .header('tus-resumable', TUS_VERSION)
    .header('upload-offset', String(newOffset))
    .header('cache-control', 'no-store')
    .send();
}
