/**
 * CSV import of slide metadata (spec 1 §4, §5; issue #5). The web has read the file and mapped its
 * columns; here every line is matched to the slides it names (file name with or without extension, any
 * case), every value checked and matched to the vocabularies by the domain's rules (csv-import.ts), and
 * the editing rights of each cell applied — once for the wizard's preview (dry run), once more when the
 * import runs, on the data as it is then.
 *
 * A strict import (the default) changes nothing unless every line is correct; 'Allow import of correct
 * values' applies exactly the correct lines. Either way the changes are one transaction, each slide
 * written only if unchanged since it was read, so a failure or a concurrent edit leaves every slide as
 * it was. (Registering new slides from a folder, the CLI's `tessera import`, is slide folder
 * registration: modules/slides/folder-import.service.ts.)
 */
import {
  canEditCell,
  CELL_MESSAGES,
  clearedLinkedFields,
  acceptedMarkers,
  csvNameKey,
  importableFields,
  lineMessage,
  planCsvLine,
  slideNameKeys,
  type DateOrder,
  type FieldDescriptor,
} from '@tessera/domain';
import { MAX_REPORTED_MESSAGES, type CsvImportReport, type metadataImport } from '@tessera/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { AppError, badRequest } from '../../errors.ts';
import { getFieldDescriptors } from '../slides/slide-grid.service.ts';
import { readSlides, writeSlideChanges, type SlideWrite } from '../slides/slide-metadata.service.ts';
import { findProjectFields } from '../slides/project-fields.queries.ts';
import { withAssayIds } from '../slides/slide-metadata.queries.ts';
import { findSlideNames } from './metadata-import.queries.ts';

type Request = z.output<typeof metadataImport.CsvImportRequest>;

/** Slides written between two progress lines at most (the cap of spec 1 §9's 'about every total/200'). */
const MAX_BATCH = 500;
type Row = Record<string, unknown>;

export const METADATA_IMPORT_MESSAGES = {
  notImportable: (field: string) => `The field '${field}' cannot be imported`,
  twice: (field: string) => `The field '${field}' is mapped to more than one column`,
  noFileName: 'No column is mapped to the slide file name',
  cellCount: (line: number, cells: number, columns: number) =>
    `Line ${line} has ${cells} cells for ${columns} columns`,
  refused: (incorrect: number, lines: number) =>
    `The import was refused: ${incorrect} of ${lines} lines hold errors and 'Allow import of correct values' is off. Nothing was imported.`,
  nothingCorrect: 'No line of the file can be imported. Nothing was imported.',
} as const;

/** What an import would change: the report, the slides' writes and the changed cells (for undo). */
export interface ImportPlan {
  report: CsvImportReport;
  writes: SlideWrite[];
  changes: NonNullable<CsvImportReport['changes']>;
  fileNames: Map<string, string>;
}

export async function planImport(
  ctx: AppContext,
  project: ProjectScope,
  request: Request,
): Promise<ImportPlan> {
  const descriptors = await getFieldDescriptors(ctx, project.id, 'slideMetadataView');
  const fields = new Map(descriptors.map((f) => [f.fieldName, f]));
  const fileNameColumn = checkColumns(request, descriptors);
  const markersFor = acceptedMarkers(
    (await getFieldDescriptors(ctx, project.id, 'assayPopupEditor')).find((f) => f.fieldName === 'marker')
      ?.allowedValues ?? [],
  );

  // The project's slides by every key a CSV file name may match them with.
  const byKey = new Map<string, string[]>();
  for (const slide of await findSlideNames(ctx.db, project.id)) {
    for (const key of slideNameKeys(slide.fileName)) byKey.set(key, [...(byKey.get(key) ?? []), slide.id]);
  }
  const lines = request.rows.map((row) => {
    if (row.cells.length !== request.columns.length)
      throw badRequest(
        METADATA_IMPORT_MESSAGES.cellCount(row.line, row.cells.length, request.columns.length),
      );
    const fileName = row.cells[fileNameColumn]!.trim();
    // Keyed by field names from the request: objects without a prototype (DESIGN §14).
    const values = Object.create(null) as Record<string, string>;
    const columns = Object.create(null) as Record<string, string>;
    request.columns.forEach((c, i) => {
      columns[c.slideField] = c.csvFieldName;
      if (i !== fileNameColumn) values[c.slideField] = row.cells[i]!;
    });
    return {
      input: { line: row.line, fileName, values, columns },
      slideIds: fileName ? (byKey.get(csvNameKey(fileName)) ?? []) : [],
    };
  });
  const slides = new Map<string, Row>();
  const matched = [...new Set(lines.flatMap((l) => l.slideIds))];
  // Only what the lines touch and the rules read: the mapped fields, the file name, indication and subtype.
  const read = [
    ...new Set([
      'fileName',
      'indicationV2',
      'indicationSubtypeV2',
      ...request.columns.map((c) => c.slideField),
    ]),
  ];
  for (let i = 0; i < matched.length; i += 1000)
    for (const row of await readSlides(ctx, project.id, matched.slice(i, i + 1000), read))
      slides.set(String(row.id), row);

  const options = {
    overwrite: request.options.overwrite,
    markers: markersFor(null),
    markersFor,
    dateOrder: request.dateOrder as DateOrder,
  };
  const messages: string[] = [];
  let incorrect = 0;
  const pending = new Map<string, Record<string, unknown>>();
  for (const { input, slideIds } of lines) {
    const targets = slideIds.map((id) => slides.get(id)).filter((s): s is Row => s !== undefined);
    const planned = (targets.length ? targets : [null]).map((slide) => ({
      slide,
      ...planCsvLine(input, slide, fields, options),
    }));
    const lineMessages = [
      ...new Set(
        planned.flatMap((p) => [
          ...p.messages,
          ...(p.slide ? rightsMessages(input, p.slide, p.changes, fields) : []),
        ]),
      ),
    ];
    if (lineMessages.length) {
      incorrect++;
      messages.push(...lineMessages);
      continue;
    }
    // Later lines of the same slide win, as if applied in order.
    for (const { slide, changes } of planned)
      if (slide) pending.set(String(slide.id), { ...pending.get(String(slide.id)), ...changes });
  }

  const writes: SlideWrite[] = [];
  const changes: ImportPlan['changes'] = [];
  const fileNames = new Map<string, string>();
  for (const [id, change] of pending) {
    const slide = slides.get(id)!;
    // A new indication clears a subtype of the old one that the file leaves as it is, as a cell edit does.
    Object.assign(change, clearedLinkedFields(fields.values(), change, slide));
    const own = Object.fromEntries(
      Object.entries(change).filter(([name]) => fields.get(name)?.isProjectSpecificField),
    );
    const fixed = withAssayIds(
      Object.fromEntries(
        Object.entries(change).filter(([name]) => !fields.get(name)?.isProjectSpecificField),
      ),
    );
    const after = { ...fixed, ...own };
    if (Object.keys(after).length === 0) continue;
    writes.push({ id, from: String(slide.updatedAt), values: fixed, projectValues: own });
    fileNames.set(id, String(slide.fileName));
    for (const [field, value] of Object.entries(after))
      changes.push({ slideId: id, field, before: slide[field] ?? null, after: value });
  }
  const report: CsvImportReport = {
    lines: lines.length,
    correct: lines.length - incorrect,
    incorrect,
    messages: messages.slice(0, MAX_REPORTED_MESSAGES),
    slides: writes.length,
    cells: changes.length,
    isApplied: false,
  };
  return { report, writes, changes, fileNames };
}

/** Refuses the import as a whole (422) when it may not run: strict with a bad line, or no good line at all. */
export function checkRunnable(report: CsvImportReport, allowCorrectValues: boolean): void {
  if (report.correct === 0)
    throw new AppError(422, 'IMPORT_REFUSED', METADATA_IMPORT_MESSAGES.nothingCorrect);
  if (report.incorrect > 0 && !allowCorrectValues)
    throw new AppError(
      422,
      'IMPORT_REFUSED',
      METADATA_IMPORT_MESSAGES.refused(report.incorrect, report.lines),
    );
}

/** The mapped columns must be importable fields, each once, one of them the file name; answers that column's index. */
function checkColumns(request: Request, descriptors: readonly FieldDescriptor[]): number {
  const importable = new Set(importableFields(descriptors).map((f) => f.fieldName));
  const seen = new Set<string>();
  for (const { slideField } of request.columns) {
    if (!importable.has(slideField)) throw badRequest(METADATA_IMPORT_MESSAGES.notImportable(slideField));
    if (seen.has(slideField)) throw badRequest(METADATA_IMPORT_MESSAGES.twice(slideField));
    seen.add(slideField);
  }
  const index = request.columns.findIndex((c) => c.slideField === 'fileName');
  if (index < 0) throw badRequest(METADATA_IMPORT_MESSAGES.noFileName);
  return index;
}

/** A cell the slide's editing rights keep (its row allow-list, its slide- or project-specific flag): a message for the line. */
function rightsMessages(
  input: { line: number; fileName: string },
  slide: Row,
  changes: Record<string, unknown>,
  fields: ReadonlyMap<string, FieldDescriptor>,
): string[] {
  const flags = {
    editableFields: (slide.editableFields as string[] | null | undefined) ?? null,
    canEditSlideSpecificFields: slide.canEditSlideSpecificFields !== false,
    canEditProjectSpecificFields: slide.canEditProjectSpecificFields !== false,
  };
  return Object.keys(changes).flatMap((name) => {
    const field = fields.get(name)!;
    return canEditCell(field, flags, true)
      ? []
      : [lineMessage(input.line, input.fileName, CELL_MESSAGES.readOnly(field.headerName))];
  });
}

/**
 * Runs a planned import in one transaction, telling `onProgress` about every `step` slides written (the
 * caller streams it), and answers the report with what changed. Any failure rolls everything back.
 */
export async function applyImport(
  ctx: AppContext,
  project: ProjectScope,
  actorUserId: string,
  fileName: string,
  plan: ImportPlan,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<CsvImportReport> {
  const total = plan.writes.length;
  // Written in batches of about total/200 slides (spec 1 §9), each followed by a progress line: at most
  // 200 lines however large the import, and a few statements per batch.
  const batch = Math.min(MAX_BATCH, Math.max(1, Math.round(total / 200)));
  const projectFields = await findProjectFields(ctx.db, project.id);
  await ctx.db.transaction().execute((trx) =>
    writeSlideChanges(
      trx,
      ctx.dialect,
      project.id,
      projectFields,
      plan.writes,
      (id) => plan.fileNames.get(id) ?? id,
      {
        batch,
        afterBatch: (done) => onProgress(done, total),
      },
    ),
  );
  await ctx.audit.record({
    action: 'slides.csvImported',
    actorUserId,
    target: project.id,
    details: { fileName, slides: total, cells: plan.changes.length },
  });
  return { ...plan.report, isApplied: true, changes: plan.changes };
}
