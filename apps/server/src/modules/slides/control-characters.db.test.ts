/**
 * NUL and other control characters are refused on the way in (issue 10 point 6, DESIGN §14): a NUL in a
 * text filter or the global search once reached SQLite's full-text search and answered 500 on the grid,
 * the filter values and every export, and a shared view holding one saved, then failed for everyone.
 */
import { beforeAll, expect, it } from 'vitest';
import { bodyRowsLines, metadataImport } from '@tessera/contract';
import { CELL_MESSAGES, TEXT_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';

const NUL = '\u0000';

describeEachDialect('control characters', (t) => {
  let writer: TestUser;
  let projectId: string;
  let slideId: string;
  const post = (path: string, payload: object) =>
    t().request(writer, { method: 'POST', url: `/v1/projects/${projectId}${path}`, payload });

  beforeAll(async () => {
    writer = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: writer, role: 'projectWrite' }] })).id;
    [slideId] = (await insertTestSlides(t().ctx.db, projectId, [{ fileName: 'A.svs', blockId: 'B-1' }])) as [
      string,
    ];
  });

  const hostileFilters = [
    [
      'a text filter',
      { filterModel: { blockId: { filterType: 'text', type: 'contains', filter: `B${NUL}` } } },
    ],
    ['a set filter value', { filterModel: { studyId: { filterType: 'set', values: [`GO${NUL}1`] } } }],
    ['the global search', { globalSearchText: `B${NUL}1` }],
    ['an escape sequence', { globalSearchText: '\u001b[2J' }],
  ] as const;

  it.each(hostileFilters)(
    'refuses %s on the grid, the filter values, the three exports and shared views',
    async (_name, filters) => {
      const calls = [
        post('/slides/grid', { startRow: 0, endRow: 100, ...filters }),
        post('/slides/filter-values', { field: 'studyId', ...filters }),
        post('/slides/export/metadata-csv', { ...filters, fields: ['fileName'] }),
        post('/slides/export/ido-csv', filters),
        post('/slides/export/pyportal-config', filters),
        post('/shared-views', {
          type: 'metadata filters config',
          value: { globalSearchText: '', filterModel: {}, columnState: null, ...filters },
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toContain(TEXT_MESSAGES.controlCharacters);
      }
    },
  );

  it('refuses a cell edit holding one, and changes nothing', async () => {
    const grid = await post('/slides/grid', { startRow: 0, endRow: 10 });
    const row = grid.json().data[0] as { updatedAt: string };
    const res = await t().request(writer, {
      method: 'PATCH',
      url: `/v1/projects/${projectId}/slides`,
      payload: { slides: [{ id: slideId, updatedAt: row.updatedAt, blockId: `B${NUL}2` }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(CELL_MESSAGES.controlCharacters('Block ID'));
    const after = await post('/slides/grid', { startRow: 0, endRow: 10 });
    expect(after.json().data[0].blockId).toBe('B-1');
  });

  it('reports a CSV line holding one, without repeating the value', async () => {
    const body = {
      fileName: 'nul.csv',
      columns: [
        { csvFieldName: 'File', slideField: 'fileName' },
        { csvFieldName: 'Block', slideField: 'blockId' },
      ],
      rows: [
        { line: 2, cells: ['A.svs', `B${NUL}3`] },
        { line: 3, cells: [`A${NUL}.svs`, 'B-3'] },
      ],
      options: { overwrite: true, allowCorrectValues: false },
      dryRun: true,
    };
    const res = await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/import-csv`,
      headers: { 'content-type': 'application/x-ndjson' },
      payload: bodyRowsLines(metadataImport.importSlideMetadata, body).join('\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([
      "Line 2, slide A.svs: The value for column 'Block' contains control characters.",
      "Line 3, slide : The value for column 'File' contains control characters.",
    ]);
  });
});
