import { describe, expect, it } from 'vitest';
import { importRequestOf } from './import-request.ts';

describe('the import request', () => {
  it('carries only the mapped, imported columns, cells in their order, short rows padded', () => {
    const request = importRequestOf(
      'study.csv',
      [
        { line: 2, cells: ['a.svs', 'x', 'B-1', 'NSCLC'] },
        { line: 4, cells: ['b.svs', 'y'] },
      ],
      [
        { csvFieldName: 'File', slideField: 'fileName', import: true, fieldNumber: 0 },
        { csvFieldName: 'Note', slideField: null, import: false, fieldNumber: 1 },
        { csvFieldName: 'Block', slideField: 'blockId', import: false, fieldNumber: 2 },
        { csvFieldName: 'Indication', slideField: 'indicationV2', import: true, fieldNumber: 3 },
      ],
      { overwrite: true, allowCorrectValues: false },
      'DMY',
    );
    expect(request.columns).toEqual([
      { csvFieldName: 'File', slideField: 'fileName' },
      { csvFieldName: 'Indication', slideField: 'indicationV2' },
    ]);
    expect(request.rows).toEqual([
      { line: 2, cells: ['a.svs', 'NSCLC'] },
      { line: 4, cells: ['b.svs', ''] },
    ]);
    expect(request).toMatchObject({
      fileName: 'study.csv',
      options: { overwrite: true, allowCorrectValues: false },
      dateOrder: 'DMY',
    });
  });
});
