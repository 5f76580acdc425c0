/**
 * The slide table as a grid source: each field of the registry (packages/domain slide-fields.ts) with its
 * column of `slides` (the field name in snake case) and how it is stored, filtered, sorted and grouped.
 */
import {
  describeField,
  filterKindOf,
  projectFieldDefinition,
  SLIDE_FIELDS,
  type FieldDefinition,
  type ProjectField,
} from '@tessera/domain';
import type { ColumnKind, GridColumn, GridSource } from '../../grid/grid-source.ts';
import { TRIGRAM_COLUMNS_0009 } from '../../db/migrations/20261123_0009_slide_metadata.ts';

/** Text columns with a trigram index (the ones migration 0009 made): 'contains' filters and the global search. */
const TRIGRAM_COLUMNS: ReadonlySet<string> = new Set(TRIGRAM_COLUMNS_0009);

export const columnName = (fieldName: string): string =>
  fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function kindOf(field: FieldDefinition): ColumnKind {
  if (field.fieldName === 'assays') return 'assays';
  switch (field.primaryType) {
    case 'int':
    case 'uint':
    case 'float':
    case 'percentageUint':
    case 'percentageFloat':
      return 'number';
    case 'bool':
      return 'bool';
    case 'stringUtcDate':
      return 'date';
    case 'stringUtcDateTime':
      return 'datetime';
    case 'array':
      return 'list';
    case 'image':
      return 'none';
    default:
      return 'text';
  }
}

export function gridColumnOf(field: FieldDefinition): GridColumn {
  const kind = kindOf(field);
  const column = columnName(field.fieldName);
  // Vocabulary fields filter by set; the descriptor's allowed values only decide that here.
  const filter = filterKindOf(describeField(field, field.vocabulary ? [] : null));
  return {
    field: field.fieldName,
    kind,
    column,
    filter,
    sortable: !field.suppressSort && kind !== 'none' && kind !== 'list',
    groupable: field.enableRowGroup === true && kind !== 'list' && kind !== 'assays' && kind !== 'none',
    trigram: TRIGRAM_COLUMNS.has(column),
    ...(kind === 'list' ? { listKey: field.fieldName } : {}),
  };
}

export const SLIDE_GRID_SOURCE: GridSource = {
  table: 'slides',
  ftsTable: 'slides_fts',
  valuesTable: 'slide_values',
  assaysTable: 'slide_assays',
  projectValuesTable: 'slide_project_values',
  columns: new Map(SLIDE_FIELDS.map((f) => [f.fieldName, gridColumnOf(f)])),
  searchColumns: [
    'id',
    'file_name',
    'name',
    'block_id',
    'assay_markers_formatted',
    'study_id',
    'acronym',
    'patient_id',
  ],
  hasColumnStore: true,
};

/** The slide source of a project: the fixed fields and the project's own (values in slide_project_values). */
export function slideGridSourceFor(projectFields: readonly ProjectField[]): GridSource {
  if (projectFields.length === 0) return SLIDE_GRID_SOURCE;
  const columns = new Map(SLIDE_GRID_SOURCE.columns);
  for (const field of projectFields) {
    const column = gridColumnOf(projectFieldDefinition(field));
    const isText = field.primaryType === 'string' || field.primaryType === 'stringUtcDate';
    columns.set(field.fieldName, {
      ...column,
      column: '',
      trigram: false,
      projectValue: isText ? 'value_text' : 'value_num',
    });
  }
  return { ...SLIDE_GRID_SOURCE, columns };
}
