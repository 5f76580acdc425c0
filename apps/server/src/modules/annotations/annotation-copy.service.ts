/**
 * Queues a copy of a set's annotations to other slides of its block (spec 2 §4 "Annotation-copy wizard"):
 * checks what can be checked at once — the source set shows in the project, the name follows the rule,
 * every target is another slide of the project in the source slide's block — then hands the copy to the
 * copy-annotations job, whose result names the slides it could not copy to.
 */
import { annotationSetNameSchema } from '@tessera/domain';
import { ERROR_CODES, type annotationCopy, type RoutePart } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { badRequest } from '../../errors.ts';
import { linkedSetOf } from './annotation-sets.service.ts';
import { findSlideBlocks } from '../landmarks/landmarks.queries.ts';

export async function queueCopy(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  body: RoutePart<typeof annotationCopy.copyAnnotations, 'body'>,
): Promise<{ jobId: string }> {
  const source = await linkedSetOf(ctx.db, project, body.sourceSetId);
  const name = annotationSetNameSchema.safeParse(body.targetAnnotationSetName);
  if (!name.success) throw badRequest(name.error.issues[0]!.message);
  const targets = [...new Set(body.targetSlideIds)];
  const blocks = new Map(
    (await findSlideBlocks(ctx.db, project.id, [source.slideId, ...targets])).map((s) => [s.id, s.block_id]),
  );
  const block = blocks.get(source.slideId);
  for (const slideId of targets) {
    if (slideId === source.slideId) throw badRequest('The source slide cannot be a target of its own copy');
    if (!block || blocks.get(slideId) !== block)
      throw badRequest(
        `Slide ${slideId} is not a slide of block ${block ?? '(none)'} in this project`,
        ERROR_CODES.slideNotInBlock,
      );
  }
  const job = await ctx.jobs.enqueue(
    'copy-annotations',
    {
      projectId: project.id,
      sourceSetId: source.id,
      targetSetName: name.data,
      targetSlideIds: targets,
      classIds: body.annotationClassIds,
      skipIfTargetSetMissing: body.skipCopyIfTargetSetMissing,
      userId: actor.userId,
    },
    { projectId: project.id, createdBy: actor.userId },
  );
  return { jobId: job.id };
}
