/**
 * extract-label-text (spec 1 §7 "Submit label extraction job"): reads each slide's label and fills
 * studyId and blockId as the project's patterns propose (modules/label-extract), a slide at a time with
 * progress; the result is the wizard's Summary. One reader for the whole job, closed at its end. A rerun
 * reads again and writes only what still differs.
 */
import { z } from 'zod';
import {
  LABEL_FIELDS,
  labelPatternsSchema,
  MAX_LABEL_SLIDES,
  type LabelExtractReport,
} from '@tessera/domain';
import { defineJobKind } from './job-kind.ts';
import { extractSlideLabel } from '../modules/label-extract/label-extract.ts';
import { openLabelReader } from '../modules/label-extract/label-reader.ts';

const Id = z.string().regex(/^[0-9a-f]{24}$/);

export const extractLabelTextJob = defineJobKind({
  name: 'extract-label-text',
  payload: z.object({
    projectId: Id,
    slideIds: z.array(Id).min(1).max(MAX_LABEL_SLIDES),
    overwrite: z.array(z.enum(LABEL_FIELDS)).max(LABEL_FIELDS.length),
    patterns: labelPatternsSchema,
    userId: Id,
  }),
  async handle(plan, ctx) {
    await ctx.log(`Reading the labels of ${plan.slideIds.length} slides.`);
    const reader = await openLabelReader();
    const slides: LabelExtractReport[] = [];
    try {
      for (const [n, slideId] of plan.slideIds.entries()) {
        ctx.signal.throwIfAborted();
        const report = await extractSlideLabel(ctx, plan, slideId, reader);
        slides.push(report);
        const written = Object.entries(report.written).map(([field, value]) => `${field} ${value}`);
        await ctx.log(
          `${report.fileName || slideId}: ${written.length ? `wrote ${written.join(', ')}` : (report.reason ?? 'nothing to write')}`,
        );
        await ctx.progress(((n + 1) / plan.slideIds.length) * 100);
      }
    } finally {
      await reader.close();
    }
    return { slides };
  },
});
