/**
 * The three exports of the slide table (spec 1 §9, spec 3 §9): the metadata CSV (';'), the IDO CSV (',')
 * and the pyportal download config (YAML); their file names, cell escaping against formula injection, the
 * status text and a record counter for a download's progress. Pure: the server streams what these write.
 */
import { formatAssayMarkers, type AssayChannel } from '../fields/assays.ts';
import type { FieldDescriptor } from '../fields/field-types.ts';
import type { CsvDelimiter } from './csv-reader.ts';

/**
 * A cell a spreadsheet would run as a formula (or that starts with what Excel and LibreOffice treat as
 * one): '=', '+', '-', '@', tab, CR, LF. Leading quotes are included so that a text that already starts
 * with a quote before such a character gets one more, which keeps unescapeCsvCell an exact inverse.
 */
const FORMULA_START = /^'*[=+\-@\t\r\n]/;

/**
 * A text as a CSV cell (spec 1 §9 CSV cell escaping): a formula start gets a leading "'" (the OWASP advice:
 * the spreadsheet shows the text instead of running it), and a cell holding the delimiter, a quote or a
 * line break, or that got the prefix, is quoted with its quotes doubled (RFC 4180).
 */
export function escapeCsvCell(text: string, delimiter: CsvDelimiter): string {
  const isFormula = FORMULA_START.test(text);
  const cell = isFormula ? `'${text}` : text;
  const needsQuotes = isFormula || cell.includes(delimiter) || /["\r\n]/.test(cell);
  return needsQuotes ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * The inverse of the formula prefix, for a cell read back by the import: a file exported here imports again
 * with the values it was exported with ("'-12" is the block id "-12").
 */
export function unescapeCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

export type CsvCell = string | number | boolean | null;

/**
 * One CSV line ending in CRLF (RFC 4180). Numbers and booleans are written plainly: a negative number such
 * as -5 starts with '-' but is data to a spreadsheet, not a formula, and nothing else can follow the sign of
 * a number; prefixing it would turn it into text. Non-finite numbers have no CSV spelling and are empty.
 */
export function csvLine(cells: readonly CsvCell[], delimiter: CsvDelimiter): string {
  const written = cells.map((cell) => {
    if (cell === null) return '';
    if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
    if (typeof cell === 'boolean') return String(cell);
    return escapeCsvCell(cell, delimiter);
  });
  return `${written.join(delimiter)}\r\n`;
}

const isAssayChannel = (item: unknown): item is AssayChannel =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as AssayChannel).marker === 'string' &&
  typeof (item as AssayChannel).channel === 'number';

/**
 * What a metadata CSV cell holds for a stored value, written so the file imports again (csv-import.ts):
 * assays as their hyphen list of markers, other lists comma-separated, everything else as stored.
 */
export function exportCellValue(
  field: Pick<FieldDescriptor, 'fieldName' | 'primaryType'>,
  value: unknown,
): CsvCell {
  if (value === null || value === undefined) return null;
  if (field.fieldName === 'assays' && Array.isArray(value))
    return formatAssayMarkers(value.filter(isAssayChannel));
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * The IDO export's columns in file order (spec 1 §9, spec 3 §9). Indication is the slide's indicationV2.
 * fileShareFolder is named as the spec gives it; slides that have none export an empty ImagePath.
 */
export const IDO_COLUMNS: readonly { field: string; header: string }[] = [
  { field: 'studyId', header: 'FileName' },
  { field: 'fileName', header: 'ImageName' },
  { field: 'assays', header: 'MarkerName' },
  { field: 'blockId', header: 'CaseName' },
  { field: 'indicationV2', header: 'Indication' },
  { field: 'fileExtension', header: 'FileExt' },
  { field: 'fileShareFolder', header: 'ImagePath' },
];

/** Characters no common file system accepts in a name (Windows is the strictest), and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARS = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
const safeFileName = (name: string): string => name.replace(UNSAFE_FILE_NAME_CHARS, '_');

/** '{project name}_{YYYY-MM-DD}.csv' (spec 1 §9); `day` is the user's local day. */
export const metadataCsvFileName = (projectName: string, day: string): string =>
  `${safeFileName(projectName)}_${day}.csv`;

/** '{project name}_ido.csv' (spec 1 §9). */
export const idoCsvFileName = (projectName: string): string => `${safeFileName(projectName)}_ido.csv`;

/** 'downloadConfig - {project name}' (spec 1 §9), with the .yaml extension so the file opens as YAML. */
export const pyportalConfigFileName = (projectName: string): string =>
  `downloadConfig - ${safeFileName(projectName)}.yaml`;

/** A YAML double-quoted scalar: a JSON string is one (YAML 1.2 is a superset of JSON), so ids stay strings. */
const yamlString = (text: string): string => JSON.stringify(text);

/** The start of the pyportal config, before its slide ids. */
export const pyportalConfigHead = (projectId: string): string =>
  `project_id: ${yamlString(projectId)}\nslide_ids:\n`;

/** One slide id of the pyportal config's list. */
export const pyportalConfigItem = (slideId: string): string => `  - ${yamlString(slideId)}\n`;

/**
 * The pyportal config (spec 1 §9): project_id and the list slide_ids, i.e. pyportalConfigHead followed by
 * one pyportalConfigItem per slide. With no slides the list is written '[]': a bare 'slide_ids:' would read
 * as null, not as an empty list (a streaming writer with no slides should call this instead).
 */
export function pyportalConfigYaml(projectId: string, slideIds: readonly string[]): string {
  if (slideIds.length === 0) return `project_id: ${yamlString(projectId)}\nslide_ids: []\n`;
  return pyportalConfigHead(projectId) + slideIds.map(pyportalConfigItem).join('');
}

/** The export status text (spec 1 §9, spec 3 §9). */
export const exportStatusText = (done: number, total: number, failed: number, skipped: number): string =>
  `${done} of ${total} (${failed} failed, ${skipped} skipped)`;

export const EXPORT_MESSAGES = {
  /** Shown before an export when filters or a search narrow the table (spec 1 §9 filter warnings). */
  filtersActive: (count: number): string =>
    `Filters or a search are active: the export covers only the ${count} ${count === 1 ? 'slide' : 'slides'} they match, not the whole project.`,
} as const;

/**
 * Counts the records of a CSV arriving in chunks, for a download's progress: the same records CsvReader
 * reads (a line break inside quotes ends nothing, a CRLF ends one record, blank records are not counted),
 * without keeping any cell. push answers the records completed so far; end() adds a last record that has
 * no line break after it.
 */
export class CsvRecordCounter {
  private count = 0;
  private state: 'start' | 'plain' | 'quoted' | 'quoteInQuoted' = 'start';
  private hasContent = false;
  private isAtFileStart = true;

  private readonly delimiters: readonly string[];

  /**
   * The delimiter decides where a cell starts, the only place a quote opens a quoted cell. Without one,
   * both ';' and ',' start a cell (and count as content, since either may be the data of the other's
   * file): exact for every file csvLine writes, whichever its delimiter, as long as no line is all empty
   * cells, because csvLine quotes any cell holding a quote whole.
   */
  constructor(delimiter?: CsvDelimiter) {
    this.delimiters = delimiter ? [delimiter] : [';', ','];
  }

  push(chunk: string): number {
    let i = 0;
    if (this.isAtFileStart && chunk.length > 0) {
      this.isAtFileStart = false;
      if (chunk.startsWith('\uFEFF')) i = 1;
    }
    for (; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.state === 'quoted') {
        if (c === '"') this.state = 'quoteInQuoted';
        else this.hasContent = true;
        continue;
      }
      if (this.state === 'quoteInQuoted') {
        if (c === '"') {
          this.hasContent = true;
          this.state = 'quoted';
          continue;
        }
        this.state = 'plain';
      }
      if (this.delimiters.includes(c)) {
        this.state = 'start';
        if (this.delimiters.length > 1) this.hasContent = true;
      } else if (c === '\r' || c === '\n') {
        if (this.hasContent) this.count++;
        this.hasContent = false;
        this.state = 'start';
      } else if (c === '"' && this.state === 'start') {
        this.state = 'quoted';
      } else {
        this.hasContent = true;
        this.state = 'plain';
      }
    }
    return this.count;
  }

  end(): number {
    if (this.hasContent) this.count++;
    this.hasContent = false;
    return this.count;
  }
}
