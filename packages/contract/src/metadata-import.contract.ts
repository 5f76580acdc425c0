/**
 * CSV import of slide metadata (spec 1 §4, §5, §9; issue #5). The web reads and maps the file (the
 * domain's csv-reader and csv-import); the server matches the lines to slides, checks every value and
 * applies them: as a dry run for the wizard's preview, then for real — in one transaction, streaming its
 * progress as NDJSON lines.
 */
import { z } from 'zod';
import { SafeText } from './text.ts';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

/** The most lines one import takes (a 100,000-slide study at once; bigger files are split). */
export const MAX_IMPORT_LINES = 100_000;
/** Request bodies of an import may be this large (the mapped columns of MAX_IMPORT_LINES lines, one NDJSON line each). */
export const IMPORT_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
/** One CSV line's mapped cells as a body line; a metadata line is a few hundred characters. */
export const IMPORT_LINE_MAX_LENGTH = 1024 * 1024;

export const CsvImportRequest = z
  .object({
    /** The CSV file's name, for the audit log. */
    fileName: SafeText.max(255),
    /** The mapped, imported columns, in the order of every row's cells; one of them maps fileName. */
    columns: z
      .array(z.object({ csvFieldName: SafeText.max(500), slideField: z.string().min(1).max(100) }).strict())
      .min(1)
      .max(200),
    rows: z
      .array(
        z
          .object({ line: z.number().int().min(2), cells: z.array(z.string().max(100_000)).max(200) })
          .strict(),
      )
      .min(1)
      .max(MAX_IMPORT_LINES, `At most ${MAX_IMPORT_LINES} lines per import`),
    options: z
      .object({ overwrite: z.boolean().default(false), allowCorrectValues: z.boolean().default(false) })
      .strict(),
    /** Day, month and year order of the browser's dates (spec 1 §5: dates in the browser's local format). */
    dateOrder: z.enum(['MDY', 'DMY', 'YMD']).default('YMD'),
    /** Check and report, change nothing (the wizard's preview). */
    dryRun: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'CsvImportRequest' });
export type CsvImportRequest = z.input<typeof CsvImportRequest>;

/** A cell an import changed, for the table's undo. */
export const CsvImportChange = z.object({
  slideId: Id,
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const CsvImportReport = z
  .object({
    /** Data lines in the request. */
    lines: z.number().int(),
    /** Lines without a message, and with one. */
    correct: z.number().int(),
    incorrect: z.number().int(),
    /** The line messages ('Line {n}, slide {file}: …'), in line order; at most MAX_REPORTED_MESSAGES. */
    messages: z.array(z.string()),
    /** Slides and cells the import changes (a dry run) or changed. */
    slides: z.number().int(),
    cells: z.number().int(),
    isApplied: z.boolean(),
    /** What changed, when applied (for undo while the page is open). */
    changes: z.array(CsvImportChange).optional(),
  })
  .meta({ id: 'CsvImportReport' });
export type CsvImportReport = z.infer<typeof CsvImportReport>;

export const MAX_REPORTED_MESSAGES = 1000;

/**
 * One line of the NDJSON stream an import answers with when it is applied: progress about every
 * total/200 slides, then the report — or an error (the transaction was rolled back: nothing changed).
 */
export type CsvImportEvent =
  | { progress: { done: number; total: number } }
  | { report: CsvImportReport }
  | { error: { code: string; message: string } };

export const importSlideMetadata = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/slides/import-csv',
  summary:
    'Checks (dryRun) or applies the lines of a mapped CSV file to the slides they name. Applied: NDJSON progress lines, then the report; a strict import with a bad line, or an import without a good one, is refused (422) and changes nothing',
  tags: ['slide table'],
  access: projectPermission('slideMetadataManage'),
  params: z.object({ projectId: Id }),
  body: CsvImportRequest,
  response: CsvImportReport,
  responseTypes: ['application/json', 'application/x-ndjson'],
  bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES,
  bodyRows: { key: 'rows', maxLineLength: IMPORT_LINE_MAX_LENGTH, maxRows: MAX_IMPORT_LINES },
});
