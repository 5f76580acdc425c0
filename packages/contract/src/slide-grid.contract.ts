/**
 * The slide tables (spec 1 §2, §7): field descriptors per table id, the server-side grid request, set
 * filter values and the slide count. The grid path is fixed (issue #4).
 */
import { z } from 'zod';
import { GlobalSearchText, SafeText } from './text.ts';
import {
  COLUMN_GROUPS,
  DATE_FILTER_TYPES,
  NUMBER_FILTER_TYPES,
  PRIMARY_TYPES,
  PROJECT_FIELD_TYPES,
  TABLE_IDS,
  TEXT_FILTER_TYPES,
} from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';
import { GridArraysResponse, GridResponse, GridRow } from './grid-rows.ts';

const ProjectOnlyParams = z.object({ projectId: Id });
const FieldName = z.string().min(1).max(100);
/** Filter texts and set values are short; anything longer is no metadata value of ours. */
const FilterText = SafeText.max(500);

const TextCondition = z.object({
  filterType: z.literal('text'),
  type: z.enum(TEXT_FILTER_TYPES),
  filter: FilterText.nullish(),
});
const NumberCondition = z.object({
  filterType: z.literal('number'),
  type: z.enum(NUMBER_FILTER_TYPES),
  filter: z.number().finite().nullish(),
  filterTo: z.number().finite().nullish(),
});
const DateCondition = z.object({
  filterType: z.literal('date'),
  type: z.enum(DATE_FILTER_TYPES),
  dateFrom: z.string().max(40).nullish(),
  dateTo: z.string().max(40).nullish(),
});
const Operator = z.enum(['AND', 'OR']);
const conditionsOf = <T extends 'text' | 'number' | 'date', C extends z.ZodType>(
  filterType: T,
  condition: C,
) =>
  z.object({
    filterType: z.literal(filterType),
    operator: Operator,
    conditions: z.array(condition).min(1).max(10),
  });
const twoConditionsOf = <T extends 'text' | 'number' | 'date', C extends z.ZodType>(
  filterType: T,
  condition: C,
) =>
  z.object({
    filterType: z.literal(filterType),
    operator: Operator,
    condition1: condition,
    condition2: condition,
  });
/**
 * The older form of saved views (spec 1 §3) as a list of its two conditions: the one place it is
 * converted, so every reader of a parsed filter model sees lists only.
 */
function asConditions<F extends { condition1: unknown; condition2: unknown }>(
  f: F,
): Omit<F, 'condition1' | 'condition2'> & { conditions: F['condition1'][] } {
  const { condition1, condition2, ...filter } = f;
  return { ...filter, conditions: [condition1, condition2] };
}
export const ColumnFilter = z.union([
  TextCondition,
  NumberCondition,
  DateCondition,
  z.object({ filterType: z.literal('set'), values: z.array(FilterText.nullable()).max(10_000) }),
  conditionsOf('text', TextCondition),
  conditionsOf('number', NumberCondition),
  conditionsOf('date', DateCondition),
  twoConditionsOf('text', TextCondition).transform(asConditions),
  twoConditionsOf('number', NumberCondition).transform(asConditions),
  twoConditionsOf('date', DateCondition).transform(asConditions),
]);
export const FilterModel = z
  .record(FieldName, ColumnFilter)
  .refine((m) => Object.keys(m).length <= 100, 'At most 100 filtered fields');
/** A parsed filter model: per field a condition, a set filter, or conditions joined by AND/OR (older forms converted). */
export type FilterModel = z.infer<typeof FilterModel>;
export type ColumnFilter = z.infer<typeof ColumnFilter>;
export type TextCondition = z.infer<typeof TextCondition>;
export type NumberCondition = z.infer<typeof NumberCondition>;
export type DateCondition = z.infer<typeof DateCondition>;
export type Condition = TextCondition | NumberCondition | DateCondition;
/** Chosen values; null stands for '(Blanks)'. An empty list matches nothing. */
export type SetFilter = Extract<ColumnFilter, { filterType: 'set' }>;
export const SortModel = z.array(z.object({ colId: FieldName, sort: z.enum(['asc', 'desc']) })).max(10);
const GridColumnRef = z.object({
  id: FieldName,
  displayName: z.string().max(200).optional(),
  field: FieldName.optional(),
  aggFunc: z.string().max(20).optional(),
});
/** A group key as group rows answer it: the value, null for blanks. */
export const GroupKey = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/**
 * Bodies that carry a filter model (grid blocks, counts, set-filter values, exports, shared views): a set
 * filter may list up to 10,000 values, which is what this allows for beyond the default 64 KiB.
 */
export const FILTER_BODY_LIMIT_BYTES = 1024 * 1024;

/** The server-side grid request (spec 1 §7): rows [startRow, endRow) of the filtered, sorted (grouped) slides. */
export const GridRequest = z
  .object({
    startRow: z.number().int().min(0).max(100_000_000).default(0),
    endRow: z.number().int().min(1).max(100_000_000).default(100),
    filterModel: FilterModel.default({}),
    sortModel: SortModel.default([]),
    rowGroupCols: z.array(GridColumnRef).max(5).default([]),
    groupKeys: z.array(GroupKey).max(5).default([]),
    valueCols: z.array(GridColumnRef).max(20).default([]),
    pivotCols: z.array(GridColumnRef).max(0, 'Pivoting is not supported').default([]),
    pivotMode: z.boolean().default(false),
    globalSearchText: GlobalSearchText.default(''),
    /** Only these fields in each row (the selective call); default all. */
    fields: z.array(FieldName).max(200).optional(),
    /**
     * 'arrays': the answer names its fields once and gives each row as an array of values in that order
     * (GridArraysResponse), about half the bytes of rows as objects; the slide tables ask for it.
     */
    rowShape: z.enum(['objects', 'arrays']).optional(),
  })
  .refine(
    (r) => r.endRow > r.startRow && r.endRow - r.startRow <= 10_000,
    'endRow must be above startRow, by at most 10000 rows',
  )
  .refine((r) => r.groupKeys.length <= r.rowGroupCols.length, 'More group keys than grouped columns')
  .meta({ id: 'GridRequest' });
export type GridRequest = z.infer<typeof GridRequest>;

export { GridRow, GridResponse, GridArraysResponse, gridArraysOf, gridRowsOf } from './grid-rows.ts';

const AllowedValue = z.object({
  value: z.string(),
  deprecatedSince: z.string().nullable().optional(),
  parent: z.string().nullable().optional(),
});

export const FieldDescriptor = z
  .object({
    fieldName: z.string(),
    primaryType: z.enum(PRIMARY_TYPES),
    columnType: z.enum(
      Object.keys(COLUMN_GROUPS) as [keyof typeof COLUMN_GROUPS, ...(keyof typeof COLUMN_GROUPS)[]],
    ),
    headerName: z.string(),
    headerTooltip: z.string().nullable(),
    allowedValues: z.array(AllowedValue).nullable(),
    allowEdit: z.boolean(),
    isMandatory: z.boolean(),
    isProjectSpecificField: z.boolean(),
    suppressSort: z.boolean(),
    suppressFilter: z.boolean(),
    enableRowGroup: z.boolean(),
    isGroupedByDefault: z.boolean(),
    defaultSortOrder: z.enum(['asc', 'desc']).nullable(),
    desiredWidth: z.number().nullable(),
    links: z.object({ field: z.string() }).nullable(),
    allowsFreeText: z.boolean(),
    hasProjectLevelSetFilter: z.boolean(),
  })
  .meta({ id: 'FieldDescriptor' });
export type FieldDescriptor = z.infer<typeof FieldDescriptor>;

/** Field descriptors of a table id (spec 1 §3), with the vocabularies' allowed values. */
export const getFieldDescriptors = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/fields/:tableId',
  summary: 'The field descriptors (columns) of a slide table',
  tags: ['slide table'],
  access: projectPermission(null),
  params: z.object({ projectId: Id, tableId: z.enum(TABLE_IDS) }),
  response: z.array(FieldDescriptor),
});

/** Get slides paged (spec 1 §7; fixed path): the grid's rows and counts. */
export const getSlidesGrid = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/grid',
  summary: 'A block of the slide table: filtered, sorted, grouped rows and the filtered slide count',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  body: GridRequest,
  bodyLimitBytes: FILTER_BODY_LIMIT_BYTES,
  response: z.union([GridResponse, GridArraysResponse]),
  isResponseUnchecked: true,
});

/** The QC view fetch (spec 1 §7): slides grouped with one child row per channel; a sort by id becomes fileName. */
export const getQcGrid = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/qc-grid',
  summary: 'A block of the QC slide metadata table: slide group rows, or one slide’s channel rows',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  body: GridRequest,
  bodyLimitBytes: FILTER_BODY_LIMIT_BYTES,
  response: z.union([GridResponse, GridArraysResponse]),
  isResponseUnchecked: true,
});

/** Field filter values (spec 1 §7): the set-filter choices of a field under the other filters. */
export const getFilterValues = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/filter-values',
  summary: 'The values a field holds among the filtered slides (its own filter left out); null for blanks',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  body: z
    .object({
      field: FieldName,
      filterModel: FilterModel.default({}),
      globalSearchText: GlobalSearchText.default(''),
    })
    .strict(),
  bodyLimitBytes: FILTER_BODY_LIMIT_BYTES,
  response: z.object({ values: z.array(GroupKey), isTruncated: z.boolean() }),
});

/** Slide count (spec 1 §7). */
export const getSlideCount = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/count',
  summary: 'The number of slides in the project',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  response: z.object({ count: z.number().int() }),
});

const SlideIds = z.array(Id).min(1).max(1000, 'At most 1000 slides per request');
const UpdatedAt = z.string().min(1).max(40);

/** Get slides batch (spec 1 §7): rows by id, in chunks of 1000. */
export const getSlidesBatch = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/batch-get',
  summary: 'Slide rows by id (at most 1000 per request); ids not in the project are left out',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  body: z.object({ slideIds: SlideIds }).strict(),
  response: z.object({ data: z.array(GridRow) }),
});

/** Get all slides of a project (spec 1 §7): offset pages of 2000, sorted by fileName. */
export const getSlidesPage = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/page',
  summary: 'A page of the project’s slide rows by offset (pages of up to 2000), sorted by file name',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  query: z.object({
    offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(2000).default(2000),
  }),
  response: z.object({ data: z.array(GridRow), total: z.number().int() }),
});

/**
 * Batch update slides (spec 1 §7): per slide its id, the updatedAt it was read with, and the changed
 * fields. All or nothing: a value that fails its check, a field that may not be edited, or a slide
 * changed since (updatedAt differs) refuses the whole batch.
 */
export const updateSlides = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId/slides',
  summary: 'Changes metadata of slides (all or nothing; optimistic concurrency on updatedAt)',
  tags: ['slide table'],
  access: projectPermission('slideMetadataManage'),
  params: ProjectOnlyParams,
  body: z
    .object({
      slides: z
        .array(z.object({ id: Id, updatedAt: UpdatedAt }).catchall(z.unknown()))
        .min(1)
        .max(1000, 'At most 1000 slides per request'),
    })
    .strict(),
  // 1000 slides with a pasted block of columns each.
  bodyLimitBytes: 2 * 1024 * 1024,
  response: z.object({ data: z.array(GridRow) }),
});

/** Batch delete slides (spec 1 §7; Delete Slide needs slideDelete). */
export const deleteSlides = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/batch-delete',
  summary: 'Deletes slides of the project (their images stay while other slides use them)',
  tags: ['slide table'],
  access: projectPermission('slideDelete'),
  params: ProjectOnlyParams,
  body: z.object({ slideIds: SlideIds }).strict(),
  response: z.object({ deleted: z.number().int() }),
});

const TableIdParam = z.object({ projectId: Id, tableId: z.enum(TABLE_IDS) });
/** The grid's column state (order, width, visibility, pinning, sort, grouping) as the web keeps it. */
export const COLUMN_STATE_MAX_LENGTH = 65_536;
/** Its nesting is bounded before it is parsed (http/body.ts), so measuring its JSON here is safe. */
const ColumnState = z
  .unknown()
  .refine(
    (v) => JSON.stringify(v ?? null).length <= COLUMN_STATE_MAX_LENGTH,
    'The column state is too large',
  );

/** A user's saved column state of a table in a project (restored when the table opens). */
export const getColumnState = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/column-state/:tableId',
  summary: 'The caller’s saved column state of a table in this project (null when none)',
  tags: ['slide table'],
  access: projectPermission(null),
  params: TableIdParam,
  response: z.object({ state: z.unknown() }),
});

export const saveColumnState = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/column-state/:tableId',
  summary: 'Saves the caller’s column state of a table in this project',
  tags: ['slide table'],
  access: projectPermission(null),
  params: TableIdParam,
  body: z.object({ state: ColumnState }).strict(),
  bodyLimitBytes: 2 * COLUMN_STATE_MAX_LENGTH,
  response: z.object({ state: z.unknown() }),
});

export const ProjectFieldSchema = z
  .object({
    fieldName: z.string().min(1).max(40),
    headerName: SafeText.trim()
      .min(1, 'Enter a column header')
      .max(80, 'A column header has at most 80 characters'),
    primaryType: z.enum(PROJECT_FIELD_TYPES),
    group: z.enum(
      Object.keys(COLUMN_GROUPS) as [keyof typeof COLUMN_GROUPS, ...(keyof typeof COLUMN_GROUPS)[]],
    ),
  })
  .strict()
  .meta({ id: 'ProjectField' });

/** The fields a project adds to its slide table (spec 1 §3 isProjectSpecificField). */
export const listProjectFields = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/project-fields',
  summary: 'The project-specific fields of the slide table',
  tags: ['slide table'],
  access: projectPermission(null),
  params: ProjectOnlyParams,
  response: z.array(ProjectFieldSchema),
});

export const addProjectField = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/project-fields',
  summary: 'Adds a project-specific field to the slide table',
  tags: ['slide table'],
  access: projectPermission('projectSettingsManage'),
  params: ProjectOnlyParams,
  body: ProjectFieldSchema,
  response: ProjectFieldSchema,
  status: 201,
});
