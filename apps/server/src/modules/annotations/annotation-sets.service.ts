/**
 * Annotation sets (spec 2 §3, §5, §7; issue #13): the sets a project's slide shows, creating and
 * renaming them under the name rule, their versions, and the project's classes. A set is found through
 * the path's project: a set not linked to it answers 404 like a missing one.
 */
import { z } from 'zod';
import {
  ANNOTATION_SET_MESSAGES,
  ANNOTATION_VERSIONS_PAGE_SIZE,
  annotationSetNameSchema,
  type AnnotationClass,
} from '@tessera/domain';
import { ERROR_CODES, type AnnotationSet, type AnnotationSetVersion } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { isUniqueViolation, nowIso } from '../../db/dialect.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { SLIDE_ERROR_CODES, SLIDE_MESSAGES } from '../slides/slides.service.ts';
import * as q from './annotation-sets.queries.ts';
import { projectClasses } from './annotation-reads.ts';
import type { LinkedSet } from './annotation-writes.ts';

const StoredSize = z.object({ width: z.number().positive(), height: z.number().positive() });

/** The set, when the project sees it; 404 ANNOTATION_SET_NOT_FOUND otherwise. */
export async function linkedSetOf(db: Db, project: ProjectScope, setId: string): Promise<LinkedSet> {
  const row = await q.findLinkedSet(db, project.id, setId);
  if (!row) throw notFound(`Annotation set ${setId} not found`, ERROR_CODES.annotationSetNotFound);
  const size = StoredSize.safeParse(JSON.parse(row.image_info));
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    revision: row.items_revision,
    slideId: row.slide_id,
    imageSize: size.success ? { w: size.data.width, h: size.data.height } : null,
  };
}

/** The set, as `linkedSetOf`, with its lock taken for the caller's transaction (lockSet). */
export async function lockedSetOf(tx: Db, project: ProjectScope, setId: string): Promise<LinkedSet> {
  await q.lockSet(tx, setId);
  return linkedSetOf(tx, project, setId);
}

/**
 * The set, when the project sees it, to read in `version`: one the set has made (404 otherwise), or the
 * working state when undefined.
 */
export async function readableSetOf(
  db: Db,
  project: ProjectScope,
  setId: string,
  version: number | undefined,
): Promise<LinkedSet> {
  const set = await linkedSetOf(db, project, setId);
  if (version !== undefined && !(await q.hasVersion(db, set.id, version)))
    throw notFound(`Version ${version} not found for set`, ERROR_CODES.annotationVersionNotFound);
  return set;
}

async function slideOf(ctx: AppContext, project: ProjectScope, slideId: string) {
  const slide = await q.findSlideImage(ctx.db, project.id, slideId);
  if (!slide) throw notFound(SLIDE_MESSAGES.notFound(slideId), SLIDE_ERROR_CODES.notFound);
  return slide;
}

async function versionsOf(db: Db, setId: string, page: { offset: number; limit: number }) {
  const { rows, total } = await q.findVersions(db, setId, page);
  const collections = await q.findCollections(db, [setId]);
  const versions: AnnotationSetVersion[] = rows.map((row) => ({
    version: row.version,
    createdAt: row.created_at,
    createdBy: row.created_by,
    collections: collections.filter((c) => c.version === row.version).map((c) => ({ id: c.id, tag: c.tag })),
  }));
  return { versions, total };
}

export async function listSlideSets(
  ctx: AppContext,
  project: ProjectScope,
  slideId: string,
): Promise<AnnotationSet[]> {
  await slideOf(ctx, project, slideId);
  const sets = await q.findSlideSets(ctx.db, slideId);
  return Promise.all(
    sets.map(async (set) => ({
      id: set.id,
      name: set.name,
      annotationSetVersion: set.version,
      linkedProjectsCount: Number(set.linked_projects),
      versions: (await versionsOf(ctx.db, set.id, { offset: 0, limit: ANNOTATION_VERSIONS_PAGE_SIZE }))
        .versions,
    })),
  );
}

/** The spec 2 §5 name rule: 400 with the spec's words as the whole message. */
function checkedName(name: string | undefined): string {
  const parsed = annotationSetNameSchema.safeParse(name);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

const nameInUse = (name: string) =>
  conflict(ANNOTATION_SET_MESSAGES.nameInUse(name), ERROR_CODES.annotationSetNameInUse);

export async function createSet(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  slideId: string,
  typed: string | undefined,
): Promise<{ id: string; name: string }> {
  const name = checkedName(typed);
  const slide = await slideOf(ctx, project, slideId);
  const id = newId();
  try {
    await ctx.db.transaction().execute(async (tx) => {
      if (await q.isNameTaken(tx, slideId, name)) throw nameInUse(name);
      await q.insertSet(
        tx,
        { id, image_id: slide.image_id, name, created_by: actor.userId, created_at: nowIso() },
        { project_id: project.id, slide_id: slideId },
      );
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameInUse(name) : error;
  }
  return { id, name };
}

/** Renames the set everywhere it shows; the new name must be free on every slide it shows on. */
export async function renameSet(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  typed: string | undefined,
): Promise<{ id: string; name: string }> {
  const name = checkedName(typed);
  await linkedSetOf(ctx.db, project, setId);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      for (const slideId of await q.findSetSlides(tx, setId))
        if (await q.isNameTaken(tx, slideId, name, setId)) throw nameInUse(name);
      await q.renameSet(tx, setId, name, nowIso());
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameInUse(name) : error;
  }
  return { id: setId, name };
}

export async function createVersion(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
): Promise<{ version: number }> {
  await linkedSetOf(ctx.db, project, setId);
  const version = await ctx.db
    .transaction()
    .execute((tx) => q.makeVersion(tx, setId, actor.userId, nowIso()));
  return { version };
}

export async function listVersions(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  page: { page: number; pageSize: number },
) {
  await linkedSetOf(ctx.db, project, setId);
  if (page.page * page.pageSize > Number.MAX_SAFE_INTEGER) throw badRequest('The page is out of range');
  return versionsOf(ctx.db, setId, { offset: page.page * page.pageSize, limit: page.pageSize });
}

export async function getClasses(ctx: AppContext, project: ProjectScope) {
  const classes = await projectClasses(ctx.db, project.id);
  return {
    freehandClasses: classes.filter((c) => c.type === 'freehand'),
    cmaClasses: classes.filter((c) => c.type === 'cma'),
  };
}

export async function saveClasses(
  ctx: AppContext,
  project: ProjectScope,
  classes: readonly AnnotationClass[],
) {
  await ctx.db.transaction().execute((tx) =>
    q.replaceClasses(
      tx,
      project.id,
      classes.map((c) => ({ class_id: c.classId, name: c.name, color: c.color.toLowerCase(), type: c.type })),
    ),
  );
  return getClasses(ctx, project);
}
