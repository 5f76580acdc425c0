/**
 * Transfers (spec 1 §7 "Submit transfer job"): the transfer area's folders for the wizard, and a
 * transfer queued once what can be checked at once holds — the type's permission (slideDownload for
 * slide files, transferAnnotations for annotation sets), a destination folder inside the area, every
 * slide one of this project's.
 */
import { TRANSFER_PERMISSION, TRANSFER_TEXTS } from '@tessera/domain';
import { ERROR_CODES, type transfers } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findProjectSlideIds } from '../slides/slides.queries.ts';
import { listTransferFolders, resolveTransferFolder } from './transfer-area.ts';

export const listFolders = (ctx: AppContext, relative: string) =>
  listTransferFolders(ctx.config.transferDir, relative);

export async function queueTransfer(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  body: transfers.TransferRequest,
): Promise<{ jobId: string; displayPath: string }> {
  if (!project.permissions.has(TRANSFER_PERMISSION[body.type]))
    throw forbidden(TRANSFER_TEXTS.typeNotAllowed(body.type));
  const folder = await resolveTransferFolder(ctx.config.transferDir, body.destinationPath);
  const slideIds = [...new Set(body.slideIds)];
  const found = await findProjectSlideIds(ctx.db, project.id, slideIds);
  const missing = slideIds.find((id) => !found.has(id));
  if (missing) throw notFound(`Slide ${missing} is not in this project`, ERROR_CODES.slideNotFound);
  const payload = {
    projectId: project.id,
    transferRoot: ctx.config.transferDir,
    destinationPath: folder.path,
    slideIds,
    userId: actor.userId,
  };
  const options = { projectId: project.id, createdBy: actor.userId };
  const job =
    body.type === 'TransferSlides'
      ? await ctx.jobs.enqueue('transfer-slides', payload, options)
      : await ctx.jobs.enqueue('transfer-annotations', payload, options);
  return { jobId: job.id, displayPath: folder.displayPath };
}
