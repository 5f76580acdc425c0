/**
 * Queues a copy of slides into another project (spec 1 §7 "Submit copy slides job"): checks what can be
 * checked at once — results are not asked for (Tessera holds none), the target is another project the
 * caller sees and may add slides to, annotations only with annotationsCopy here and annotationsManage
 * there, every slide is one of this project's — then hands the copy to the copy-slides job.
 */
import { canCopyAnnotations, canCopySlidesInto, SLIDE_COPY_TEXTS } from '@tessera/domain';
import { ERROR_CODES, slideCopy, type RoutePart } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { resolveProjectScope } from '../../project-scope.ts';
import { findProjectSlideIds } from '../slides/slides.queries.ts';

const { SLIDE_COPY_ERROR_CODES } = slideCopy;

export async function queueSlideCopy(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  body: RoutePart<typeof slideCopy.copySlides, 'body'>,
): Promise<{ jobId: string }> {
  if (body.copyResults)
    throw badRequest(SLIDE_COPY_TEXTS.resultsUnavailable, SLIDE_COPY_ERROR_CODES.resultsUnavailable);
  if (body.targetProjectId === project.id)
    throw badRequest(SLIDE_COPY_TEXTS.sameProject, SLIDE_COPY_ERROR_CODES.sameProject);
  const target = await resolveProjectScope(ctx.db, actor.userId, actor.systemRoles, body.targetProjectId);
  if (!canCopySlidesInto(target.permissions)) throw forbidden(SLIDE_COPY_TEXTS.targetNotAllowed);
  if (body.copyAnnotations && !canCopyAnnotations(project.permissions, target.permissions))
    throw forbidden(SLIDE_COPY_TEXTS.annotationsNotAllowed);
  const slideIds = [...new Set(body.slideIds)];
  const found = await findProjectSlideIds(ctx.db, project.id, slideIds);
  const missing = slideIds.find((id) => !found.has(id));
  if (missing) throw notFound(SLIDE_COPY_TEXTS.slideNotInProject(missing), ERROR_CODES.slideNotFound);
  const job = await ctx.jobs.enqueue(
    'copy-slides',
    {
      projectId: project.id,
      targetProjectId: target.id,
      slideIds,
      copyProjectMetadata: body.copyProjectMetadata,
      copyAnnotations: body.copyAnnotations,
      userId: actor.userId,
    },
    { projectId: project.id, createdBy: actor.userId },
  );
  return { jobId: job.id };
}
