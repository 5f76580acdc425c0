/**
 * What a column store reads from the database: the project's change version and log (migration 0012),
 * its slide ids, one column in the database's order, a list column with its values' order, and the
 * current values of changed slides. Column names come from the grid source, never from a request.
 */
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { StoredValue } from './columns.ts';

/** How a store column is read: a scalar column of `slides`, or a JSON list column with its side table. */
export type ColumnSpec =
  | { kind: 'scalar'; column: string }
  | {
      kind: 'list';
      column: string;
      side: { table: 'slide_values'; field: string } | { table: 'slide_assays' };
    };

export const specKey = (spec: ColumnSpec): string => `${spec.kind}:${spec.column}`;

/** Read before every answer: remembered until any data changes (db/prepared.ts), so a quiet database costs no round trip. */
const versionRow = preparedQuery((db, a: { projectId: string }) =>
  db.selectFrom('grid_versions').select('version').where('project_id', '=', a.projectId),
);

export async function readVersion(db: Db, projectId: string): Promise<number> {
  const row = await versionRow.first(db, { projectId });
  return row ? Number(row.version) : 0;
}

/** The slides changed after `since` up to `until`, and the lowest version logged in that span (a gap means pruned). */
export async function readChanges(
  db: Db,
  projectId: string,
  since: number,
  until: number,
): Promise<{ firstVersion: number | null; slideIds: string[] }> {
  const rows = await db
    .selectFrom('grid_changes')
    .select(['version', 'slide_id'])
    .where('project_id', '=', projectId)
    .where('version', '>', since)
    .where('version', '<=', until)
    .orderBy('version')
    .execute();
  return {
    firstVersion: rows.length ? Number(rows[0]!.version) : null,
    slideIds: [...new Set(rows.map((r) => r.slide_id))],
  };
}

/** Forgets changes logged before `before` (epoch seconds); a store older than that reloads. */
export async function pruneChanges(db: Db, before: number): Promise<void> {
  await db.deleteFrom('grid_changes').where('changed_at', '<', before).execute();
}

export async function readSlideIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.selectFrom('slides').select('id').where('project_id', '=', projectId).execute();
  return rows.map((r) => r.id);
}

/** Every slide's value of a scalar column, in the database's ORDER BY of it, nulls first. */
export async function readScalarColumn(
  db: Db,
  dialect: Dialect,
  projectId: string,
  column: string,
): Promise<{ id: string; v: StoredValue | null }[]> {
  const col = sql.ref(`slides.${column}`);
  const { rows } = await sql<{
    id: string;
    v: StoredValue | null;
  }>`SELECT slides.id AS id, ${col} AS v FROM slides
    WHERE slides.project_id = ${projectId} ORDER BY ${col} ${dialect === 'postgres' ? sql`ASC NULLS FIRST` : sql`ASC`}`.execute(
    db,
  );
  return rows;
}

/** Every slide's list (parsed from its JSON column), and the list's distinct values in the database's order. */
export async function readListColumn(
  db: Db,
  projectId: string,
  spec: Extract<ColumnSpec, { kind: 'list' }>,
): Promise<{ rows: { id: string; values: string[] }[]; dictionary: string[] }> {
  const { rows } = await sql<{
    id: string;
    v: string | null;
  }>`SELECT slides.id AS id, ${sql.ref(`slides.${spec.column}`)} AS v FROM slides WHERE slides.project_id = ${projectId}`.execute(
    db,
  );
  const dictionary =
    spec.side.table === 'slide_values'
      ? await db
          .selectFrom('slide_values')
          .select('value')
          .distinct()
          .where('project_id', '=', projectId)
          .where('field', '=', spec.side.field)
          .orderBy('value')
          .execute()
      : await db
          .selectFrom('slide_assays')
          .select('marker as value')
          .distinct()
          .where('project_id', '=', projectId)
          .orderBy('marker')
          .execute();
  return {
    rows: rows.map((r) => ({ id: r.id, values: listValues(spec, r.v) })),
    dictionary: dictionary.map((d) => d.value),
  };
}

/** The current values of `columns` for the given slides (those no longer in the project are left out). */
export async function readSlides(
  db: Db,
  projectId: string,
  ids: readonly string[],
  columns: readonly string[],
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${sql.join([sql.ref('slides.id'), ...columns.map((c) => sql.ref(`slides.${c}`))])}
      FROM slides WHERE slides.project_id = ${projectId} AND slides.id IN (${sql.join(chunk)})`.execute(db);
    out.push(...rows);
  }
  return out;
}

/** The values of a JSON list column: the strings (drugIds…), or the markers of assay channels. */
export function listValues(spec: Extract<ColumnSpec, { kind: 'list' }>, json: unknown): string[] {
  const parsed = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  if (!Array.isArray(parsed)) return [];
  if (spec.side.table === 'slide_assays')
    return parsed.flatMap((a: { marker?: unknown }) => (typeof a?.marker === 'string' ? [a.marker] : []));
  return parsed.filter((v): v is string => typeof v === 'string');
}
