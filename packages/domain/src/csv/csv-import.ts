/**
 * The slide metadata CSV import (spec 1 §4 import wizard, §5 CSV mapping, row messages, value matching,
 * import options): which column feeds which field, how a cell's text becomes a value, and what one line
 * of the file changes on its slide, or why it changes nothing. The server runs planCsvLine on every line;
 * the wizard's preview shows the same messages.
 */
import type { AssayChannel } from '../fields/assays.ts';
import { hasControlCharacters } from '../text.ts';
import { choosableValues, isEmptyCell, sameCellValue } from '../fields/cell-value.ts';
import type { FieldDescriptor } from '../fields/field-types.ts';
import { unescapeCsvCell } from './csv-export.ts';
import {
  findInVocabulary,
  indexVocabulary,
  matchCsvValue,
  UNSUPPORTED,
  type CsvMatchContext,
} from './csv-match.ts';

/** A column of the file and the slide field it feeds (spec 1 §3 CSV mapping row). */
export interface CsvMappingRow {
  csvFieldName: string;
  slideField: string | null;
  import: boolean;
  /** The column's 0-based index in the file. */
  fieldNumber: number;
}

/** Headers that name the file name column besides its field and header names (spec 1 §5). */
export const FILE_NAME_SYNONYMS = [
  'file name',
  'filename',
  'slide file name',
  'slide filename',
  'image file name',
];

/**
 * The fields a column may map to: fileName, the key that finds each line's slide (it is never written),
 * and every editable field except images.
 */
export function importableFields(fields: readonly FieldDescriptor[]): FieldDescriptor[] {
  return fields.filter((f) => f.fieldName === 'fileName' || (f.allowEdit && f.primaryType !== 'image'));
}

const headerKey = (text: string): string => text.trim().toLowerCase();

/**
 * The wizard's first mapping (spec 1 §5): a header names a field by its field name or header label, case
 * and surrounding spaces aside, or the file name by a synonym. A field maps to one column only: the first
 * header naming it wins and later ones stay unmapped for the user to decide.
 */
export function autoMapColumns(
  headers: readonly string[],
  fields: readonly FieldDescriptor[],
): CsvMappingRow[] {
  const byKey = new Map<string, string>();
  const importable = importableFields(fields);
  // Field names before header labels, so a label can never take a name that is some field's own.
  for (const f of importable)
    if (!byKey.has(headerKey(f.fieldName))) byKey.set(headerKey(f.fieldName), f.fieldName);
  for (const f of importable)
    if (!byKey.has(headerKey(f.headerName))) byKey.set(headerKey(f.headerName), f.fieldName);
  for (const synonym of FILE_NAME_SYNONYMS) if (!byKey.has(synonym)) byKey.set(synonym, 'fileName');
  const taken = new Set<string>();
  return headers.map((header, fieldNumber) => {
    const match = byKey.get(headerKey(header));
    const slideField = match && !taken.has(match) ? match : null;
    if (slideField) taken.add(slideField);
    return { csvFieldName: header.trim(), slideField, import: slideField !== null, fieldNumber };
  });
}

/** The user maps a column by hand (null: unmapped); a column that held that field loses it. */
export function mapColumn(
  mapping: readonly CsvMappingRow[],
  fieldNumber: number,
  slideField: string | null,
): CsvMappingRow[] {
  return mapping.map((row) => {
    if (row.fieldNumber === fieldNumber) return { ...row, slideField, import: slideField !== null };
    if (slideField !== null && row.slideField === slideField)
      return { ...row, slideField: null, import: false };
    return row;
  });
}

/** Fields every import must map (spec 1 §5), besides one of REQUIRED_IMPORT_FIELD_PAIR. */
export const REQUIRED_IMPORT_FIELDS = ['assays', 'blockId', 'indicationV2', 'fileName'] as const;
/** Either of these must be mapped: a slide's study is named by its acronym or its id. */
export const REQUIRED_IMPORT_FIELD_PAIR = ['acronym', 'studyId'] as const;

const importedFields = (mapping: readonly CsvMappingRow[]): Set<string> =>
  new Set(mapping.flatMap((row) => (row.import && row.slideField ? [row.slideField] : [])));

/** 'The following required fields have not been selected for import - {list}.', or null when all are. */
export function missingRequiredFieldsMessage(
  mapping: readonly CsvMappingRow[],
  fields: readonly FieldDescriptor[],
): string | null {
  const imported = importedFields(mapping);
  const headerOf = (name: string) => fields.find((f) => f.fieldName === name)?.headerName ?? name;
  const missing: string[] = REQUIRED_IMPORT_FIELDS.filter((name) => !imported.has(name)).map(headerOf);
  if (!REQUIRED_IMPORT_FIELD_PAIR.some((name) => imported.has(name)))
    missing.push(REQUIRED_IMPORT_FIELD_PAIR.map(headerOf).join(' or '));
  return missing.length
    ? `The following required fields have not been selected for import - ${missing.join(', ')}.`
    : null;
}

/** Whether a column feeds the file name: the wizard's Map Columns page needs one (spec 1 §4). */
export const hasFileNameColumn = (mapping: readonly CsvMappingRow[]): boolean =>
  mapping.some((row) => row.import && row.slideField === 'fileName');

/** The import options (spec 1 §5) with their defaults. */
export const CSV_IMPORT_OPTIONS = {
  /** Off by default: an import fills gaps and never replaces what someone entered unless asked to. */
  overwrite: { label: 'Overwrite existing slide metadata', default: false },
  /** Strict by default: a file with a bad line imports nothing until the user accepts a partial import. */
  allowCorrectValues: { label: 'Allow import of correct values', default: false },
} as const;

/** 'Allow import of correct values' is offered when some lines are bad but not all (spec 1 §5). */
export const offersPartialImport = (lineCount: number, badLineCount: number): boolean =>
  badLineCount > 0 && badLineCount < lineCount;

/** The preview allows the import (spec 1 §4): no bad line, or some good ones and a partial import allowed. */
export const canStartImport = (
  lineCount: number,
  badLineCount: number,
  allowCorrectValues: boolean,
): boolean => lineCount > 0 && (badLineCount === 0 || (allowCorrectValues && badLineCount < lineCount));

/** The messages of a line (spec 1 §5 CSV row messages); lineMessage prefixes them. */
export const CSV_LINE_MESSAGES = {
  slideNotFound: 'Slide not found in Portal project.',
  missingFileName: 'Missing slide file name in CSV file.',
  missingValues: (fields: string) => `Missing CSV values for '${fields}'.`,
  unsupportedValue: (value: string, column: string) =>
    `Value '${value}' for column '${column}' is not supported.`,
  // Ours: the value itself is not repeated, since it holds characters a message cannot show.
  controlCharacters: (column: string) => `The value for column '${column}' contains control characters.`,
  subtypeOfOtherIndication: (value: string, indication: string) =>
    `The subtype '${value}' is not a valid entry of the '${indication}' indication.`,
  subtypeWithoutIndication: (value: string) =>
    `Indication subtype '${value}' can not be imported when indication is not specified.`,
} as const;

export const lineMessage = (line: number, fileName: string, message: string): string =>
  `Line ${line}, slide ${fileName}: ${message}`;

/** Double extensions of whole-slide images, whose stem is what precedes both parts. */
const DOUBLE_EXTENSIONS = ['.ome.tiff', '.ome.tif'];

/**
 * The keys a slide is found by from a CSV line (spec 1 §5: by file name with or without extension,
 * case-insensitively): its lower-case file name, and that name without its extension.
 */
export function slideNameKeys(fileName: string): string[] {
  const name = fileName.trim().toLowerCase();
  const double = DOUBLE_EXTENSIONS.find((ext) => name.endsWith(ext));
  const dot = double ? name.length - double.length : name.lastIndexOf('.');
  return dot > 0 ? [name, name.slice(0, dot)] : [name];
}

/** The key of a CSV file name cell, to look up among slideNameKeys. */
export const csvNameKey = (text: string): string => unescapeCsvCell(text.trim()).trim().toLowerCase();

/** One line of the file, as the server hands it over once the mapping is known. */
export interface CsvLineInput {
  line: number;
  fileName: string;
  /** Raw text by slide field, for every mapped, imported column except the file name. */
  values: Readonly<Record<string, string>>;
  /** The CSV column name by slide field, for messages. */
  columns: Readonly<Record<string, string>>;
}

export interface CsvLineOptions extends CsvMatchContext {
  /** 'Overwrite existing slide metadata' (CSV_IMPORT_OPTIONS.overwrite). */
  overwrite: boolean;
  /**
   * The markers a slide's assays may name given those it holds (acceptedMarkers: a slide keeps its own
   * deprecated markers); without it every slide gets `markers`.
   */
  markersFor?: (held: unknown) => readonly string[];
}

export interface CsvLinePlan {
  /** Each prefixed by lineMessage; a line with a message changes nothing. */
  messages: string[];
  /** The values to write, by field name: only those that differ from the slide's. */
  changes: Record<string, unknown>;
}

/** Empty to the import: no value, or a list with nothing in it (assays default to []). */
const isBlank = (value: unknown): boolean =>
  isEmptyCell(value) || (Array.isArray(value) && value.length === 0);

/**
 * What one line does to its slide (spec 1 §5): the line's messages, or the changes when there are none.
 * `slide` holds the matched slide's current values by field name, null when no slide matched. A field
 * whose cell is empty is left as it is; with overwrite off a field that already holds a value is kept.
 * Every cell is checked even when it will not be written: the file is wrong either way, and the user
 * may yet turn overwrite on. A subtype is judged by the indication the slide will have afterwards.
 */
export function planCsvLine(
  input: CsvLineInput,
  slide: Readonly<Record<string, unknown>> | null,
  fields: ReadonlyMap<string, FieldDescriptor>,
  options: CsvLineOptions,
): CsvLinePlan {
  const fileName = input.fileName.trim() === '' ? '' : input.fileName;
  const fail = (...messages: string[]): CsvLinePlan => ({
    messages: messages.map((m) => lineMessage(input.line, fileName, m)),
    changes: {},
  });
  if (fileName === '') return fail(CSV_LINE_MESSAGES.missingFileName);
  if (hasControlCharacters(fileName))
    return {
      messages: [
        lineMessage(
          input.line,
          '',
          CSV_LINE_MESSAGES.controlCharacters(input.columns.fileName ?? 'File Name'),
        ),
      ],
      changes: {},
    };
  if (!slide) return fail(CSV_LINE_MESSAGES.slideNotFound);

  const columnOf = (name: string) => input.columns[name] ?? fields.get(name)?.headerName ?? name;
  const messages: string[] = [];
  const context = options.markersFor ? { ...options, markers: options.markersFor(slide.assays) } : options;
  const matched = matchLineValues(input, fields, context, (name, text) =>
    messages.push(
      hasControlCharacters(text)
        ? CSV_LINE_MESSAGES.controlCharacters(columnOf(name))
        : CSV_LINE_MESSAGES.unsupportedValue(text, columnOf(name)),
    ),
  );

  // Whether the import writes a field, and the value it holds afterwards, by which the subtype is judged.
  const writes = (name: string) => !isBlank(matched.get(name)) && (options.overwrite || isBlank(slide[name]));
  const after = (name: string) => (writes(name) ? matched.get(name) : slide[name]);
  const isIndicationUnsupported =
    !matched.has('indicationV2') && (input.values.indicationV2 ?? '').trim() !== '';
  const subtypeMessage = isIndicationUnsupported
    ? null
    : checkImportedSubtype(input, matched, after('indicationV2'), fields);
  if (subtypeMessage) messages.push(subtypeMessage);

  // A required field is missing when its cell is empty and the slide holds nothing either; a cell that
  // is not supported has its own message.
  const isCellEmpty = (name: string) =>
    matched.has(name) ? isBlank(matched.get(name)) : (input.values[name] ?? '').trim() === '';
  const isMissing = (name: string) => isCellEmpty(name) && isBlank(slide[name]);
  const missing = REQUIRED_IMPORT_FIELDS.filter(
    (name) => name !== 'fileName' && name in input.columns && isMissing(name),
  ).map(columnOf);
  const pair = REQUIRED_IMPORT_FIELD_PAIR;
  if (pair.some((name) => name in input.columns) && pair.every(isMissing))
    missing.push(pair.map(columnOf).join(' or '));
  if (missing.length) messages.push(CSV_LINE_MESSAGES.missingValues(missing.join(', ')));
  if (messages.length) return fail(...messages);

  const changes: Record<string, unknown> = {};
  for (const [name, imported] of matched) {
    if (!writes(name)) continue;
    const value = name === 'assays' ? keepChannelDetails(imported as AssayChannel[], slide[name]) : imported;
    if (!sameImportedValue(fields.get(name)?.primaryType, value, slide[name])) changes[name] = value;
  }
  return { messages: [], changes };
}

/**
 * The line's values matched by field; an unsupported cell is reported and left out. A column mapped to a
 * field the import may not write (not editable, an image, or unknown) is refused the same way when it
 * holds text: the server is the authority even if a client sent such a mapping.
 */
function matchLineValues(
  input: CsvLineInput,
  fields: ReadonlyMap<string, FieldDescriptor>,
  context: CsvMatchContext,
  onUnsupported: (name: string, text: string) => void,
): Map<string, unknown> {
  const matched = new Map<string, unknown>();
  for (const [name, text] of Object.entries(input.values)) {
    if (name === 'fileName') continue; // the key that found the slide, never written
    const field = fields.get(name);
    const isWritable = field !== undefined && field.allowEdit && field.primaryType !== 'image';
    const match = isWritable ? matchCsvValue(field, text, context) : text.trim() === '' ? null : UNSUPPORTED;
    if (match && 'isUnsupported' in match) onUnsupported(name, text);
    else if (match) matched.set(name, match.value);
  }
  return matched;
}

/**
 * An imported indication subtype must belong to the indication the slide will have after the import: the
 * line's own, else the slide's (spec 1 §5). Matched within that indication's subtypes, so a subtype name
 * that several indications share takes the right one's spelling.
 */
function checkImportedSubtype(
  input: CsvLineInput,
  matched: Map<string, unknown>,
  indication: unknown,
  fields: ReadonlyMap<string, FieldDescriptor>,
): string | null {
  const subtype = matched.get('indicationSubtypeV2');
  if (isBlank(subtype)) return null;
  const text = input.values.indicationSubtypeV2 ?? String(subtype);
  if (isBlank(indication)) return CSV_LINE_MESSAGES.subtypeWithoutIndication(text);
  const allowed = fields.get('indicationSubtypeV2')?.allowedValues ?? [];
  const ofIndication = allowed.filter((a) => a.parent === indication);
  const value = findInVocabulary(
    indexVocabulary(choosableValues(ofIndication).map((a) => a.value)),
    String(subtype),
  );
  if (value === undefined) return CSV_LINE_MESSAGES.subtypeOfOtherIndication(text, String(indication));
  matched.set('indicationSubtypeV2', value);
  return null;
}

/**
 * The import names markers only; a channel that keeps its marker keeps what the assay editor added to it
 * (its id, chromogen, antibodies and channel QC), so re-importing a file loses no QC work.
 */
function keepChannelDetails(imported: readonly AssayChannel[], current: unknown): AssayChannel[] {
  const existing = Array.isArray(current) ? (current as AssayChannel[]) : [];
  return imported.map(
    (channel) =>
      existing.find((e) => e?.channel === channel.channel && e.marker === channel.marker) ?? channel,
  );
}

/** Same value for the import: date-times by instant, since stored ones may be spelled with or without ms. */
function sameImportedValue(
  type: FieldDescriptor['primaryType'] | undefined,
  value: unknown,
  current: unknown,
): boolean {
  if (type === 'stringUtcDateTime' && typeof value === 'string' && typeof current === 'string')
    return Date.parse(value) === Date.parse(current);
  return sameCellValue(value, current);
}
