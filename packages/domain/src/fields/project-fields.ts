/**
 * Project-specific fields (spec 1 §3 isProjectSpecificField): columns a project adds to its slide table.
 * Their values belong to the project (a slide copied elsewhere does not take them), and they are edited
 * under the row's canEditProjectSpecificFields flag.
 */
import { COLUMN_GROUPS, type ColumnGroupId, type FieldDefinition, type PrimaryType } from './field-types.ts';
import { SLIDE_FIELDS } from './slide-fields.ts';

/** The kinds of values a project field may hold (single values; lists and images are not offered). */
export const PROJECT_FIELD_TYPES = [
  'string',
  'int',
  'uint',
  'float',
  'percentageUint',
  'percentageFloat',
  'bool',
  'stringUtcDate',
] as const satisfies readonly PrimaryType[];
export type ProjectFieldType = (typeof PROJECT_FIELD_TYPES)[number];

export const PROJECT_FIELD_NAME_PATTERN = /^[a-z][A-Za-z0-9]{0,39}$/;
export const MAX_PROJECT_FIELDS = 50;

export const PROJECT_FIELD_MESSAGES = {
  name: 'A field name starts with a lower-case letter and holds up to 40 letters and digits',
  taken: (name: string) => `The field name '${name}' is in use`,
  reserved: (name: string) => `The field name '${name}' is reserved`,
  tooMany: `A project has at most ${MAX_PROJECT_FIELDS} project fields`,
} as const;

export interface ProjectField {
  fieldName: string;
  headerName: string;
  primaryType: ProjectFieldType;
  group: ColumnGroupId;
}

/** Whether `name` can name a new project field: the pattern, and no fixed field of that name. */
export function checkProjectFieldName(name: string, existing: readonly string[]): string | null {
  if (!PROJECT_FIELD_NAME_PATTERN.test(name)) return PROJECT_FIELD_MESSAGES.name;
  // Names every JavaScript object answers (constructor, toString, …): a row without such a value would
  // show or export the inherited function. Rows are built without a prototype too (slide-rows.ts).
  if (name in Object.prototype) return PROJECT_FIELD_MESSAGES.reserved(name);
  if (
    SLIDE_FIELDS.some((f) => f.fieldName === name) ||
    existing.includes(name) ||
    name === 'updatedAt' ||
    name === 'projectId'
  )
    return PROJECT_FIELD_MESSAGES.taken(name);
  return null;
}

/**
 * The registry entry of a project field. Its values live in a side table: filters are index lookups there;
 * sorting and grouping by them are not offered.
 */
export function projectFieldDefinition(field: ProjectField): FieldDefinition {
  return {
    fieldName: field.fieldName,
    primaryType: field.primaryType,
    group: field.group in COLUMN_GROUPS ? field.group : 'studyInfo',
    headerName: field.headerName,
    allowEdit: true,
    isProjectSpecificField: true,
    suppressSort: true,
    enableRowGroup: false,
  };
}
