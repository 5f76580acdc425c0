/**
 * Slide uploads (issue #15 point 1): what the server decides around the tus protocol (tus-uploads.ts
 * moves the bytes). An upload is checked when it is created — the caller may upload into the project
 * (slideUpload), names one file, declares its size and the checksum it computed — and, once its last
 * byte is in, registered exactly once: the bytes are checked against that checksum, moved under the
 * slides folder by their own name (readers know a format by its extension), registered as an image
 * (imageInfo read) and as the project's slide, and the conversion queued. A claim with a lease makes
 * registration exactly-once across requests, processes and a server killed halfway; registering twice
 * would change nothing anyway (an image per checksum, a slide per project and image).
 *
 * A slide of several files (an MRXS file with its data folder, a folder of DICOM instances; spec 1 §3
 * "Upload item") comes as one tus upload per file sharing an item key: each names its relative path in the
 * item and the item's file count, name and checksum. Nothing is registered before every file is in; then
 * the whole item is, once, as one image — and when it fails, every file of it fails.
 */
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isWsiError } from '@tessera/wsi';
import { compareRelativePaths, isChecksum, isSlideFileName, UPLOAD_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { isUniqueViolation, nowIso } from '../../db/dialect.ts';
import { AppError, badRequest, conflict, describeFailure, forbidden, notFound } from '../../errors.ts';
import { resolveProjectScope } from '../../project-scope.ts';
import { imageChecksum } from '../imaging/checksum.ts';
import { registerImage } from '../imaging/images.service.ts';
import { getOrCreateSlideForImage, slideNameParts } from '../slides/slides.service.ts';
import * as q from './uploads.queries.ts';
import { checkItemSiblings, itemFileOf } from './upload-items.ts';

export const UPLOAD_ERROR_CODES = {
  checksumMismatch: 'UPLOAD_CHECKSUM_MISMATCH',
  notASlide: 'UPLOAD_NOT_A_SLIDE',
  failed: 'UPLOAD_FAILED',
  finished: 'UPLOAD_FINISHED',
} as const;

/** Where tus keeps the bytes of uploads in progress (one file and one `.json` record per upload). */
export const uploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'uploads');
/** Where an upload's bytes arrive: `<uploads>/<id>` (tus's record of it beside, `<id>.json`). */
export const receivedPath = (ctx: AppContext, id: string) => path.join(uploadsDir(ctx), id);

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
 * (else 403), a file name that is one name, a checksum, a length above zero; a file of an item of several
 * also its place in it, agreeing with the item's files created before (else 409); a part of a file sent in
 * parts (upload-concat.ts) only the first three. The server's size limit is tus's (413). Throws AppError;
 * nothing is recorded then.
 */
export async function startUpload(
  ctx: AppContext,
  actor: Actor,
  upload: NewUpload,
  { isPartial = false } = {},
): Promise<void> {
  const metadata = upload.metadata ?? {};
  const { projectId, fileName, checksum } = metadata;
  if (!projectId || !fileName || !checksum) throw badRequest(UPLOAD_MESSAGES.metadataMissing);
  if (upload.size === undefined) throw badRequest(UPLOAD_MESSAGES.lengthRequired);
  if (upload.size === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  if (!isSlideFileName(fileName)) throw badRequest(UPLOAD_MESSAGES.invalidFileName);
  if (!isChecksum(checksum)) throw badRequest('The checksum must be 64 lowercase hexadecimal characters');
  // A part of a file sent in parallel parts is only bytes: the final upload is the item's file.
  const item = isPartial ? null : itemFileOf(metadata);
  const project = await resolveProjectScope(ctx.db, actor.userId, actor.systemRoles, projectId);
  if (!project.permissions.has('slideUpload')) throw forbidden();
  const row = {
    id: upload.id,
    project_id: project.id,
    user_id: actor.userId,
    file_name: fileName.trim(),
    checksum,
    size: upload.size,
    created_at: nowIso(),
    item_key: item?.itemKey ?? null,
    relative_path: item?.relativePath ?? null,
    file_count: item?.fileCount ?? null,
    is_partial: isPartial ? 1 : 0,
  };
  if (item) await checkItemSiblings(ctx, row);
  try {
    await q.insertUpload(ctx.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UPLOAD_MESSAGES.itemFileExists);
    throw error;
  }
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
 * Registers a complete upload, once — for a file of an item of several, the whole item once all its files
 * are in (until then the row is answered as it stands): whoever claims it checks and registers it
 * (isRegisteredHere); anyone else gets the row as it stands. A failure marks the item failed with the
 * reason, keeps none of its bytes, and is thrown (400 for bytes that do not match their checksum, 422 for
 * files no reader opens).
 */
export async function completeUpload(
  ctx: AppContext,
  id: string,
): Promise<{ row: q.UploadRow; isRegisteredHere: boolean }> {
  const row = await q.findUpload(ctx.db, id);
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  if (row.is_partial) return { row, isRegisteredHere: false }; // its final upload is registered
  const files = row.item_key ? await q.findItemUploads(ctx.db, row.user_id, row.item_key) : [row];
  if (row.item_key && !(files.length === row.file_count && (await everyReceived(ctx, files))))
    return { row, isRegisteredHere: false };
  const now = Date.now();
  const claimed = await q.claimForRegistering(
    ctx.db,
    row,
    new Date(now).toISOString(),
    new Date(now + REGISTERING_LEASE_MS).toISOString(),
  );
  if (claimed !== files.length)
    return { row: (await q.findUpload(ctx.db, id)) ?? row, isRegisteredHere: false };
  files.sort((a, b) => compareRelativePaths(a.relative_path ?? '', b.relative_path ?? ''));
  const received = files.map((f) => receivedPath(ctx, f.id));
  try {
    const slideId = await register(ctx, row, files, received);
    await q.markRegistered(ctx.db, row, slideId, nowIso());
  } catch (error) {
    const refusal = asRefusal(error);
    await q.markFailed(ctx.db, row, refusal.message, nowIso());
    await Promise.all(received.map((file) => rm(file, { force: true })));
    throw refusal;
  } finally {
    // tus's records of the files: from here on the rows answer for them (uploads.routes.ts).
    await Promise.all(received.map((file) => rm(`${file}.json`, { force: true })));
  }
  return { row: (await q.findUpload(ctx.db, id)) ?? row, isRegisteredHere: true };
}

async function everyReceived(ctx: AppContext, files: readonly q.UploadRow[]): Promise<boolean> {
  for (const file of files) if (!(await isReceived(ctx, file))) return false;
  return true;
}

/**
 * Checks the files' bytes against the item's checksum, moves them to `slides/<checksum>/` in the blob
 * store's work folder (each by its own name or relative path: readers know a format by its extension, an
 * MRXS file finds its folder beside it), registers them as one image — which gives them to the store under
 * those keys — and as the project's slide. `files` are in hashing order.
 */
async function register(
  ctx: AppContext,
  item: q.UploadRow,
  files: readonly q.UploadRow[],
  received: readonly string[],
): Promise<string> {
  const sum = await imageChecksum(received);
  const size = files.reduce((total, f) => total + f.size, 0);
  if (sum.checksum !== item.checksum || sum.size !== size)
    throw new AppError(400, UPLOAD_ERROR_CODES.checksumMismatch, UPLOAD_MESSAGES.checksumMismatch);
  const keys = files.map((f) => `slides/${item.checksum}/${f.relative_path ?? f.file_name}`);
  const folder = path.join(ctx.blobs.workDir, 'slides', item.checksum);
  const stored = keys.map((key) => path.join(ctx.blobs.workDir, ...key.split('/')));
  if (stored.some((file) => !file.startsWith(folder + path.sep)))
    throw badRequest(UPLOAD_MESSAGES.invalidRelativePath);
  let registered;
  try {
    for (const [i, file] of stored.entries()) {
      await mkdir(path.dirname(file), { recursive: true });
      await rename(received[i]!, file);
    }
    registered = await registerImage(ctx, stored, sum, keys);
  } catch (error) {
    await removeStored(folder, stored);
    throw error;
  }
  const { image, created } = registered;
  // The image was stored already (a parallel upload of the same file, an import): this copy is not needed.
  if (!created && !image.storagePaths.includes(stored[0]!)) await removeStored(folder, stored);
  const primary = path.basename(stored[0]!);
  const { slide } = await getOrCreateSlideForImage(
    ctx,
    item.project_id,
    image,
    { fileName: item.file_name, fileExtension: slideNameParts(primary).extension },
    item.user_id,
  );
  return slide.id;
}

/** Removes stored files and the folders they leave empty, up to the checksum's folder with its last file. */
async function removeStored(folder: string, stored: readonly string[]): Promise<void> {
  await Promise.all(stored.map((file) => rm(file, { force: true })));
  const folders = new Set(stored.map((file) => path.dirname(file)));
  // Deepest first; rmdir refuses a folder that still holds something (another upload's, an import's).
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    for (let d = dir; d.startsWith(folder); d = path.dirname(d))
      if (
        !(await rmdir(d).then(
          () => true,
          () => false,
        ))
      )
        break;
  }
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
