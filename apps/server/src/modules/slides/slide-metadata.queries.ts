/**
 * Writing slide metadata: the typed columns of `slides` and, for lists and assays, their side-table rows
 * (slide_values, slide_assays), which the grid's set filters read through indexes. Values arrive by field
 * name, already normalized and checked (packages/domain cell-value.ts).
 */
import { formatAssayMarkers, MULTI_VALUE_FIELDS, type AssayChannel } from '@tessera/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../db/dialect.ts';
import { SLIDE_GRID_SOURCE } from './slide-grid.source.ts';

export type SlideMetadata = Record<string, unknown>;

/** The values with an id given to every assay channel that has none (new channels). */
export function withAssayIds(values: SlideMetadata): SlideMetadata {
  if (!Array.isArray(values.assays)) return values;
  return {
    ...values,
    assays: (values.assays as AssayChannel[]).map((a) => (a.id ? a : { ...a, id: newId() })),
  };
}

/** The `slides` column values for the given fields (lists as JSON text, booleans as 1/0). */
export function metadataColumns(values: SlideMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const column = SLIDE_GRID_SOURCE.columns.get(field);
    if (!column || column.kind === 'none') throw new Error(`No column for the field '${field}'`);
    if (column.kind === 'list') out[column.column] = JSON.stringify(value ?? []);
    else if (column.kind === 'assays') {
      const assays = (value ?? []) as AssayChannel[];
      out.assays = JSON.stringify(assays);
      out.assay_markers_formatted = assays.length ? formatAssayMarkers(assays) : null;
    } else if (column.kind === 'bool')
      out[column.column] = value === null || value === undefined ? null : value ? 1 : 0;
    else out[column.column] = value ?? null;
  }
  return out;
}

/**
 * Inserts a slide whose file is not stored (metadata only: the demo's synthetic rows, test fixtures) with
 * an image row of its own, and its metadata (checked already) with the side-table rows; answers its id.
 */
export async function insertMetadataSlide(
  db: Db,
  slide: {
    projectId: string;
    fileName: string;
    checksum: string;
    format: string;
    status?: string;
    createdBy: string | null;
    values: SlideMetadata;
  },
): Promise<string> {
  const id = newId();
  const imageId = newId();
  const now = nowIso();
  await db
    .insertInto('images')
    .values({
      id: imageId,
      checksum: slide.checksum,
      size: 0,
      storage_paths: '[]',
      format: slide.format,
      image_info: '{}',
      created_at: now,
    })
    .execute();
  const values = withAssayIds(slide.values);
  await db
    .insertInto('slides')
    .values({
      id,
      project_id: slide.projectId,
      image_id: imageId,
      file_name: slide.fileName,
      file_extension: slide.fileName.includes('.') ? slide.fileName.split('.').pop()! : '',
      checksum: slide.checksum,
      name: slide.fileName.replace(/\.[^.]+$/, ''),
      ...(slide.status ? { status: slide.status } : {}),
      created_at: now,
      created_by: slide.createdBy,
      updated_at: now,
      ...metadataColumns(values),
    })
    .execute();
  await writeSideRows(db, slide.projectId, [{ id, values }]);
  return id;
}

/**
 * Sets metadata (checked already) on an existing slide and replaces its side-table rows, whatever it held:
 * for seeding (the demo's registered slides), not for edits, which go through updateSlideRows.
 */
export async function setSlideMetadata(
  db: Db,
  projectId: string,
  id: string,
  metadata: SlideMetadata,
): Promise<void> {
  const values = withAssayIds(metadata);
  await db
    .updateTable('slides')
    .set({ ...metadataColumns(values), updated_at: nowIso() })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .execute();
  await writeSideRows(db, projectId, [{ id, values }]);
}

/** Rows per multi-row statement: far below both databases' limits on parameters (11 columns × 400). */
const ROWS_PER_STATEMENT = 400;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Replaces the side-table rows of the lists and assays among each slide's values (ids given:
 * withAssayIds): a delete and a multi-row insert per field for all the slides at once, so a CSV import of
 * thousands of slides costs a few dozen statements rather than several per slide.
 */
export async function writeSideRows(
  db: Db,
  projectId: string,
  slides: readonly { id: string; values: SlideMetadata }[],
): Promise<void> {
  for (const field of MULTI_VALUE_FIELDS) {
    const changed = slides.filter((s) => field in s.values);
    for (const part of chunks(changed, ROWS_PER_STATEMENT)) {
      await db
        .deleteFrom('slide_values')
        .where('field', '=', field)
        .where(
          'slide_id',
          'in',
          part.map((s) => s.id),
        )
        .execute();
    }
    const rows = changed.flatMap((s) =>
      [...new Set((s.values[field] ?? []) as string[])].map((value) => ({
        slide_id: s.id,
        project_id: projectId,
        field,
        value,
      })),
    );
    for (const part of chunks(rows, ROWS_PER_STATEMENT))
      await db.insertInto('slide_values').values(part).execute();
  }
  const withAssays = slides.filter((s) => 'assays' in s.values);
  for (const part of chunks(withAssays, ROWS_PER_STATEMENT)) {
    await db
      .deleteFrom('slide_assays')
      .where(
        'slide_id',
        'in',
        part.map((s) => s.id),
      )
      .execute();
  }
  const rows = withAssays.flatMap((s) =>
    ((s.values.assays ?? []) as AssayChannel[]).map((a) => ({
      slide_id: s.id,
      project_id: projectId,
      channel: a.channel,
      id: a.id!,
      marker: a.marker,
      chromogen_fluorophores: a.chromogenFluorophores ?? null,
      primary_antibody: a.primaryAntibody ?? null,
      secondary_antibody: a.secondaryAntibody ?? null,
      qc_pass:
        a.qcSlideChannelPass === undefined || a.qcSlideChannelPass === null
          ? null
          : a.qcSlideChannelPass
            ? 1
            : 0,
      qc_comment: a.qcSlideChannelComment ?? null,
      qc_freetext: a.qcSlideChannelFreetext ?? null,
    })),
  );
  for (const part of chunks(rows, ROWS_PER_STATEMENT))
    await db.insertInto('slide_assays').values(part).execute();
}

/** A slide's new column values, written only if it still has the updatedAt it was read at (`from`). */
export interface SlideRowUpdate {
  id: string;
  from: string;
  to: string;
  columns: Record<string, unknown>;
}

/**
 * Updates slide rows; answers the ids it updated (a slide changed since it was read is left out). SQLite
 * runs one UPDATE per slide in-process; PostgreSQL one per group of slides changing the same columns, the
 * rows travelling as JSON typed by the table itself (json_populate_recordset), because a round trip per
 * slide made a 10,000-line import take 8 s.
 */
export async function updateSlideRows(
  db: Db,
  dialect: Dialect,
  projectId: string,
  updates: readonly SlideRowUpdate[],
): Promise<Set<string>> {
  const updated = new Set<string>();
  if (dialect === 'sqlite') {
    for (const u of updates) {
      const result = await db
        .updateTable('slides')
        .set({ ...u.columns, updated_at: u.to })
        .where('id', '=', u.id)
        .where('project_id', '=', projectId)
        .where('updated_at', '=', u.from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) updated.add(u.id);
    }
    return updated;
  }
  const groups = new Map<string, SlideRowUpdate[]>();
  for (const u of updates) {
    const key = Object.keys(u.columns).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  for (const [key, group] of groups) {
    const columns = [...(key ? key.split(',') : []), 'updated_at'];
    for (const part of chunks(group, ROWS_PER_STATEMENT)) {
      const rows = JSON.stringify(part.map((u) => ({ ...u.columns, id: u.id, updated_at: u.to })));
      const read = JSON.stringify(Object.fromEntries(part.map((u) => [u.id, u.from])));
      const { rows: done } = await sql<{
        id: string;
      }>`UPDATE slides AS s SET ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`x.${c}`)}`))}
        FROM json_populate_recordset(NULL::slides, ${rows}::json) AS x
        WHERE s.id = x.id AND s.project_id = ${projectId} AND s.updated_at = (${read}::json ->> x.id)
        RETURNING s.id`.execute(db);
      for (const r of done) updated.add(r.id);
    }
  }
  return updated;
}
