/**
 * Linking a set into other projects (spec 2 §4 "Link wizard", §5 "Linking", §8): the candidates — every
 * project the caller sees with a slide of the set's image — and, for each, whether the caller may link
 * there (annotationsManage in that project: hasAccess), whether the set is linked, and whether a set of
 * the same name already shows on that slide. A link is a row; the set's annotations are shared.
 */
import { ANNOTATION_SET_MESSAGES, canSeeAllProjects, isProjectRole, permissionsOf } from '@tessera/domain';
import { ERROR_CODES, type annotationLinks } from '@tessera/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { isUniqueViolation, nowIso } from '../../db/dialect.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import * as q from './annotation-links.queries.ts';
import { linkedSetOf } from './annotation-sets.service.ts';
import { findLinkedSet } from './annotation-sets.queries.ts';

type LinkTarget = z.infer<typeof annotationLinks.LinkTarget>;

export const INSUFFICIENT_PERMISSION =
  'You have insufficient permission to link annotation sets in this project';

export async function listLinkTargets(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
): Promise<LinkTarget[]> {
  const set = await linkedSetOf(ctx.db, project, setId);
  const row = await findLinkedSet(ctx.db, project.id, set.id);
  const candidates = (await q.findImageSlides(ctx.db, row!.image_id, actor.userId)).filter(
    (c) => c.role !== null || canSeeAllProjects(actor.systemRoles),
  );
  const linked = new Set((await q.findLinks(ctx.db, set.id)).map((link) => link.project_id));
  const clashes = await q.findNameClashes(
    ctx.db,
    set.id,
    set.name,
    candidates.map((c) => c.slide_id),
  );
  return candidates.map((c) => ({
    projectId: c.project_id,
    projectName: c.project_name,
    slideId: c.slide_id,
    hasAccess: permissionsOf({
      systemRoles: actor.systemRoles,
      projectRole: c.role && isProjectRole(c.role) ? c.role : null,
      projectIsHome: c.is_home === 1,
    }).has('annotationsManage'),
    isSetLinked: linked.has(c.project_id),
    hasConflictingSetName: clashes.has(c.slide_id),
  }));
}

/** The target as the caller sees it; 404 when the project is not theirs to see or holds no slide of the image. */
async function targetOf(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  targetProjectId: string,
) {
  const target = (await listLinkTargets(ctx, project, actor, setId)).find(
    (t) => t.projectId === targetProjectId,
  );
  if (!target)
    throw notFound(
      `Project ${targetProjectId} has no slide of this set's image`,
      ERROR_CODES.projectNotFound,
    );
  if (!target.hasAccess) throw forbidden(INSUFFICIENT_PERMISSION);
  return target;
}

export async function linkSet(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  targetProjectId: string,
) {
  const target = await targetOf(ctx, project, actor, setId, targetProjectId);
  const set = await linkedSetOf(ctx.db, project, setId);
  if (target.isSetLinked) return { projectId: target.projectId, slideId: target.slideId };
  const inUse = conflict(ANNOTATION_SET_MESSAGES.nameInUse(set.name), ERROR_CODES.annotationSetNameInUse);
  if (target.hasConflictingSetName) throw inUse;
  try {
    await q.insertLink(ctx.db, {
      set_id: set.id,
      project_id: target.projectId,
      slide_id: target.slideId,
      name: set.name,
      linked_at: nowIso(),
    });
  } catch (error) {
    // Another request linked a set of this name (or this set) meanwhile: the unique indexes refused it.
    if (isUniqueViolation(error)) throw inUse;
    throw error;
  }
  return { projectId: target.projectId, slideId: target.slideId };
}

export async function unlinkSet(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  targetProjectId: string,
) {
  const target = await targetOf(ctx, project, actor, setId, targetProjectId);
  if (!target.isSetLinked)
    throw notFound(ANNOTATION_SET_MESSAGES.notOnSlide, ERROR_CODES.annotationSetNotFound);
  await ctx.db.transaction().execute(async (tx) => {
    if ((await q.findLinks(tx, setId)).length <= 1)
      throw conflict(ANNOTATION_SET_MESSAGES.onlyLinkedProject, ERROR_CODES.annotationSetOnlyLink);
    await q.deleteLink(tx, setId, targetProjectId);
  });
  return { projectId: targetProjectId };
}
