/**
 * Field descriptors (spec 1 §3): one per grid column, served per table id. The registry of the fixed
 * fields is in slide-fields.ts; controlled vocabularies (allowed values) and project-specific fields come
 * from the database and are merged in by the server.
 */

export const PRIMARY_TYPES = [
  'string',
  'int',
  'uint',
  'float',
  'percentageUint',
  'percentageFloat',
  'bool',
  'array',
  'list',
  'image',
  'stringUtcDate',
  'stringUtcDateTime',
] as const;
export type PrimaryType = (typeof PRIMARY_TYPES)[number];

/** Table ids of spec 1 §3 that this issue serves (search and annotation tables come with their issues). */
export const TABLE_IDS = ['slideMetadataView', 'qcSlideMetadataView', 'assayPopupEditor'] as const;
export type TableId = (typeof TABLE_IDS)[number];

/** The metadata column groups of the slide view (spec 1 §3), in display order. */
export const COLUMN_GROUPS = {
  slide: 'Slide',
  assay: 'Assay',
  tissue: 'Tissue',
  compliance: 'Compliance',
  imageAndSlideQc: 'Image QC and Slide QC',
  studyInfo: 'Study Info',
  clinicalStudyInfo: 'Clinical Study Info',
  sampleCollection: 'Sample Collection',
  resultsQc: 'Results QC',
  pathology: 'Pathology',
  staining: 'Staining',
  scanning: 'Scanning',
  tissueSection: 'Tissue Section',
  system: 'System',
  predictionOutput: 'Prediction Output',
  heMorphologicalAssessment: 'H&E Morphological Assessment',
  ihcMorphologicalAssessment: 'IHC Morphological Assessment',
} as const;
export type ColumnGroupId = keyof typeof COLUMN_GROUPS;

export interface AllowedValue {
  value: string;
  /** ISO date from which the value may no longer be chosen; rows holding it keep it. */
  deprecatedSince?: string | null;
  /** For values linked to another field's value (indication subtype → indication). */
  parent?: string | null;
}

/** A field as the registry defines it; the served descriptor adds allowedValues (FieldDescriptor). */
export interface FieldDefinition {
  fieldName: string;
  primaryType: PrimaryType;
  group: ColumnGroupId;
  headerName: string;
  headerTooltip?: string;
  allowEdit: boolean;
  isMandatory?: boolean;
  isProjectSpecificField?: boolean;
  /** Name of the controlled vocabulary holding its allowed values. */
  vocabulary?: string;
  /** Values of this field are limited by another field's value (indicationSubtypeV2 by indicationV2). */
  links?: { field: string };
  /** Allowed values are a suggestion only: free text is accepted (tumorSubtype). */
  allowsFreeText?: boolean;
  suppressSort?: boolean;
  suppressFilter?: boolean;
  enableRowGroup?: boolean;
  isGroupedByDefault?: boolean;
  defaultSortOrder?: 'asc' | 'desc';
  desiredWidth?: number;
  /** The set filter lists only the values present in the project (not the whole vocabulary). */
  hasProjectLevelSetFilter?: boolean;
}

/** The descriptor served to the web (spec 1 §3 field descriptor). */
export interface FieldDescriptor {
  fieldName: string;
  primaryType: PrimaryType;
  columnType: ColumnGroupId;
  headerName: string;
  headerTooltip: string | null;
  allowedValues: AllowedValue[] | null;
  allowEdit: boolean;
  isMandatory: boolean;
  isProjectSpecificField: boolean;
  suppressSort: boolean;
  suppressFilter: boolean;
  enableRowGroup: boolean;
  isGroupedByDefault: boolean;
  defaultSortOrder: 'asc' | 'desc' | null;
  desiredWidth: number | null;
  links: { field: string } | null;
  allowsFreeText: boolean;
  hasProjectLevelSetFilter: boolean;
}

/** The filter a column offers, by type: set filters for controlled values and booleans. */
export type FilterKind = 'text' | 'number' | 'date' | 'set' | null;

export function filterKindOf(
  field: Pick<
    FieldDescriptor,
    'primaryType' | 'allowedValues' | 'suppressFilter' | 'hasProjectLevelSetFilter'
  >,
): FilterKind {
  if (field.suppressFilter || field.primaryType === 'image') return null;
  if (
    field.allowedValues ||
    field.hasProjectLevelSetFilter ||
    field.primaryType === 'bool' ||
    field.primaryType === 'array' ||
    field.primaryType === 'list'
  )
    return 'set';
  switch (field.primaryType) {
    case 'int':
    case 'uint':
    case 'float':
    case 'percentageUint':
    case 'percentageFloat':
      return 'number';
    case 'stringUtcDate':
    case 'stringUtcDateTime':
      return 'date';
    default:
      return 'text';
  }
}

export function describeField(field: FieldDefinition, allowedValues: AllowedValue[] | null): FieldDescriptor {
  return {
    fieldName: field.fieldName,
    primaryType: field.primaryType,
    columnType: field.group,
    headerName: field.headerName,
    headerTooltip: field.headerTooltip ?? null,
    allowedValues,
    allowEdit: field.allowEdit,
    isMandatory: field.isMandatory ?? false,
    isProjectSpecificField: field.isProjectSpecificField ?? false,
    suppressSort: field.suppressSort ?? false,
    suppressFilter: field.suppressFilter ?? false,
    enableRowGroup: field.enableRowGroup ?? false,
    isGroupedByDefault: field.isGroupedByDefault ?? false,
    defaultSortOrder: field.defaultSortOrder ?? null,
    desiredWidth: field.desiredWidth ?? null,
    links: field.links ?? null,
    allowsFreeText: field.allowsFreeText ?? false,
    hasProjectLevelSetFilter: field.hasProjectLevelSetFilter ?? false,
  };
}
