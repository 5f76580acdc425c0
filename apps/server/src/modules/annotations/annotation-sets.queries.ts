/**
 * SQL of annotation sets, their links, versions and classes (migration 0021). Only this file and
 * annotation-items.queries.ts talk to the annotation tables.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isSqlite } from '../../db/dialect.ts';

export interface SetRow {
  id: string;
  image_id: string;
  name: string;
  version: number;
  created_at: string;
}

/** The slide of the project with its image (null when the project has no such slide). */
export async function findSlideImage(
  db: Db,
  projectId: string,
  slideId: string,
): Promise<{ id: string; image_id: string; image_info: string } | undefined> {
  return db
    .selectFrom('slides')
    .innerJoin('images', 'images.id', 'slides.image_id')
    .select(['slides.id', 'slides.image_id', 'images.image_info'])
    .where('slides.project_id', '=', projectId)
    .where('slides.id', '=', slideId)
    .executeTakeFirst();
}

/** The set as the project sees it (through its link), with the slide it shows on. */
export async function findLinkedSet(
  db: Db,
  projectId: string,
  setId: string,
): Promise<(SetRow & { items_revision: number; slide_id: string; image_info: string }) | undefined> {
  return db
    .selectFrom('annotation_set_links as l')
    .innerJoin('annotation_sets as s', 's.id', 'l.set_id')
    .innerJoin('images as i', 'i.id', 's.image_id')
    .select([
      's.id',
      's.image_id',
      's.name',
      's.version',
      's.items_revision',
      's.created_at',
      'l.slide_id',
      'i.image_info',
    ])
    .where('l.project_id', '=', projectId)
    .where('l.set_id', '=', setId)
    .executeTakeFirst();
}

/** The sets shown on a slide, by name, with how many projects each is linked to. */
export async function findSlideSets(
  db: Db,
  slideId: string,
): Promise<(SetRow & { linked_projects: number })[]> {
  return db
    .selectFrom('annotation_set_links as l')
    .innerJoin('annotation_sets as s', 's.id', 'l.set_id')
    .select(['s.id', 's.image_id', 's.name', 's.version', 's.created_at'])
    .select((eb) =>
      eb
        .selectFrom('annotation_set_links as all_links')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('all_links.set_id', '=', 's.id')
        .as('linked_projects'),
    )
    .where('l.slide_id', '=', slideId)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute() as Promise<(SetRow & { linked_projects: number })[]>;
}

/** Whether a set of this name shows on the slide (other than `exceptSetId`). */
export async function isNameTaken(
  db: Db,
  slideId: string,
  name: string,
  exceptSetId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('annotation_set_links')
    .select('set_id')
    .where('slide_id', '=', slideId)
    .where('name', '=', name);
  if (exceptSetId) query = query.where('set_id', '<>', exceptSetId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSet(
  db: Db,
  set: { id: string; image_id: string; name: string; created_by: string; created_at: string },
  link: { project_id: string; slide_id: string },
): Promise<void> {
  await db
    .insertInto('annotation_sets')
    .values({
      ...set,
      updated_at: set.created_at,
      // SQLite has one writer at a time, so the next key is free (migration 0023).
      spatial_key: isSqlite(db)
        ? sql<number>`(SELECT coalesce(max(spatial_key), 0) + 1 FROM annotation_sets)`
        : null,
    })
    .execute();
  await db
    .insertInto('annotation_set_links')
    .values({ set_id: set.id, ...link, name: set.name, linked_at: set.created_at })
    .execute();
}

/** Renames the set and every link of it; the slides it shows on, to check the name is free on each. */
export async function renameSet(db: Db, setId: string, name: string, at: string): Promise<void> {
  await db.updateTable('annotation_sets').set({ name, updated_at: at }).where('id', '=', setId).execute();
  await db.updateTable('annotation_set_links').set({ name }).where('set_id', '=', setId).execute();
}

export async function findSetSlides(db: Db, setId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('annotation_set_links')
    .select('slide_id')
    .where('set_id', '=', setId)
    .execute();
  return rows.map((row) => row.slide_id);
}

/**
 * Makes a version of the set as it is: records the working version as made and moves the working
 * version on, in one statement each — nothing is copied (migration 0021). Answers the version made.
 */
export async function makeVersion(db: Db, setId: string, userId: string, at: string): Promise<number> {
  const { version } = await db
    .updateTable('annotation_sets')
    .set({ version: sql`version + 1`, updated_at: at })
    .where('id', '=', setId)
    .returning(sql<number>`version - 1`.as('version'))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('annotation_set_versions')
    .values({ set_id: setId, version, created_by: userId, created_at: at })
    .execute();
  return version;
}

export interface VersionRow {
  set_id: string;
  version: number;
  created_at: string;
  created_by: string | null;
}

/** Versions of the sets, newest first; `limit` per call (a page of one set, or the newest of several). */
export async function findVersions(
  db: Db,
  setId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: VersionRow[]; total: number }> {
  const rows = await db
    .selectFrom('annotation_set_versions')
    .select(['set_id', 'version', 'created_at', 'created_by'])
    .where('set_id', '=', setId)
    .orderBy('version', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { total } = await db
    .selectFrom('annotation_set_versions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('set_id', '=', setId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** The collections (tags) of these versions of a set. */
export async function findCollections(
  db: Db,
  setIds: readonly string[],
): Promise<{ id: string; set_id: string; version: number; tag: string }[]> {
  if (setIds.length === 0) return [];
  return db
    .selectFrom('annotation_version_collections')
    .select(['id', 'set_id', 'version', 'tag'])
    .where('set_id', 'in', [...setIds])
    .orderBy('tag')
    .execute();
}

/** Whether the set has this version (made, not the working one). */
export async function hasVersion(db: Db, setId: string, version: number): Promise<boolean> {
  const row = await db
    .selectFrom('annotation_set_versions')
    .select('version')
    .where('set_id', '=', setId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findClasses(db: Db, projectId: string) {
  return db
    .selectFrom('annotation_classes')
    .select(['class_id', 'name', 'color', 'type'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
}

/** Replaces the project's classes, in the order given. */
export async function replaceClasses(
  db: Db,
  projectId: string,
  classes: readonly { class_id: string; name: string; color: string; type: string }[],
): Promise<void> {
  await db.deleteFrom('annotation_classes').where('project_id', '=', projectId).execute();
  await db
    .insertInto('annotation_classes')
    .values(classes.map((c, position) => ({ ...c, project_id: projectId, position })))
    .execute();
}

/**
 * Takes the set's row lock for the rest of the transaction, counting one more revision of its items:
 * edits of one set, and making its versions, run one after another, so an edit never writes into a
 * version made meanwhile and two edits of one annotation never both close its row (SQLite has one writer
 * at a time already). Every write of a set's items takes it first, so a changed revision is how a
 * reader knows the working state changed (annotation-buffers.ts).
 */
export async function lockSet(db: Db, setId: string): Promise<void> {
  await db
    .updateTable('annotation_sets')
    .set({ items_revision: sql`items_revision + 1` })
    .where('id', '=', setId)
    .execute();
}

/** The sets these slides show (before the slides go: their links go with them). */
export async function findSetsOnSlides(db: Db, slideIds: readonly string[]): Promise<string[]> {
  if (slideIds.length === 0) return [];
  const rows = await db
    .selectFrom('annotation_set_links')
    .select('set_id')
    .distinct()
    .where('slide_id', 'in', [...slideIds])
    .execute();
  return rows.map((row) => row.set_id);
}

/**
 * Deletes those of these sets that no longer show anywhere (their last linked slide was deleted), with
 * their items, versions and tags: nothing could reach them again.
 */
export async function deleteUnlinkedSets(db: Db, setIds: readonly string[]): Promise<void> {
  if (setIds.length === 0) return;
  await db
    .deleteFrom('annotation_sets')
    .where('id', 'in', [...setIds])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('annotation_set_links')
            .select('set_id')
            .whereRef('annotation_set_links.set_id', '=', 'annotation_sets.id'),
        ),
      ),
    )
    .execute();
}
