/** SQL of copying slides between projects: the slide row with its side rows, and the classes sets need. */
import type { Db } from '../../db/database.ts';

/** The source slide's row as stored (every column), or undefined when the project has no such slide. */
export async function findSlideRow(db: Db, projectId: string, slideId: string) {
  return db
    .selectFrom('slides')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', slideId)
    .executeTakeFirst();
}

export type StoredSlide = NonNullable<Awaited<ReturnType<typeof findSlideRow>>>;

/** The target project's slide of this file (slides are unique per project and checksum). */
export async function findSlideIdByChecksum(db: Db, projectId: string, checksum: string) {
  const row = await db
    .selectFrom('slides')
    .select('id')
    .where('project_id', '=', projectId)
    .where('checksum', '=', checksum)
    .executeTakeFirst();
  return row?.id;
}

export async function insertSlideRow(db: Db, row: StoredSlide): Promise<void> {
  await db.insertInto('slides').values(row).execute();
}

/**
 * Copies the slide's list values, assay channels and the values of project fields the target project
 * also has (same name and type) onto the new slide.
 */
export async function copySideRows(
  db: Db,
  from: { slideId: string; projectId: string },
  to: { slideId: string; projectId: string },
): Promise<void> {
  const values = await db
    .selectFrom('slide_values')
    .selectAll()
    .where('slide_id', '=', from.slideId)
    .execute();
  if (values.length > 0)
    await db
      .insertInto('slide_values')
      .values(values.map((v) => ({ ...v, slide_id: to.slideId, project_id: to.projectId })))
      .execute();
  const assays = await db
    .selectFrom('slide_assays')
    .selectAll()
    .where('slide_id', '=', from.slideId)
    .execute();
  if (assays.length > 0)
    await db
      .insertInto('slide_assays')
      .values(assays.map((a) => ({ ...a, slide_id: to.slideId, project_id: to.projectId })))
      .execute();
  const projectValues = await db
    .selectFrom('slide_project_values as v')
    .innerJoin('project_fields as f', (j) =>
      j.onRef('f.field_name', '=', 'v.field_name').on('f.project_id', '=', from.projectId),
    )
    .innerJoin('project_fields as t', (j) =>
      j
        .onRef('t.field_name', '=', 'v.field_name')
        .onRef('t.primary_type', '=', 'f.primary_type')
        .on('t.project_id', '=', to.projectId),
    )
    .select(['v.field_name', 'v.value_text', 'v.value_num'])
    .where('v.slide_id', '=', from.slideId)
    .execute();
  if (projectValues.length > 0)
    await db
      .insertInto('slide_project_values')
      .values(projectValues.map((v) => ({ ...v, slide_id: to.slideId, project_id: to.projectId })))
      .execute();
}

/**
 * Adds to the target project the source project's classes of these ids that it lacks, after its own
 * (a class the target has already keeps the target's name and colour).
 */
export async function addMissingClasses(
  db: Db,
  sourceProjectId: string,
  targetProjectId: string,
  classIds: readonly string[],
): Promise<void> {
  if (classIds.length === 0) return;
  const have = await db
    .selectFrom('annotation_classes')
    .select(['class_id', 'position'])
    .where('project_id', '=', targetProjectId)
    .execute();
  const known = new Set(have.map((c) => c.class_id));
  const missing = classIds.filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const source = await db
    .selectFrom('annotation_classes')
    .select(['class_id', 'name', 'color', 'type'])
    .where('project_id', '=', sourceProjectId)
    .where('class_id', 'in', missing)
    .orderBy('position')
    .execute();
  if (source.length === 0) return;
  const next = Math.max(-1, ...have.map((c) => c.position)) + 1;
  await db
    .insertInto('annotation_classes')
    .values(source.map((c, i) => ({ ...c, project_id: targetProjectId, position: next + i })))
    // Another copy into the project added one meanwhile: theirs stands.
    .onConflict((oc) => oc.columns(['project_id', 'class_id']).doNothing())
    .execute();
}
