/**
 * SQL of slides as images registered in projects: finding, registering and reading access. The metadata
 * columns are read and written by slide-rows.queries.ts and slide-metadata.queries.ts.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SlidesTable } from '../../db/schema.ts';

const columns = [
  'id',
  'project_id',
  'image_id',
  'file_name',
  'file_extension',
  'checksum',
  'name',
  'status',
  'created_at',
  'created_by',
  'updated_at',
] as const;

/** A slide's registration: its row of `slides` without the metadata columns. */
export type SlideRow = Pick<Selectable<SlidesTable>, (typeof columns)[number]>;

export async function findSlide(db: Db, projectId: string, slideId: string): Promise<SlideRow | undefined> {
  return db
    .selectFrom('slides')
    .select(columns)
    .where('project_id', '=', projectId)
    .where('id', '=', slideId)
    .executeTakeFirst();
}

/** The metadata the viewer shows with a slide: its block and its assays (JSON text). */
export async function findViewerFields(
  db: Db,
  projectId: string,
  slideId: string,
): Promise<{ block_id: string | null; assays: string } | undefined> {
  return db
    .selectFrom('slides')
    .select(['block_id', 'assays'])
    .where('project_id', '=', projectId)
    .where('id', '=', slideId)
    .executeTakeFirst();
}

export async function findSlideByChecksum(
  db: Db,
  projectId: string,
  checksum: string,
): Promise<SlideRow | undefined> {
  return db
    .selectFrom('slides')
    .select(columns)
    .where('project_id', '=', projectId)
    .where('checksum', '=', checksum)
    .executeTakeFirst();
}

/**
 * Whether the user may read a slide of this image somewhere: one lies in a project they are a member of,
 * or, with `isAnyProject` (system roles that see every project), in any project. Content addressing never
 * grants access (DESIGN §14): this is what lets a caller bring a known image into another project.
 */
export async function isImageReadableBy(
  db: Db,
  checksum: string,
  userId: string,
  isAnyProject: boolean,
): Promise<boolean> {
  let query = db.selectFrom('slides').select('slides.id').where('slides.checksum', '=', checksum);
  if (!isAnyProject)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_members')
          .select('project_members.user_id')
          .whereRef('project_members.project_id', '=', 'slides.project_id')
          .where('project_members.user_id', '=', userId),
      ),
    );
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Inserts the slide unless the project already holds one with its checksum (two uploads of one file at
 * once); answers the project's slide for the checksum either way, and whether this call created it.
 */
export async function insertSlideIfAbsent(
  db: Db,
  slide: SlideRow,
): Promise<{ row: SlideRow; created: boolean }> {
  const result = await db
    .insertInto('slides')
    .values(slide)
    .onConflict((oc) => oc.columns(['project_id', 'checksum']).doNothing())
    .executeTakeFirst();
  const created = Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  const row = await findSlideByChecksum(db, slide.project_id, slide.checksum);
  if (!row) throw new Error('Slide row vanished after insert');
  return { row, created };
}

/** The project id for a name key (the CLI names projects by name); undefined when there is none. */
export async function findProjectIdByNameKey(db: Db, nameKey: string): Promise<string | undefined> {
  return (await db.selectFrom('projects').select('id').where('name_key', '=', nameKey).executeTakeFirst())
    ?.id;
}

/** Of these ids, those that are slides of the project. */
export async function findProjectSlideIds(db: Db, projectId: string, slideIds: readonly string[]) {
  const found = new Set<string>();
  // Chunks keep each IN list within the databases' bound-parameter limits.
  for (let i = 0; i < slideIds.length; i += 1000) {
    const rows = await db
      .selectFrom('slides')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', slideIds.slice(i, i + 1000))
      .execute();
    rows.forEach((r) => found.add(r.id));
  }
  return found;
}
