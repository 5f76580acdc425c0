/**
 * Reading the chosen CSV file in the browser (spec 1 §5, §9): the header is sniffed from the first 1024
 * characters, the preview reads 8192-byte chunks until it has its 10 rows, and the import reads the whole
 * file the same way — never the whole text at once into the parser, so a large file is parsed as it is read.
 */
import {
  checkCsvRecords,
  CSV_LIMITS,
  CsvError,
  CsvReader,
  sniffCsv,
  type CsvDelimiter,
  type CsvRecord,
} from '@tessera/domain';

/** Larger files are refused before they are read (the server takes at most 64 MiB of mapped columns). */
export const MAX_CSV_FILE_BYTES = 50 * 1024 * 1024;
export const CSV_FILE_TOO_LARGE = 'The CSV file is too large: at most 50 MB can be imported at once.';

export interface CsvFileStart {
  delimiter: CsvDelimiter;
  header: string[];
  /** The first data rows (at most CSV_LIMITS.previewRows). */
  preview: CsvRecord[];
}

/** The file's delimiter, header and first rows, or the message that refuses it. */
export async function readCsvStart(file: File): Promise<CsvFileStart | { error: string }> {
  if (file.size > MAX_CSV_FILE_BYTES) return { error: CSV_FILE_TOO_LARGE };
  const head = await file.slice(0, CSV_LIMITS.sniffChars * 4).text();
  const sniffed = sniffCsv(head.slice(0, CSV_LIMITS.sniffChars));
  if ('error' in sniffed) return sniffed;
  try {
    const records: CsvRecord[] = [];
    for await (const batch of readRecords(file, sniffed.delimiter)) {
      records.push(...batch);
      if (records.length > CSV_LIMITS.previewRows) break;
    }
    const problem = checkCsvRecords(records);
    if (problem) return { error: problem };
    return {
      delimiter: sniffed.delimiter,
      header: records[0]!.cells,
      preview: records.slice(1, CSV_LIMITS.previewRows + 1),
    };
  } catch (error) {
    if (error instanceof CsvError) return { error: error.message };
    throw error;
  }
}

/** Every data record of the file (the header left out). */
export async function readCsvRows(file: File, delimiter: CsvDelimiter): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const batch of readRecords(file, delimiter)) records.push(...batch);
  return records.slice(1);
}

/** The file's records, chunk by chunk of CSV_LIMITS.chunkBytes. */
async function* readRecords(file: File, delimiter: CsvDelimiter): AsyncGenerator<CsvRecord[]> {
  const reader = new CsvReader(delimiter);
  const decoder = new TextDecoder();
  for (let at = 0; at < file.size; at += CSV_LIMITS.chunkBytes) {
    const bytes = await file.slice(at, at + CSV_LIMITS.chunkBytes).arrayBuffer();
    yield reader.push(decoder.decode(bytes, { stream: true }));
  }
  yield reader.push(decoder.decode());
  yield reader.end();
}
