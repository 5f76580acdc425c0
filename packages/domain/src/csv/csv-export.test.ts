import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvLine,
  CsvRecordCounter,
  escapeCsvCell,
  EXPORT_MESSAGES,
  exportCellValue,
  exportStatusText,
  IDO_COLUMNS,
  idoCsvFileName,
  metadataCsvFileName,
  pyportalConfigFileName,
  pyportalConfigHead,
  pyportalConfigItem,
  pyportalConfigYaml,
  unescapeCsvCell,
} from './csv-export.ts';
import { parseCsv, type CsvDelimiter } from './csv-reader.ts';
import { testField } from '../../test/csv-test-fields.ts';

describe('CSV cell escaping against formula injection (spec 1 §9)', () => {
  it('prefixes each dangerous start with a quote and quotes the cell', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x")', ';')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(escapeCsvCell('+1+cmd|calc', ';')).toBe(`"'+1+cmd|calc"`);
    expect(escapeCsvCell('-2+3', ';')).toBe(`"'-2+3"`);
    expect(escapeCsvCell('@SUM(A1)', ';')).toBe(`"'@SUM(A1)"`);
    expect(escapeCsvCell('\t=1', ';')).toBe(`"'\t=1"`);
    expect(escapeCsvCell('\r=1', ';')).toBe(`"'\r=1"`);
    expect(escapeCsvCell('\n=1', ';')).toBe(`"'\n=1"`);
  });

  it('quotes cells holding the delimiter, a quote or a line break, and leaves others alone', () => {
    expect(escapeCsvCell('a;b', ';')).toBe('"a;b"');
    expect(escapeCsvCell('a,b', ';')).toBe('a,b');
    expect(escapeCsvCell('a,b', ',')).toBe('"a,b"');
    expect(escapeCsvCell('5" disk', ',')).toBe('"5"" disk"');
    expect(escapeCsvCell('two\nlines', ',')).toBe('"two\nlines"');
    expect(escapeCsvCell('a=b-c', ';')).toBe('a=b-c');
    expect(escapeCsvCell('', ';')).toBe('');
  });

  it('is undone exactly by the import (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', '"', ';', 'a'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, fc.constantFrom<CsvDelimiter>(';', ','), (t, delimiter) => {
        const [record] = parseCsv(`x${delimiter}${escapeCsvCell(t, delimiter)}\r\n`, delimiter);
        expect(unescapeCsvCell(record!.cells[1]!)).toBe(t);
      }),
    );
  });
});

describe('csvLine', () => {
  it('joins cells with the delimiter and ends in CRLF', () => {
    expect(csvLine(['a', 'b;c', null, 3, true, false], ';')).toBe('a;"b;c";;3;true;false\r\n');
  });
  it('writes negative numbers plainly (data, not a formula), and non-finite numbers empty', () => {
    expect(csvLine([-5, -0.25, Number.NaN, Number.POSITIVE_INFINITY], ',')).toBe('-5,-0.25,,\r\n');
    expect(csvLine(['-5'], ',')).toBe(`"'-5"\r\n`);
  });
});

describe('exportCellValue: what a metadata CSV cell holds', () => {
  it('writes assays as their hyphen list in channel order, other lists comma-separated', () => {
    const assays = [
      { channel: 2, marker: 'PD-L1', chromogenFluorophores: 'DAB' },
      { channel: 1, marker: 'CD3' },
    ];
    expect(exportCellValue(testField('assays'), assays)).toBe('CD3-PD-L1');
    expect(exportCellValue(testField('assays'), [])).toBe('');
    expect(exportCellValue(testField('drugIds'), ['D-1', 'D-2'])).toBe('D-1, D-2');
  });
  it('writes everything else as stored', () => {
    expect(exportCellValue(testField('scanMagnification'), 40)).toBe(40);
    expect(exportCellValue(testField('imageQcPass'), false)).toBe(false);
    expect(exportCellValue(testField('organ'), 'Lung')).toBe('Lung');
    expect(exportCellValue(testField('organ'), null)).toBeNull();
    expect(exportCellValue(testField('organ'), undefined)).toBeNull();
    expect(exportCellValue({ fieldName: 'extra', primaryType: 'string' }, { a: 1 })).toBe('{"a":1}');
  });
});

describe('the IDO export (spec 1 §9, spec 3 §9)', () => {
  it('has the columns and headings of the spec, in order', () => {
    expect(IDO_COLUMNS).toEqual([
      { field: 'studyId', header: 'FileName' },
      { field: 'fileName', header: 'ImageName' },
      { field: 'assays', header: 'MarkerName' },
      { field: 'blockId', header: 'CaseName' },
      { field: 'indicationV2', header: 'Indication' },
      { field: 'fileExtension', header: 'FileExt' },
      { field: 'fileShareFolder', header: 'ImagePath' },
    ]);
  });
});

describe('export file names (spec 1 §9)', () => {
  it('names the three files after the project', () => {
    expect(metadataCsvFileName('Lung study', '2024-05-06')).toBe('Lung study_2024-05-06.csv');
    expect(idoCsvFileName('Lung study')).toBe('Lung study_ido.csv');
    expect(pyportalConfigFileName('Lung study')).toBe('downloadConfig - Lung study.yaml');
  });
  it('replaces characters no file system accepts', () => {
    expect(idoCsvFileName('a/b\\c:d*e?f"g<h>i|j\u0001k')).toBe('a_b_c_d_e_f_g_h_i_j_k_ido.csv');
    expect(metadataCsvFileName('../up', '2024-05-06')).toBe('.._up_2024-05-06.csv');
  });
});

describe('the pyportal config (spec 1 §9)', () => {
  it('holds project_id and the list slide_ids, ids quoted as strings', () => {
    expect(pyportalConfigYaml('p1', ['0123', 'abc'])).toBe(
      'project_id: "p1"\nslide_ids:\n  - "0123"\n  - "abc"\n',
    );
  });
  it('is its head and items concatenated, so a server can stream it', () => {
    const ids = ['a'.repeat(24), 'b'.repeat(24)];
    expect(pyportalConfigHead('p') + ids.map(pyportalConfigItem).join('')).toBe(pyportalConfigYaml('p', ids));
  });
  it('writes an empty list as [], and escapes what YAML would misread', () => {
    expect(pyportalConfigYaml('p1', [])).toBe('project_id: "p1"\nslide_ids: []\n');
    expect(pyportalConfigItem('a"b\\c')).toBe('  - "a\\"b\\\\c"\n');
  });
});

describe('export status and warnings (spec 1 §9)', () => {
  it('says how far the export is', () => {
    expect(exportStatusText(5, 10, 1, 2)).toBe('5 of 10 (1 failed, 2 skipped)');
  });
  it('warns that the export holds only the slides matching the filters', () => {
    expect(EXPORT_MESSAGES.filtersActive(42)).toBe(
      'Filters or a search are active: the export covers only the 42 slides they match, not the whole project.',
    );
    expect(EXPORT_MESSAGES.filtersActive(1)).toBe(
      'Filters or a search are active: the export covers only the 1 slide they match, not the whole project.',
    );
  });
});

describe('CsvRecordCounter: the progress of a download', () => {
  it('counts records as they complete, not line breaks inside quotes, a CRLF once', () => {
    const counter = new CsvRecordCounter(';');
    expect(counter.push('h1;h2\r')).toBe(1);
    expect(counter.push('\na;"two\r\nlines"\r\n')).toBe(2);
    expect(counter.push('\r\n\nb;')).toBe(2);
    expect(counter.push('c\r\n')).toBe(3);
    expect(counter.end()).toBe(3);
  });

  it('agrees with parseCsv for any text and any chunking (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ';', ',', '"', '\r', '\n', '\uFEFF'),
      maxLength: 60,
    });
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.constantFrom<CsvDelimiter>(';', ','),
        (t, cuts, delimiter) => {
          const counter = new CsvRecordCounter(delimiter);
          let at = 0;
          for (const cut of cuts.map((c) => c % (t.length + 1)).sort((a, b) => a - b)) {
            counter.push(t.slice(at, cut));
            at = cut;
          }
          counter.push(t.slice(at));
          expect(counter.end()).toBe(parseCsv(t, delimiter).length);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('without a delimiter, agrees with parseCsv on any file csvLine writes, split anywhere (property)', () => {
    const cell = fc.oneof(
      fc.string({
        unit: fc.constantFrom('a', ';', ',', '"', '\r', '\n', '=', ' '),
        minLength: 1,
        maxLength: 6,
      }),
      fc.integer(),
      fc.constant(null),
    );
    const rows = fc.array(
      fc.array(cell, { minLength: 1, maxLength: 4 }).filter((row) => row.some((c) => c !== null)),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(rows, fc.constantFrom<CsvDelimiter>(';', ','), fc.nat(), (table, delimiter, cut) => {
        const text = table.map((row) => csvLine(row, delimiter)).join('');
        const counter = new CsvRecordCounter();
        const at = cut % (text.length + 1);
        expect(counter.push(text.slice(0, at)) <= table.length).toBe(true);
        expect(counter.push(text.slice(at))).toBe(parseCsv(text, delimiter).length);
        expect(counter.end()).toBe(table.length);
      }),
    );
  });
});
