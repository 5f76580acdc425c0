import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCsvRecords,
  CSV_FILE_MESSAGES,
  CSV_LIMITS,
  CsvError,
  CsvReader,
  parseCsv,
  sniffCsv,
  type CsvDelimiter,
  type CsvRecord,
} from './csv-reader.ts';

const cellsOf = (records: readonly CsvRecord[]) => records.map((r) => r.cells);

/** The records of `text` pushed in the pieces that `cuts` (sorted positions) make. */
function readInPieces(text: string, delimiter: CsvDelimiter, cuts: readonly number[]): CsvRecord[] {
  const reader = new CsvReader(delimiter);
  const records: CsvRecord[] = [];
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    records.push(...reader.push(text.slice(at, cut)));
    at = cut;
  }
  return [...records, ...reader.end()];
}

describe('sniffCsv: the delimiter from the header (spec 1 §5, §9)', () => {
  it('takes the more frequent of ; and , in the first line', () => {
    expect(sniffCsv('File Name;Block ID;Assays\na,b,c,d,e;x')).toEqual({ delimiter: ';' });
    expect(sniffCsv('File Name,Block ID;Assays,Organ\n')).toEqual({ delimiter: ',' });
  });

  it('a tie goes to the default delimiter, semicolon', () => {
    expect(sniffCsv('a;b,c')).toEqual({ delimiter: ';' });
  });

  it('does not count delimiters inside quotes, also across a quoted line break', () => {
    expect(sniffCsv('"a;b;c",d,e')).toEqual({ delimiter: ',' });
    expect(sniffCsv('"x\n;;;;;",a,b\nc;d')).toEqual({ delimiter: ',' });
    expect(sniffCsv('"a ""quoted;"" name";b;c,d')).toEqual({ delimiter: ';' });
  });

  it('ends the header at CR, LF or CRLF, or takes the whole head', () => {
    expect(sniffCsv('a;b\r,,,,')).toEqual({ delimiter: ';' });
    expect(sniffCsv('a;b\r\n,,,,')).toEqual({ delimiter: ';' });
    expect(sniffCsv(`a,b,${'x'.repeat(CSV_LIMITS.sniffChars)}`)).toEqual({ delimiter: ',' });
  });

  it('strips a UTF-8 BOM', () => {
    expect(sniffCsv('\uFEFFFile Name;Assays\n')).toEqual({ delimiter: ';' });
    expect(sniffCsv('\uFEFFonly')).toEqual({ error: CSV_FILE_MESSAGES.tooFewColumns });
  });

  it("refuses a binary file's head as not a text file", () => {
    expect(sniffCsv('\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR')).toEqual({
      error: CSV_FILE_MESSAGES.notText,
    });
    expect(sniffCsv('PK\u0003\u0004\u0014\u0000\u0006\u0000;,')).toEqual({
      error: CSV_FILE_MESSAGES.notText,
    });
    expect(sniffCsv('%PDF-1.7 \uFFFD\uFFFD\uFFFD;a')).toEqual({ error: CSV_FILE_MESSAGES.notText });
    expect(sniffCsv('a;b\u0000c')).toEqual({ error: CSV_FILE_MESSAGES.notText });
  });

  it('judges only the first line for text, and allows tabs in it', () => {
    expect(sniffCsv('a\tb;c\n\u0000\u0001')).toEqual({ delimiter: ';' });
  });

  it('names tab and pipe separated files, and calls anything else one column', () => {
    expect(sniffCsv('File Name\tBlock ID\n')).toEqual({ error: CSV_FILE_MESSAGES.notCommaOrSemicolon });
    expect(sniffCsv('File Name|Block ID\n')).toEqual({ error: CSV_FILE_MESSAGES.notCommaOrSemicolon });
    expect(sniffCsv('File Name\nslide.svs')).toEqual({ error: CSV_FILE_MESSAGES.tooFewColumns });
    expect(sniffCsv('')).toEqual({ error: CSV_FILE_MESSAGES.tooFewColumns });
  });

  it('uses the messages of the spec word for word', () => {
    expect(CSV_FILE_MESSAGES.notCommaOrSemicolon).toBe(
      'Only CSV files that are comma or semicolon separated are accepted for metadata import.',
    );
    expect(CSV_FILE_MESSAGES.tooFewColumns).toBe('The CSV file should contain at least 2 columns.');
    expect(CSV_FILE_MESSAGES.noDataRow).toBe(
      'The CSV file should contain 1 header row and at least 1 data row.',
    );
    expect(CSV_LIMITS).toMatchObject({ sniffChars: 1024, chunkBytes: 8192, previewRows: 10 });
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ';', ',', '"', '\t', '|', '\r', '\n', '\u0000', '\uFFFD', '\uFEFF'),
          maxLength: 60,
        }),
        (head) => {
          expect(Object.keys(sniffCsv(head))).toHaveLength(1);
        },
      ),
    );
  });
});

describe('CsvReader and parseCsv (RFC 4180)', () => {
  it('reads records with their physical line', () => {
    expect(parseCsv('a;b\n1;2\n', ';')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('strips a BOM at the very start only', () => {
    expect(cellsOf(parseCsv('\uFEFFa;b\n\uFEFFc;d', ';'))).toEqual([
      ['a', 'b'],
      ['\uFEFFc', 'd'],
    ]);
  });

  it('reads quoted cells holding delimiters, quotes and line breaks', () => {
    const records = parseCsv('a,b\n"x,y","say ""hi""","two\r\nlines"\n"last\nline",z\n', ',');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x,y', 'say "hi"', 'two\r\nlines'] },
      { line: 4, cells: ['last\nline', 'z'] },
    ]);
  });

  it('only the given delimiter separates cells', () => {
    expect(cellsOf(parseCsv('a,b;c', ';'))).toEqual([['a,b', 'c']]);
  });

  it('takes CRLF, LF and CR mixed in one file, counting each as one line', () => {
    expect(parseCsv('h1;h2\r\na;1\nb;2\rc;3\r\n', ';')).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 2, cells: ['a', '1'] },
      { line: 3, cells: ['b', '2'] },
      { line: 4, cells: ['c', '3'] },
    ]);
  });

  it('skips empty lines and lines of only delimiters, keeping the line numbers true', () => {
    expect(parseCsv('h1;h2\n\n\r\na;1\n;\n;;;\r\n\nb;2\n\n', ';')).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 4, cells: ['a', '1'] },
      { line: 8, cells: ['b', '2'] },
    ]);
  });

  it('keeps whitespace as data, and empty cells between delimiters', () => {
    expect(cellsOf(parseCsv(' a ;\tb\t; \n;x;\n', ';'))).toEqual([
      [' a ', '\tb\t', ' '],
      ['', 'x', ''],
    ]);
  });

  it('takes a quote inside a plain cell, and text after a closing quote, as data', () => {
    expect(cellsOf(parseCsv('5" disk;"a"b;"c" d\n', ';'))).toEqual([['5" disk', 'ab', 'c d']]);
  });

  it('makes the rest of the file the cell of an unterminated quote', () => {
    expect(cellsOf(parseCsv('a;b\n1;"open\n2;3\n', ';'))).toEqual([
      ['a', 'b'],
      ['1', 'open\n2;3\n'],
    ]);
  });

  it('reads a last record without a line break', () => {
    expect(cellsOf(parseCsv('a;b\n1;2', ';'))).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cellsOf(parseCsv('a;b\n1;', ';'))).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
    expect(parseCsv('', ';')).toEqual([]);
  });

  const SAMPLE =
    '\uFEFFFile Name;Block ID;"Assays";Notes\r\n' +
    'a.svs;B-1;CD3-PD-L1;"semi;colon"\r\n' +
    '\r\n' +
    '"b.svs";B-2;;"multi\r\nline ""quoted"" text"\n' +
    'c.svs;B-3;Ki-67;trailing \r' +
    ';;;\n' +
    'd.svs;"B;4";CD8;"unterminated\n';

  it('gives the same records for a chunk boundary at every position of a sample file', () => {
    const whole = parseCsv(SAMPLE, ';');
    expect(whole.map((r) => r.line)).toEqual([1, 2, 4, 6, 8]);
    for (let cut = 0; cut <= SAMPLE.length; cut++) expect(readInPieces(SAMPLE, ';', [cut])).toEqual(whole);
  });

  it('gives the same records for any chunking of any text (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', ';', ',', '"', '\r', '\n', '\uFEFF'),
      maxLength: 80,
    });
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom<CsvDelimiter>(';', ','),
        (t, cuts, delimiter) => {
          const sorted = cuts.map((c) => c % (t.length + 1)).sort((a, b) => a - b);
          expect(readInPieces(t, delimiter, sorted)).toEqual(parseCsv(t, delimiter));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads back what an RFC 4180 writer wrote (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ';', ',', '"', '\r', '\n'), maxLength: 8 });
    const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 });
    fc.assert(
      fc.property(rows, fc.constantFrom('\n', '\r\n', '\r'), (table, eol) => {
        const quote = (c: string) => (/[;"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
        const text = table.map((row) => row.map(quote).join(';')).join(eol);
        const written = table.filter((row) => row.some((c) => c !== ''));
        expect(cellsOf(parseCsv(text, ';'))).toEqual(written);
      }),
    );
  });

  it('refuses more columns than the limit with CsvError', () => {
    const ok = `${Array.from({ length: CSV_LIMITS.maxColumns }, () => 'x').join(';')}\n`;
    expect(parseCsv(ok, ';')[0]!.cells).toHaveLength(CSV_LIMITS.maxColumns);
    const reader = new CsvReader(';');
    reader.push('a;b\n');
    expect(() => reader.push(`${';'.repeat(CSV_LIMITS.maxColumns)}\n`)).toThrow(
      new CsvError(CSV_FILE_MESSAGES.tooManyColumns, 2),
    );
  });

  it('refuses a cell longer than the limit, even arriving in small chunks', () => {
    const reader = new CsvReader(',');
    reader.push('a,"');
    let error: unknown;
    try {
      for (let i = 0; i < CSV_LIMITS.maxCellChars / 1000 + 1; i++) reader.push('x'.repeat(1000));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).message).toBe(CSV_FILE_MESSAGES.cellTooLong);
    expect((error as CsvError).line).toBe(1);
    expect(parseCsv(`a,${'x'.repeat(CSV_LIMITS.maxCellChars)}`, ',')[0]!.cells[1]).toHaveLength(
      CSV_LIMITS.maxCellChars,
    );
  });
});

describe('checkCsvRecords: 1 header row of 2 columns or more, and a data row (spec 1 §5)', () => {
  it('refuses a 1-column file', () => {
    expect(checkCsvRecords(parseCsv('File Name\na.svs\n', ';'))).toBe(CSV_FILE_MESSAGES.tooFewColumns);
  });
  it('refuses a header-only file, and an empty one', () => {
    expect(checkCsvRecords(parseCsv('File Name;Block ID\n\n', ';'))).toBe(CSV_FILE_MESSAGES.noDataRow);
    expect(checkCsvRecords(parseCsv('File Name;Block ID\n;\n', ';'))).toBe(CSV_FILE_MESSAGES.noDataRow);
    expect(checkCsvRecords([])).toBe(CSV_FILE_MESSAGES.noDataRow);
  });
  it('accepts a header and a data row', () => {
    expect(checkCsvRecords(parseCsv('File Name;Block ID\na.svs;B1', ';'))).toBeNull();
  });
});
