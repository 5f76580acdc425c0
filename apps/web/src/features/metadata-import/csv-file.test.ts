import { describe, expect, it } from 'vitest';
import { CSV_FILE_MESSAGES } from '@tessera/domain';
import { CSV_FILE_TOO_LARGE, MAX_CSV_FILE_BYTES, readCsvRows, readCsvStart } from './csv-file.ts';

const file = (text: string, name = 'metadata.csv') => new File([text], name, { type: 'text/csv' });

describe('reading the chosen CSV file', () => {
  it('refuses a file over the size limit before reading it', async () => {
    const huge = {
      size: MAX_CSV_FILE_BYTES + 1,
      slice: () => {
        throw new Error('read');
      },
    } as unknown as File;
    expect(await readCsvStart(huge)).toEqual({ error: CSV_FILE_TOO_LARGE });
  });

  it('sniffs the delimiter and reads the header and the first rows; a header-only file is refused', async () => {
    const start = await readCsvStart(file('\uFEFFFile name;Block\r\na.svs;B-1\nb.svs;"B;2"\n'));
    expect(start).toEqual({
      delimiter: ';',
      header: ['File name', 'Block'],
      preview: [
        { line: 2, cells: ['a.svs', 'B-1'] },
        { line: 3, cells: ['b.svs', 'B;2'] },
      ],
    });
    expect(await readCsvStart(file('File name,Block\n'))).toEqual({ error: CSV_FILE_MESSAGES.noDataRow });
  });

  it('reads every data row in 8192-byte chunks, records across chunk boundaries whole', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `slide-${i}.svs,"note ${i}\nsecond line é"`);
    const rows = await readCsvRows(file(['File name,Note', ...lines].join('\n')), ',');
    expect(rows).toHaveLength(3000);
    expect(rows[2999]).toEqual({ line: 2 + 2999 * 2, cells: ['slide-2999.svs', 'note 2999\nsecond line é'] });
  });
});
