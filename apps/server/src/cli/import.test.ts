import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_USAGE, parseImportArgs, progressLine, summaryLines } from './import.ts';

describe('tessera import arguments and output', () => {
  it('parses DIR and --project in either order', () => {
    expect(parseImportArgs(['slides', '--project', 'Lung study'])).toEqual({
      dir: path.resolve('slides'),
      project: 'Lung study',
    });
    expect(parseImportArgs(['--project=Lung', '/data/in'])).toEqual({ dir: '/data/in', project: 'Lung' });
  });

  it('refuses missing or unknown arguments', () => {
    expect(parseImportArgs(['slides'])).toBe(IMPORT_USAGE);
    expect(parseImportArgs(['--project', 'x'])).toBe(IMPORT_USAGE);
    expect(parseImportArgs(['a', 'b', '--project', 'x'])).toBe(IMPORT_USAGE);
    expect(parseImportArgs(['a', '--force', '--project', 'x'])).toBe("Unknown option '--force'");
  });

  it('draws the bar and the summary', () => {
    expect(progressLine({ done: 1, total: 3, fileName: 'a.svs', outcome: 'imported' })).toBe(
      `[${'#'.repeat(10)}${'-'.repeat(20)}] 1/3 a.svs (imported)`,
    );
    expect(
      summaryLines({
        imported: [],
        skipped: [{ fileName: 'n.txt', reason: 'Not a slide file type' }],
        failed: [{ fileName: 'b.svs', reason: 'File is truncated' }],
      }),
    ).toEqual([
      '0 imported, 1 skipped, 1 failed',
      'skipped n.txt: Not a slide file type',
      'failed b.svs: File is truncated',
    ]);
  });
});
