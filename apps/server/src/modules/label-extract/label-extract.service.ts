/**
 * Label extract (spec 1 §7 "Submit label extraction job"): the project's patterns — stored in the
 * per-project config table under their own id, since their gate is slideMetadataManage rather than the
 * viewer tools' annotationsManage — and the job queued for slides of the project, with the patterns as
 * they are at that moment.
 */
import { DEFAULT_LABEL_PATTERNS, labelPatternsSchema, type LabelPatterns } from '@tessera/domain';
import { ERROR_CODES, type labelExtract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { nowIso } from '../../db/dialect.ts';
import { notFound } from '../../errors.ts';
import { findToolConfig, upsertToolConfig } from '../tool-configs/tool-configs.queries.ts';
import { findProjectSlideIds } from '../slides/slides.queries.ts';

const CONFIG_ID = 'labelExtractPatterns';

export async function getPatterns(
  ctx: AppContext,
  projectId: string,
): Promise<{ patterns: LabelPatterns; isDefault: boolean }> {
  const row = await findToolConfig(ctx.db, projectId, CONFIG_ID);
  const stored = row ? labelPatternsSchema.safeParse(JSON.parse(row.config)) : null;
  return stored?.success
    ? { patterns: stored.data, isDefault: false }
    : { patterns: DEFAULT_LABEL_PATTERNS, isDefault: true };
}

export async function savePatterns(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  patterns: LabelPatterns,
) {
  await upsertToolConfig(ctx.db, {
    project_id: project.id,
    config_id: CONFIG_ID,
    config: JSON.stringify(patterns),
    updated_by: actor.userId,
    updated_at: nowIso(),
  });
  return { patterns, isDefault: false };
}

export async function queueExtraction(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  body: labelExtract.LabelExtractRequest,
): Promise<{ jobId: string }> {
  const slideIds = [...new Set(body.slideIds)];
  const found = await findProjectSlideIds(ctx.db, project.id, slideIds);
  const missing = slideIds.find((id) => !found.has(id));
  if (missing) throw notFound(`Slide ${missing} is not in this project`, ERROR_CODES.slideNotFound);
  const { patterns } = await getPatterns(ctx, project.id);
  const job = await ctx.jobs.enqueue(
    'extract-label-text',
    { projectId: project.id, slideIds, overwrite: body.overwrite, patterns, userId: actor.userId },
    { projectId: project.id, createdBy: actor.userId },
  );
  return { jobId: job.id };
}
