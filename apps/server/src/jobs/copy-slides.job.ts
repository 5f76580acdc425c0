/**
 * copy-slides: copies slides into another project (spec 1 §2 "Copy slides wizard"; the work is
 * modules/slide-copy/slide-copy.ts), a slide at a time, each in its own transaction, so the result
 * reports every slide — copied, skipped (the target holds the file already) or failed with why. A
 * retry after a lost worker goes on safely: the slides it copied before are found there and skipped.
 */
import { z } from 'zod';
import { MAX_COPY_SLIDES, slideCopySummary, type SlideCopyReport } from '@tessera/domain';
import { defineJobKind } from './job-kind.ts';
import { copySlide } from '../modules/slide-copy/slide-copy.ts';

const Id = z.string().regex(/^[0-9a-f]{24}$/);

export const copySlidesJob = defineJobKind({
  name: 'copy-slides',
  payload: z.object({
    projectId: Id,
    targetProjectId: Id,
    slideIds: z.array(Id).min(1).max(MAX_COPY_SLIDES),
    copyProjectMetadata: z.boolean(),
    copyAnnotations: z.boolean(),
    userId: Id,
  }),
  async handle(plan, ctx) {
    await ctx.log(`Copying ${plan.slideIds.length} slides.`);
    const slides: SlideCopyReport[] = [];
    for (const [n, slideId] of plan.slideIds.entries()) {
      ctx.signal.throwIfAborted();
      const report = await copySlide(ctx.db, plan, slideId);
      slides.push(report);
      if (report.outcome !== 'copied')
        await ctx.log(`${report.fileName || slideId}: ${report.outcome}, ${report.reason ?? ''}`.trim());
      await ctx.progress(((n + 1) / plan.slideIds.length) * 100);
    }
    await ctx.log(`${slideCopySummary(slides)}.`);
    return { targetProjectId: plan.targetProjectId, slides };
  },
});
