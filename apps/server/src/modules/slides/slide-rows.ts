/**
 * Slide rows as the tables show them: every registry field by its name, lists parsed, booleans as
 * booleans, plus the row's editing flags (spec 1 §5) and the derived assayMarkersFormatted.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AssayChannel } from '@tessera/domain';
import { fromStored } from '../../grid/grid-query.ts';
import { SLIDE_GRID_SOURCE } from './slide-grid.source.ts';

type Row = Record<string, unknown>;

/** Row fields beside the registry's: the editing flags, the project and the derived markers text. */
const EXTRA_COLUMNS: [string, string][] = [
  ['projectId', 'project_id'],
  ['assayMarkersFormatted', 'assay_markers_formatted'],
  ['annotationSetId', 'annotation_set_id'],
  ['editableFields', 'editable_fields'],
  ['canEditSlideSpecificFields', 'can_edit_slide_fields'],
  ['canEditProjectSpecificFields', 'can_edit_project_fields'],
];

/** Fields always read, whatever the request's field list: the id and what editing needs. */
const ALWAYS = new Set(['id', 'updatedAt']);

/** The SELECT list of slide rows: the requested registry fields (default all), with the extra columns. */
export function slideSelect(fields?: readonly string[]): RawBuilder<unknown>[] {
  const wanted = fields ? new Set([...fields, ...ALWAYS]) : null;
  const columns = [...SLIDE_GRID_SOURCE.columns.values()].filter((c) => c.kind !== 'none' && (!wanted || wanted.has(c.field)));
  return [
    ...columns.map((c) => sql`${sql.ref(`slides.${c.column}`)} AS ${sql.ref(c.field)}`),
    ...EXTRA_COLUMNS.map(([field, column]) => sql`${sql.ref(`slides.${column}`)} AS ${sql.ref(field)}`),
  ];
}

/** A row as read by slideSelect, in its API shape. */
export function toSlideRow(stored: Row): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(stored)) {
    const column = SLIDE_GRID_SOURCE.columns.get(key);
    if (column?.kind === 'list' || column?.kind === 'assays') row[key] = JSON.parse(String(value ?? '[]')) as string[] | AssayChannel[];
    else if (column) row[key] = fromStored(column, value);
    else if (key === 'editableFields') row[key] = value === null ? null : (JSON.parse(String(value)) as string[]);
    else if (key === 'canEditSlideSpecificFields' || key === 'canEditProjectSpecificFields') row[key] = value === 1 || value === true;
    else row[key] = value;
  }
  return row;
}
