/**
 * The CSV import through the API (spec 1 §5, issue #5), on both databases: the dry run's report and
 * messages, strict refusal, 'Allow import of correct values', overwrite, matching and normalization of
 * values, progress lines, the editing rights, and bad requests that change nothing.
 */
import { beforeEach, expect, it } from 'vitest';
import {
  bodyRowsLines,
  metadataImport,
  type CsvImportReport,
  type CsvImportRequest,
} from '@tessera/contract';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';

type Columns = [csvFieldName: string, slideField: string][];
const request = (
  columns: Columns,
  rows: string[][],
  over: Partial<CsvImportRequest> = {},
): CsvImportRequest => ({
  fileName: 'metadata.csv',
  columns: columns.map(([csvFieldName, slideField]) => ({ csvFieldName, slideField })),
  rows: rows.map((cells, i) => ({ line: i + 2, cells })),
  options: { overwrite: false, allowCorrectValues: false },
  dateOrder: 'DMY',
  ...over,
});
const COLUMNS: Columns = [
  ['File name', 'fileName'],
  ['Block', 'blockId'],
  ['Indication', 'indicationV2'],
  ['Subtype', 'indicationSubtypeV2'],
  ['Assays', 'assays'],
  ['Study', 'studyId'],
  ['Drugs', 'drugIds'],
  ['Tumor %', 'tumorContent'],
  ['Collected', 'collectionDate'],
];

describeEachDialect('CSV import', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let projectId: string;
  const post = (body: object, user: TestUser = writer) =>
    t().request(user, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/import-csv`,
      headers: { 'content-type': 'application/x-ndjson' },
      payload: bodyRowsLines(metadataImport.importSlideMetadata, body).join('\n'),
    });
  const slides = async () => {
    const res = await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: { startRow: 0, endRow: 100 },
    });
    return new Map((res.json().data as Record<string, unknown>[]).map((r) => [String(r.fileName), r]));
  };
  /** The NDJSON lines of an applied import. */
  const events = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeEach(async () => {
    writer = await t().createUser();
    reader = await t().createUser();
    projectId = (
      await t().createProject({
        members: [
          { user: writer, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    const [, , , locked] = await insertTestSlides(t().ctx.db, projectId, [
      { fileName: 'S-001.svs', blockId: 'B-OLD', studyId: 'GO1' },
      { fileName: 'S-002.svs' },
      { fileName: 'S-003.ndpi' },
      { fileName: 'Locked.svs' },
    ]);
    await t()
      .ctx.db.updateTable('slides')
      .set({ editable_fields: JSON.stringify(['blockId']) })
      .where('id', '=', locked!)
      .execute();
  });

  it('checks every line in a dry run and changes nothing', async () => {
    const res = await post({
      ...request(COLUMNS, [
        [
          's-001',
          'B-1',
          'nsclc',
          'adenocarcinoma',
          'cd3-PD-L1',
          'GO2',
          'atezolizumab, placebo',
          '40',
          '05/03/24',
        ],
        ['S-404.svs', 'B-2', 'NSCLC', '', 'CD8', 'GO2', '', '', ''],
        ['S-002.svs', 'B-3', 'Martian cancer', '', 'CD8', 'GO2', '', '', ''],
        ['S-003.NDPI', 'B-4', 'Melanoma', 'HER2+', 'CD8', 'GO2', '', '', ''],
        ['', 'B-5', 'NSCLC', '', 'CD8', 'GO2', '', '', ''],
      ]),
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as CsvImportReport;
    expect(report).toMatchObject({ lines: 5, correct: 1, incorrect: 4, isApplied: false, slides: 1 });
    expect(report.messages).toEqual([
      'Line 3, slide S-404.svs: Slide not found in Portal project.',
      "Line 4, slide S-002.svs: Value 'Martian cancer' for column 'Indication' is not supported.",
      "Line 5, slide S-003.NDPI: The subtype 'HER2+' is not a valid entry of the 'Melanoma' indication.",
      'Line 6, slide : Missing slide file name in CSV file.',
    ]);
    expect((await slides()).get('S-001.svs')).toMatchObject({ blockId: 'B-OLD', indicationV2: null });
  });

  it('refuses a strict import with a bad line, and imports the correct lines when allowed, with progress', async () => {
    const body = request(COLUMNS, [
      [
        's-001',
        'B-1',
        'nsclc',
        'adenocarcinoma',
        'cd3-PD-L1',
        'GO2',
        'atezolizumab, placebo',
        '40',
        '05/03/24',
      ],
      ['S-002', 'B-2', 'Breast cancer', 'HER2+', 'CD8', 'GO2', '', '101', ''],
    ]);
    const refused = await post(body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'IMPORT_REFUSED',
      message: expect.stringContaining('1 of 2 lines hold errors'),
    });
    expect((await slides()).get('S-001.svs')).toMatchObject({ blockId: 'B-OLD' });

    const res = await post({ ...body, options: { overwrite: false, allowCorrectValues: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = events(res.body);
    expect(lines.at(-2)).toEqual({ progress: { done: 1, total: 1 } });
    const { report } = lines.at(-1) as { report: CsvImportReport };
    expect(report).toMatchObject({ lines: 2, correct: 1, incorrect: 1, isApplied: true, slides: 1 });
    // Overwrite off: the block id S-001 held stays; empty fields are filled, in the vocabulary's spelling.
    const s1 = (await slides()).get('S-001.svs')!;
    expect(s1).toMatchObject({
      blockId: 'B-OLD',
      studyId: 'GO1',
      indicationV2: 'NSCLC',
      indicationSubtypeV2: 'Adenocarcinoma',
      drugIds: ['Atezolizumab', 'Placebo'],
      tumorContent: 40,
      collectionDate: '2024-03-05',
      assayMarkersFormatted: 'CD3-PD-L1',
    });
    expect(report.changes).toContainEqual({
      slideId: s1.id,
      field: 'indicationV2',
      before: null,
      after: 'NSCLC',
    });
    expect((await slides()).get('S-002.svs')).toMatchObject({ blockId: null });
    // The lists went to the side tables too: a set filter finds the slide.
    const filtered = await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: { filterModel: { drugIds: { filterType: 'set', values: ['Placebo'] } } },
    });
    expect(filtered.json().filteredSlideCount).toBe(1);
  });

  it('overwrites existing values when asked; a file of bad lines only is refused even when partial imports are allowed', async () => {
    const columns: Columns = [
      ['File name', 'fileName'],
      ['Block', 'blockId'],
    ];
    const res = await post(
      request(columns, [['S-001.svs', 'B-NEW']], { options: { overwrite: true, allowCorrectValues: false } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await slides()).get('S-001.svs')).toMatchObject({ blockId: 'B-NEW' });
    const none = await post(
      request(columns, [['nope.svs', 'B-1']], { options: { overwrite: true, allowCorrectValues: true } }),
    );
    expect(none.statusCode).toBe(422);
  });

  it("keeps the slide's editing rights: a field outside its allow-list is a line error", async () => {
    const columns: Columns = [
      ['File name', 'fileName'],
      ['Block', 'blockId'],
      ['Study', 'studyId'],
    ];
    const res = await post({ ...request(columns, [['Locked.svs', 'B-9', 'GO9']]), dryRun: true });
    expect(res.json().messages).toEqual(['Line 2, slide Locked.svs: Study ID cannot be edited']);
  });

  it('needs slideMetadataManage, and refuses malformed requests without changing anything', async () => {
    const columns: Columns = [
      ['File name', 'fileName'],
      ['Block', 'blockId'],
    ];
    expect((await post(request(columns, [['S-001.svs', 'B-1']]), reader)).statusCode).toBe(403);
    const bad = [
      request([['Id', 'id'], ...columns], [['x', 'S-001.svs', 'B-1']]),
      request([...columns, ['Block again', 'blockId']], [['S-001.svs', 'B-1', 'B-2']]),
      request([['Block', 'blockId']], [['B-1']]),
      request(columns, [['S-001.svs']]),
      { ...request(columns, [['S-001.svs', 'B-1']]), extra: true },
      request(columns, []),
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await slides()).get('S-001.svs')).toMatchObject({ blockId: 'B-OLD' });
  });
});
