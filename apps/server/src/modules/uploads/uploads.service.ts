/**
 * Slide uploads (issue #15 point 1): what the server decides around the tus protocol (tus-uploads.ts
 * moves the bytes). An upload is checked when it is created — the caller may upload into the project
 * (slideUpload), names one file, declares its size and the checksum it computed — and, once its last
 * byte is in, registered exactly once: the bytes are checked against that checksum, moved under the
 * slides folder by their own name (readers know a format by its extension), registered as an image
 * (imageInfo read) and as the project's slide, and the conversion queued. A claim with a lease makes
 * registration exactly-once across requests, processes and a server killed halfway; registering twice
 * would change nothing anyway (an image per checksum, a slide per project and image).
 */
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isWsiError } from '@tessera/wsi';
import { isChecksum, isSlideFileName, UPLOAD_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { nowIso } from '../../db/dialect.ts';
import { AppError, badRequest, describeFailure, forbidden, notFound } from '../../errors.ts';
import { resolveProjectScope } from '../../project-scope.ts';
import { fileChecksum } from '../imaging/checksum.ts';
import { registerImage } from '../imaging/images.service.ts';
import { getOrCreateSlideForImage, slideNameParts } from '../slides/slides.service.ts';
import * as q from './uploads.queries.ts';

export const UPLOAD_ERROR_CODES = {
  checksumMismatch: 'UPLOAD_CHECKSUM_MISMATCH',
  notASlide: 'UPLOAD_NOT_A_SLIDE',
  failed: 'UPLOAD_FAILED',
  finished: 'UPLOAD_FINISHED',
} as const;

/** Where tus keeps the bytes of uploads in progress (one file and one `.json` record per upload). */
export const uploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'uploads');
/** Where uploaded slides' files are kept once registered: `<checksum>/<file name>`. */
export const uploadedSlidesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'slides');
const receivedPath = (ctx: AppContext, id: string) => path.join(uploadsDir(ctx), id);

/** How long one server may take to register an upload before another may take it over. */
const REGISTERING_LEASE_MS = 10 * 60_000;

/** A new upload as tus describes it: its id, the declared length, the parsed Upload-Metadata. */
export interface NewUpload {
  id: string;
  size?: number | undefined;
  metadata?: Record<string, string | null> | undefined;
}

/**
 * Checks a new upload and records it: named project visible to the caller (else 404) with slideUpload
 * (else 403), a file name that is one name, a checksum, a length above zero. The server's size limit is
 * tus's (413). Throws AppError; nothing is recorded then.
 */
export async function startUpload(ctx: AppContext, actor: Actor, upload: NewUpload): Promise<void> {
  const { projectId, fileName, checksum } = upload.metadata ?? {};
  if (!projectId || !fileName || !checksum) throw badRequest(UPLOAD_MESSAGES.metadataMissing);
  if (upload.size === undefined) throw badRequest(UPLOAD_MESSAGES.lengthRequired);
  if (upload.size === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  if (!isSlideFileName(fileName)) throw badRequest(UPLOAD_MESSAGES.invalidFileName);
  if (!isChecksum(checksum)) throw badRequest('The checksum must be 64 lowercase hexadecimal characters');
  const project = await resolveProjectScope(ctx.db, actor.userId, actor.systemRoles, projectId);
  if (!project.permissions.has('slideUpload')) throw forbidden();
  await q.insertUpload(ctx.db, {
    id: upload.id,
    project_id: project.id,
    user_id: actor.userId,
    file_name: fileName.trim(),
    checksum,
    size: upload.size,
    created_at: nowIso(),
  });
}

/**
 * The caller's upload, still allowed: 404 when it is not theirs (or gone), 403 when they lost slideUpload
 * in its project since they began.
 */
export async function ownUpload(ctx: AppContext, actor: Actor, id: string): Promise<q.UploadRow> {
  const row = await q.findUpload(ctx.db, id);
  if (!row || row.user_id !== actor.userId) throw notFound(UPLOAD_MESSAGES.notFound);
  const project = await resolveProjectScope(ctx.db, actor.userId, actor.systemRoles, row.project_id);
  if (!project.permissions.has('slideUpload')) throw forbidden();
  return row;
}

/** Whether every byte of a receiving upload is in (a server may have died before registering it). */
export async function isReceived(ctx: AppContext, row: q.UploadRow): Promise<boolean> {
  const file = await stat(receivedPath(ctx, row.id)).catch(() => null);
  return file?.size === row.size;
}

/**
 * Registers a complete upload, once: whoever claims it checks and registers it (isRegisteredHere);
 * anyone else gets the row as it stands. A failure marks the upload failed with the reason, keeps none of its bytes, and is thrown
 * (400 for bytes that do not match their checksum, 422 for a file no reader opens).
 */
export async function completeUpload(
  ctx: AppContext,
  id: string,
): Promise<{ row: q.UploadRow; isRegisteredHere: boolean }> {
  const now = Date.now();
  const claimed = await q.claimForRegistering(
    ctx.db,
    id,
    new Date(now).toISOString(),
    new Date(now + REGISTERING_LEASE_MS).toISOString(),
  );
  const row = await q.findUpload(ctx.db, id);
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  if (!claimed) return { row, isRegisteredHere: false };
  const received = receivedPath(ctx, id);
  try {
    const slideId = await register(ctx, row, received);
    await q.markRegistered(ctx.db, id, slideId, nowIso());
  } catch (error) {
    const refusal = asRefusal(error);
    await q.markFailed(ctx.db, id, refusal.message, nowIso());
    await rm(received, { force: true });
    throw refusal;
  } finally {
    // tus's record of the upload: from here on the row answers for it (tus-uploads.ts).
    await rm(`${received}.json`, { force: true });
  }
  return { row: (await q.findUpload(ctx.db, id)) ?? row, isRegisteredHere: true };
}

async function register(ctx: AppContext, row: q.UploadRow, received: string): Promise<string> {
  const sum = await fileChecksum(received);
  if (sum.checksum !== row.checksum || sum.size !== row.size)
    throw new AppError(400, UPLOAD_ERROR_CODES.checksumMismatch, UPLOAD_MESSAGES.checksumMismatch);
  const folder = path.join(uploadedSlidesDir(ctx), row.checksum);
  const stored = path.join(folder, row.file_name);
  await mkdir(folder, { recursive: true });
  await rename(received, stored);
  let image;
  try {
    ({ image } = await registerImage(ctx, [stored], sum));
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
  // The image was stored already (a parallel upload of the same file, an import): this copy is not needed.
  if (!image.storagePaths.includes(stored)) await removeStored(stored);
  const { slide } = await getOrCreateSlideForImage(
    ctx,
    row.project_id,
    image,
    { fileName: row.file_name, fileExtension: slideNameParts(row.file_name).extension },
    row.user_id,
  );
  return slide.id;
}

async function removeStored(stored: string): Promise<void> {
  await rm(stored, { force: true });
  // The checksum's folder goes with its last file (rmdir refuses a folder that still holds one).
  await rmdir(path.dirname(stored)).catch(() => undefined);
}

/** A registration failure as the client is told it: ours as they are, a reader's as 422, others as 500. */
function asRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isWsiError(error)) return new AppError(422, UPLOAD_ERROR_CODES.notASlide, describeFailure(error));
  return new AppError(
    500,
    UPLOAD_ERROR_CODES.failed,
    `The upload could not be registered: ${describeFailure(error)}`,
  );
}

/**
 * Registers the uploads a server left unfinished — every byte in but not registered (killed between the
 * two), or registering under a lease that ran out — so none waits for its client to come back. Run at
 * start; failures are the uploads' own (marked failed), reported through `log`.
 */
export async function recoverUploads(ctx: AppContext, log: (line: string) => void): Promise<void> {
  for (const row of await q.findUnfinishedUploads(ctx.db, nowIso())) {
    if (row.state === 'receiving' && !(await isReceived(ctx, row))) continue;
    try {
      const { isRegisteredHere } = await completeUpload(ctx, row.id);
      if (isRegisteredHere)
        log(`Registered the upload of ${row.file_name} left unfinished by a stopped server`);
    } catch (error) {
      log(`The upload of ${row.file_name} failed: ${describeFailure(error)}`);
    }
  }
}

/** How often the serving primary looks for uploads to give up (expireUploads). */
export const UPLOAD_EXPIRY_CHECK_MS = 60 * 60_000;

/**
 * Gives up the uploads no byte came to for the server's expiry (TESSERA_UPLOAD_EXPIRY_HOURS): their bytes
 * and tus's record of them go, and the row says why (failed), so their client's next request is told
 * 410 with that reason and a tus client starts over. The time of an upload's last byte is its received
 * file's (each PATCH writes it). One whose bytes are all in is recovery's to register, never given up.
 * Answers how many were given up; several servers may run it at once (one gives each up).
 */
export async function expireUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const cutoff = now - ctx.config.uploadExpiryMs;
  const message = UPLOAD_MESSAGES.expired(Number((ctx.config.uploadExpiryMs / 3_600_000).toFixed(2)));
  let count = 0;
  for (const row of await q.findReceivingUploads(ctx.db, new Date(cutoff).toISOString())) {
    const received = receivedPath(ctx, row.id);
    const file = await stat(received).catch(() => null);
    if (file && (file.size === row.size || file.mtimeMs > cutoff)) continue;
    if (!(await q.markExpired(ctx.db, row.id, message, new Date(now).toISOString()))) continue;
    await rm(received, { force: true });
    await rm(`${received}.json`, { force: true });
    count++;
  }
  return count;
}
