import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choosableValues } from '../fields/cell-value.ts';
import type { FieldDescriptor } from '../fields/field-types.ts';
import { csvLine, exportCellValue } from './csv-export.ts';
import { autoMapColumns, importableFields } from './csv-import.ts';
import { matchCsvValue } from './csv-match.ts';
import { parseCsv, type CsvDelimiter } from './csv-reader.ts';
import { TEST_FIELDS, TEST_MARKERS } from '../../test/csv-test-fields.ts';

/** Text as users write it, dangerous starts, quotes, delimiters and line breaks included; trimmed, as the import trims. */
const freeText = fc
  .string({
    unit: fc.constantFrom('x', 'Y', '7', ' ', "'", '=', '+', '-', '@', '"', ';', ',', '\t', '\r', '\n', 'é'),
    minLength: 1,
    maxLength: 10,
  })
  .map((s) => s.trim())
  .filter((s) => s !== '');

const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true });
const plainNumber = (n: number) => (Object.is(n, -0) ? 0 : n);

/** A value the field may store, or null. */
function storedValue(field: FieldDescriptor): fc.Arbitrary<unknown> {
  const vocabulary = choosableValues(field.allowedValues ?? []).map((a) => a.value);
  const value = ((): fc.Arbitrary<unknown> => {
    if (field.fieldName === 'assays') {
      return fc
        .array(fc.constantFrom(...TEST_MARKERS), { minLength: 1, maxLength: 5 })
        .map((markers) => markers.map((marker, i) => ({ channel: i + 1, marker })));
    }
    switch (field.primaryType) {
      case 'array':
        return fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1 });
      case 'int':
        return fc.integer();
      case 'uint':
        return fc.nat();
      case 'percentageUint':
        return fc.integer({ min: 0, max: 100 });
      case 'float':
        return fc.double({ noNaN: true, noDefaultInfinity: true }).map(plainNumber);
      case 'percentageFloat':
        return fc.double({ min: 0, max: 100, noNaN: true }).map(plainNumber);
      case 'bool':
        return fc.boolean();
      case 'stringUtcDate':
        return day.map((d) => d.toISOString().slice(0, 10));
      case 'stringUtcDateTime':
        return day.map((d) => d.toISOString());
      default:
        // Free text of a field with suggestions must not spell one of them, or the import takes its spelling.
        if (field.allowedValues && !field.allowsFreeText) return fc.constantFrom(...vocabulary);
        return field.allowedValues
          ? freeText.filter((s) => !vocabulary.some((v) => v.toLowerCase() === s.toLowerCase()))
          : freeText;
    }
  })();
  return fc.option(value, { freq: 5 });
}

const FIELDS = importableFields(TEST_FIELDS);

describe('round trip: an exported row imports back to the same values', () => {
  it('holds for every importable field, with either delimiter (property)', () => {
    const row = fc.record(Object.fromEntries(FIELDS.map((f) => [f.fieldName, storedValue(f)])));
    fc.assert(
      fc.property(
        row,
        fc.constantFrom<CsvDelimiter>(';', ','),
        fc.constantFrom('DMY', 'MDY', 'YMD') as fc.Arbitrary<'DMY' | 'MDY' | 'YMD'>,
        (values, delimiter, dateOrder) => {
          const text =
            csvLine(
              FIELDS.map((f) => f.headerName),
              delimiter,
            ) +
            csvLine(
              FIELDS.map((f) => exportCellValue(f, values[f.fieldName])),
              delimiter,
            );
          const [header, record, ...rest] = parseCsv(text, delimiter);
          expect(rest).toEqual([]);
          const mapping = autoMapColumns(header!.cells, TEST_FIELDS);
          expect(mapping.map((m) => m.slideField)).toEqual(FIELDS.map((f) => f.fieldName));
          for (const [i, field] of FIELDS.entries()) {
            expect(
              matchCsvValue(field, record!.cells[i] ?? '', { markers: TEST_MARKERS, dateOrder }),
              field.fieldName,
            ).toEqual({ value: values[field.fieldName] });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
