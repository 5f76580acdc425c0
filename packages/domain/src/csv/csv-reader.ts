/**
 * Reading a slide metadata CSV file (spec 1 §5 CSV file, §9 CSV preview): the delimiter sniffed from the
 * header, then an incremental RFC 4180 reader fed in chunks, so the browser can preview the first rows of a
 * large file and the server can read an upload without holding it twice. Pure: the caller decodes bytes.
 */

export const CSV_LIMITS = {
  /** Characters read to sniff the header (spec 1 §9: header sniff chunk 1024). */
  sniffChars: 1024,
  /** Size of the chunks a file is read in (spec 1 §9). */
  chunkBytes: 8192,
  /** Rows shown by the preview page (spec 1 §9: first 10 rows). */
  previewRows: 10,
  /** Ours: no metadata table has this many columns, and a hostile file cannot grow a record without end. */
  maxColumns: 500,
  /** Ours: the longest free text a cell could hold is far shorter; a cell never grows past this in memory. */
  maxCellChars: 100_000,
} as const;

export type CsvDelimiter = ',' | ';';

export const CSV_FILE_MESSAGES = {
  notCommaOrSemicolon:
    'Only CSV files that are comma or semicolon separated are accepted for metadata import.',
  tooFewColumns: 'The CSV file should contain at least 2 columns.',
  noDataRow: 'The CSV file should contain 1 header row and at least 1 data row.',
  notText: 'The file is not a text file.',
  tooManyColumns: `The CSV file should contain at most ${CSV_LIMITS.maxColumns} columns.`,
  cellTooLong: `The CSV file should not contain values longer than ${CSV_LIMITS.maxCellChars} characters.`,
} as const;

/** A file the reader refuses; `message` is one of CSV_FILE_MESSAGES, `line` where the reader stopped. */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

const BOM = '\uFEFF';

/**
 * Control characters other than tab, C1 controls, and U+FFFD: what a binary file looks like once decoded as
 * text. CR and LF are left out: inside a quoted header cell they are data.
 */
// eslint-disable-next-line no-control-regex
const NON_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\uFFFD]/;

/**
 * The delimiter of a file from its start (`head`, the first CSV_LIMITS.sniffChars characters), or why the
 * file is refused. The header is the first line; the more frequent of ';' and ',' outside quotes wins, a
 * tie goes to ';' (spec 1 §9: the default delimiter is semicolon). A tab or '|' separated file is named as
 * such rather than called a one-column file, since that is what the user must fix.
 */
export function sniffCsv(head: string): { delimiter: CsvDelimiter } | { error: string } {
  const text = head.startsWith(BOM) ? head.slice(1) : head;
  let semicolons = 0;
  let commas = 0;
  let inQuotes = false;
  let atFieldStart = true;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === '\r' || c === '\n') {
      end = i;
      break;
    }
    // As in the reader, a quote opens a quoted cell only at the start of a cell; elsewhere it is data.
    if (c === '"' && atFieldStart) inQuotes = true;
    if (c === ';') semicolons++;
    if (c === ',') commas++;
    atFieldStart = c === ';' || c === ',';
  }
  const header = text.slice(0, end);
  if (NON_TEXT.test(header)) return { error: CSV_FILE_MESSAGES.notText };
  if (semicolons === 0 && commas === 0) {
    return {
      error: /[\t|]/.test(header) ? CSV_FILE_MESSAGES.notCommaOrSemicolon : CSV_FILE_MESSAGES.tooFewColumns,
    };
  }
  return { delimiter: commas > semicolons ? ',' : ';' };
}

/** One record of the file; `line` is the 1-based physical line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Where the reader is within a cell: at its start (a quote there opens a quoted cell), in plain text, in a
 * quoted cell, or just after a quote inside a quoted cell (a second quote is an escaped quote, anything else
 * closes the quotes).
 */
type CellState = 'start' | 'plain' | 'quoted' | 'quoteInQuoted';

/**
 * An incremental RFC 4180 reader. Push decoded text in chunks of any size (a record, a quoted cell or a CRLF
 * may span chunks) and take the complete records; end() gives the rest. Lenient where files in the wild
 * are: CR, LF and CRLF line endings may be mixed; a quote in the middle of a plain cell is data, as is
 * text after a closing quote; an unterminated quote makes the rest of the file that cell. Blank records
 * (an empty line, or a line of only delimiters as spreadsheets write for empty rows) are skipped: they
 * carry nothing to import. Whitespace is kept: only quotes are special. After a CsvError the reader is
 * spent.
 */
export class CsvReader {
  private state: CellState = 'start';
  private cells: string[] = [];
  private cell = '';
  private line = 1;
  private recordLine = 1;
  private isAtFileStart = true;
  private wasCR = false;

  constructor(private readonly delimiter: CsvDelimiter) {}

  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    let i = 0;
    if (this.isAtFileStart && text.length > 0) {
      this.isAtFileStart = false;
      if (text.startsWith(BOM)) i = 1;
    }
    for (; i < text.length; i++) {
      const c = text[i]!;
      // A CRLF is one physical line break, also when a chunk ends between the two.
      const isLineBreak = c === '\r' || (c === '\n' && !this.wasCR);
      this.wasCR = c === '\r';
      if (isLineBreak) this.line++;
      if (this.state === 'quoted') {
        if (c === '"') this.state = 'quoteInQuoted';
        else this.append(c);
        continue;
      }
      if (this.state === 'quoteInQuoted') {
        if (c === '"') {
          this.append('"');
          this.state = 'quoted';
          continue;
        }
        this.state = 'plain';
      }
      if (c === this.delimiter) {
        this.endCell();
      } else if (c === '\r' || c === '\n') {
        // The LF of a CRLF ends an empty line here, which endRecord skips.
        const record = this.endRecord();
        if (record) records.push(record);
      } else if (c === '"' && this.state === 'start') {
        this.state = 'quoted';
      } else {
        this.append(c);
        this.state = 'plain';
      }
    }
    return records;
  }

  end(): CsvRecord[] {
    if (this.state === 'start' && this.cells.length === 0) return [];
    const record = this.endRecord();
    return record ? [record] : [];
  }

  private append(c: string): void {
    this.cell += c;
    if (this.cell.length > CSV_LIMITS.maxCellChars)
      throw new CsvError(CSV_FILE_MESSAGES.cellTooLong, this.recordLine);
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
    this.state = 'start';
    if (this.cells.length > CSV_LIMITS.maxColumns)
      throw new CsvError(CSV_FILE_MESSAGES.tooManyColumns, this.recordLine);
  }

  /** Ends the record at a line break (the line counter has already moved past it). */
  private endRecord(): CsvRecord | null {
    this.endCell();
    const cells = this.cells;
    const line = this.recordLine;
    this.cells = [];
    this.recordLine = this.line;
    return cells.some((cell) => cell !== '') ? { line, cells } : null;
  }
}

/** A whole file at once: the same records as pushing it in chunks. */
export function parseCsv(text: string, delimiter: CsvDelimiter): CsvRecord[] {
  const reader = new CsvReader(delimiter);
  return [...reader.push(text), ...reader.end()];
}

/** The shape a metadata file must have (spec 1 §5): a header of 2 columns or more, then a data row. */
export function checkCsvRecords(records: readonly CsvRecord[]): string | null {
  const [header, ...data] = records;
  if (header && header.cells.length < 2) return CSV_FILE_MESSAGES.tooFewColumns;
  return data.length === 0 ? CSV_FILE_MESSAGES.noDataRow : null;
}
