/** The import call's body from the file's records and the mapping: only the mapped, imported columns travel. */
import type { CsvImportRequest } from '@tessera/contract';
import type { CsvMappingRow, CsvRecord, DateOrder } from '@tessera/domain';

export interface ImportOptions {
  overwrite: boolean;
  allowCorrectValues: boolean;
}

export function importRequestOf(
  fileName: string,
  records: readonly CsvRecord[],
  mapping: readonly CsvMappingRow[],
  options: ImportOptions,
  dateOrder: DateOrder,
): CsvImportRequest {
  const mapped = mapping.filter(
    (m): m is CsvMappingRow & { slideField: string } => m.import && m.slideField !== null,
  );
  return {
    fileName,
    columns: mapped.map((m) => ({ csvFieldName: m.csvFieldName, slideField: m.slideField })),
    rows: records.map((r) => ({ line: r.line, cells: mapped.map((m) => r.cells[m.fieldNumber] ?? '') })),
    options,
    dateOrder,
  };
}
