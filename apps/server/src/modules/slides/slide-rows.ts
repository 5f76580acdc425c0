/**
 * Slide rows as the tables show them: every registry field by its name, lists parsed, booleans as
 * booleans, plus the row's editing flags (spec 1 §5) and the derived assayMarkersFormatted.
 */
import type { AssayChannel } from '@tessera/domain';
import { fromStored, type SelectColumn } from '../../grid/grid-source.ts';
import { SLIDE_GRID_SOURCE } from './slide-grid.source.ts';

type Row = Record<string, unknown>;

/** The key under which slideSelect reads a row's image id. */
export const IMAGE_ID = '_imageId';

/** Row fields beside the registry's: the editing flags, the project and the derived markers text. */
const EXTRA_COLUMNS: [string, string][] = [
  ['projectId', 'project_id'],
  ['assayMarkersFormatted', 'assay_markers_formatted'],
  ['annotationSetId', 'annotation_set_id'],
  ['editableFields', 'editable_fields'],
  ['canEditSlideSpecificFields', 'can_edit_slide_fields'],
  ['canEditProjectSpecificFields', 'can_edit_project_fields'],
  // Not part of the answer: the Label column's picture is found by it (slide-labels.queries.ts
  // withLabelImages clears it), which spares a query per block of rows.
  [IMAGE_ID, 'image_id'],
];

/** Fields always read, whatever the request's field list: the id and what editing needs. */
const ALWAYS = new Set(['id', 'updatedAt']);

/** The SELECT list of slide rows: the requested registry fields (default all), with the extra columns. */
export function slideSelect(fields?: readonly string[]): SelectColumn[] {
  const wanted = fields ? new Set([...fields, ...ALWAYS]) : null;
  const columns = [...SLIDE_GRID_SOURCE.columns.values()].filter(
    (c) => c.kind !== 'none' && (!wanted || wanted.has(c.field)),
  );
  return [
    ...columns.map((c) => ({ column: c.column, as: c.field })),
    ...EXTRA_COLUMNS.map(([as, column]) => ({ column, as })),
  ];
}

/**
 * The fields whose stored form differs from their API form, with the conversion: lists and assays from
 * JSON text, booleans from 1/0, numbers from PostgreSQL's numeric text, the editing flags. Every other
 * field is passed on as read.
 */
const CONVERSIONS: [string, (value: unknown) => unknown][] = [
  ...[...SLIDE_GRID_SOURCE.columns.values()].flatMap((column): [string, (value: unknown) => unknown][] => {
    if (column.kind === 'list' || column.kind === 'assays')
      return [[column.field, (v) => JSON.parse(String(v ?? '[]')) as string[] | AssayChannel[]]];
    if (column.kind === 'bool' || column.kind === 'number')
      return [[column.field, (v) => fromStored(column, v)]];
    return [];
  }),
  ['editableFields', (v) => (v === null || v === undefined ? null : (JSON.parse(String(v)) as string[]))],
  ['canEditSlideSpecificFields', (v) => v === 1 || v === true],
  ['canEditProjectSpecificFields', (v) => v === 1 || v === true],
];

/**
 * A row as read by slideSelect, in its API shape: converted in place, which keeps the driver's row
 * object (and its fast property layout) rather than building a new one key by key.
 */
export function toSlideRow(stored: Row): Row {
  for (const [field, convert] of CONVERSIONS) if (field in stored) stored[field] = convert(stored[field]);
  return stored;
}

/**
 * A slide row with its project-field values, as an object without a prototype: field names come from
 * data, and a row lacking a value for a field named like an Object.prototype member (`constructor`)
 * must read as missing, not as the inherited function (DESIGN §14). The driver's row loses its prototype
 * and takes the values in place: a copy into `Object.create(null)` is a dictionary-mode object, which
 * doubled the time to build and stringify a 100-row grid block (`npm run bench -- load`).
 */
export function rowWithValues(row: Row, values: Row | undefined): Row {
  Object.setPrototypeOf(row, null);
  return values ? Object.assign(row, values) : row;
}

/** Clears the image id slideSelect read (undefined, not deleted: a delete would slow the row object down). */
export function withoutImageId(row: Row): void {
  if (IMAGE_ID in row) row[IMAGE_ID] = undefined;
}
