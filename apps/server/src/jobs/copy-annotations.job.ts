/**
 * copy-annotations: copies a set's annotations to other slides of its block (spec 2 §4 "Annotation-copy
 * wizard"; modules/annotations/annotation-copy.ts does the work), a slide at a time, each in its own
 * transaction, so the result can name the slides it could not copy to (failedSlideIds). Run once: a
 * second attempt would copy again onto the slides the first one finished.
 */
import { z } from 'zod';
import { defineJobKind } from './job-kind.ts';
import { copyToSlide, sourceAnnotations } from '../modules/annotations/annotation-copy.ts';

const Id = z.string().regex(/^[0-9a-f]{24}$/);

export const copyAnnotationsJob = defineJobKind({
  name: 'copy-annotations',
  maxAttempts: 1,
  payload: z.object({
    projectId: Id,
    sourceSetId: Id,
    targetSetName: z.string().min(1).max(64),
    targetSlideIds: z.array(Id).min(1).max(500),
    classIds: z.array(z.string().max(64)).max(200).optional(),
    skipIfTargetSetMissing: z.boolean(),
    userId: Id,
  }),
  async handle(plan, ctx) {
    const annotations = await sourceAnnotations(ctx.db, plan);
    await ctx.log(
      `Copying ${annotations.regions.length} region annotations and ${annotations.markers.length} cell markers to ${plan.targetSlideIds.length} slides.`,
    );
    const result = {
      failedSlideIds: [] as string[],
      copiedSlideIds: [] as string[],
      skippedSlideIds: [] as string[],
    };
    for (const [n, slideId] of plan.targetSlideIds.entries()) {
      ctx.signal.throwIfAborted();
      const outcome = await copyToSlide(ctx.db, plan, slideId, annotations);
      if (outcome.outcome === 'failed') {
        result.failedSlideIds.push(slideId);
        await ctx.log(`Slide ${slideId}: not copied, ${outcome.reason}.`);
      } else (outcome.outcome === 'copied' ? result.copiedSlideIds : result.skippedSlideIds).push(slideId);
      await ctx.progress(((n + 1) / plan.targetSlideIds.length) * 100);
    }
    return result;
  },
});
