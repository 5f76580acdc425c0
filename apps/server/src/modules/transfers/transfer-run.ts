/**
 * One transfer job's run, whichever its type: the destination resolved again inside the transfer area
 * (it may have gone since the request), then each slide in turn with progress, a log line for each
 * slide not written, and the result the wizard's Summary shows.
 */
import { z } from 'zod';
import {
  MAX_TRANSFER_SLIDES,
  transferSummary,
  type TransferReport,
  type TransferType,
} from '@tessera/domain';
import type { JobContext } from '../../jobs/job-kind.ts';
import { resolveTransferFolder } from './transfer-area.ts';
import { transferSlideAnnotations, transferSlideFiles } from './transfer-files.ts';

const Id = z.string().regex(/^[0-9a-f]{24}$/);

export const TransferPayload = z.object({
  projectId: Id,
  /** The transfer area as the enqueuing server has it (config.transferDir). */
  transferRoot: z.string().min(1),
  destinationPath: z.string().max(2000),
  slideIds: z.array(Id).min(1).max(MAX_TRANSFER_SLIDES),
  userId: Id,
});

const WORK = { TransferSlides: transferSlideFiles, TransferAnnotations: transferSlideAnnotations };

export async function runTransfer(
  type: TransferType,
  plan: z.output<typeof TransferPayload>,
  ctx: JobContext,
) {
  const folder = await resolveTransferFolder(plan.transferRoot, plan.destinationPath);
  await ctx.log(`Writing ${plan.slideIds.length} slides into ${folder.displayPath}.`);
  const target = { projectId: plan.projectId, destination: folder.absolute, jobId: ctx.jobId };
  const slides: TransferReport[] = [];
  for (const [n, slideId] of plan.slideIds.entries()) {
    ctx.signal.throwIfAborted();
    const report = await WORK[type](ctx, target, slideId);
    slides.push(report);
    if (report.outcome !== 'written')
      await ctx.log(`${report.fileName || slideId}: ${report.outcome}, ${report.reason ?? ''}`.trim());
    await ctx.progress(((n + 1) / plan.slideIds.length) * 100);
  }
  await ctx.log(`${transferSummary(type, slides)}.`);
  return { type, displayPath: folder.displayPath, slides };
}
