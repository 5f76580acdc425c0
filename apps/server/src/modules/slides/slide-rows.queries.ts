/**
 * Slide rows as the tables read them (slide-rows.ts says which columns and how they convert), and the
 * row state a batch edit checks: the concurrency stamp, the editing flags and the linked fields.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SelectColumn } from '../../grid/grid-source.ts';

type Row = Record<string, unknown>;

const selectList = (select: readonly SelectColumn[]): RawBuilder<unknown> =>
  sql.join(select.map((c) => sql`${sql.ref(`slides.${c.column}`)} AS ${sql.ref(c.as)}`));

/** The slides of these ids, by file name. */
export async function findSlideRows(
  db: Db,
  projectId: string,
  ids: readonly string[],
  select: readonly SelectColumn[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<Row>`SELECT ${selectList(select)} FROM slides
    WHERE slides.project_id = ${projectId} AND slides.id IN (${sql.join([...ids])})
    ORDER BY slides.file_name, slides.id`.execute(db);
  return rows;
}

/** A page of the project's slides by file name, and how many it holds. */
export async function findSlideRowsPage(
  db: Db,
  projectId: string,
  select: readonly SelectColumn[],
  page: { offset: number; limit: number },
): Promise<{ rows: Row[]; total: number }> {
  const [{ rows }, total] = await Promise.all([
    sql<Row>`SELECT ${selectList(select)} FROM slides WHERE slides.project_id = ${projectId}
      ORDER BY slides.file_name, slides.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    countSlides(db, projectId),
  ]);
  return { rows, total };
}

export async function countSlides(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('slides')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a batch edit checks of each slide before it writes. */
export async function findEditStates(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('slides')
    .select([
      'id',
      'file_name',
      'updated_at',
      'editable_fields',
      'can_edit_slide_fields',
      'can_edit_project_fields',
      'indication_v2',
      'indication_subtype_v2',
      'assays',
    ])
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes the slides of these ids in one statement; how many there were. */
export async function deleteSlideRows(db: Db, projectId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('slides')
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
