/**
 * The CSV import wizard of the slide table (spec 1 §4 import wizard pages, §5 CSV file, mapping, row
 * messages, value matching, import options; issue #5 point 6): a full import with one column mapped by
 * hand, each file-level message, and a strict import refused, then the same file imported with 'Allow
 * import of correct values'. The wizard is driven as a person drives it; what was saved is read through
 * the API, never the database.
 *
 * Each scenario imports into synthetic demo slides of its own ten: 9010–9019 the full import, 9020–9029
 * the strict one (slide-table.spec.ts stays below 1000, the other issue #5 specs use 9100 and up).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ApiError, apiCall } from './support/api.ts';
import {
  assayText,
  cellOf,
  gridQuery,
  openTable,
  rowOf,
  search,
  slideById,
  slidesById,
  tempFile,
  type SlideRow,
} from './support/slides.ts';
import { USERS } from './support/users.ts';

/** Whether an import request (NDJSON: the options on the first line, then the rows) is the wizard's dry run. */
const isDryRun = (body: string | null) =>
  (JSON.parse((body ?? '{}').split('\n', 1)[0]!) as { dryRun?: boolean }).dryRun === true;

const CSV_FILE_MESSAGES = {
  notCommaOrSemicolon:
    'Only CSV files that are comma or semicolon separated are accepted for metadata import.',
  tooFewColumns: 'The CSV file should contain at least 2 columns.',
  noDataRow: 'The CSV file should contain 1 header row and at least 1 data row.',
  notText: 'The file is not a text file.',
};

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Import slide metadata from CSV' });

/** Opens the wizard from the toolbar, on its first page. */
async function openWizard(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = wizard(page);
  await expect(dialog.getByText('Drop a CSV file here, or')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  return dialog;
}

/** Hands the wizard a file through its (hidden) file input, as Choose file would. */
const chooseFile = (dialog: Locator, file: string) => dialog.getByLabel('CSV file').setInputFiles(file);

/** Picks a portal field for a CSV column on the Map Columns page. */
async function mapTo(page: Page, dialog: Locator, column: string, field: string): Promise<void> {
  await dialog.getByRole('combobox', { name: `Portal field of ${column}` }).click();
  await page.getByRole('listbox').getByRole('option', { name: field, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: `Portal field of ${column}` })).toHaveText(field);
}

/** Synthetic slides among ten numbered ones with every required field (a few have no indication or block). */
async function completeSlides(
  token: string,
  projectId: string,
  tens: string,
  count: number,
): Promise<SlideRow[]> {
  const { data } = await gridQuery(token, projectId, {
    filterModel: { fileName: { filterType: 'text', type: 'contains', filter: tens } },
    endRow: 10,
  });
  const chosen = data
    .filter((s) => s.indicationV2 && s.blockId && s.studyId && (s.assays as unknown[]).length > 0)
    .slice(0, count);
  expect(chosen).toHaveLength(count);
  return chosen;
}

const isBlank = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

test('a full import: columns matched by name, one mapped by hand, preview, import with its progress and summary; Undo takes it back', async ({
  page,
  shot,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const slides = await completeSlides(token, projectId, '-0901', 3);
  const stamp = Date.now().toString(36);
  // What the file sets: new block ids and tumour contents, the indication as it is (in lower case: the
  // vocabulary's spelling is taken), one more marker on the first slide's assays (also in lower case).
  const extraMarker = assayText(slides[0]!.assays).includes('Ki-67') ? 'CD8' : 'Ki-67';
  const planned = slides.map((s, i) => ({
    slide: s,
    blockId: `IMP-${stamp}-${i + 1}`,
    tumorContent: s.tumorContent === 11 + i ? 51 + i : 11 + i,
    assays: i === 0 ? `${assayText(s.assays)}-${extraMarker.toLowerCase()}` : assayText(s.assays),
  }));
  // Slides are found by file name with or without its extension, in any case: the second line names its
  // slide without '.svs' and in upper case.
  const fileNameCell = (s: SlideRow, i: number) =>
    i === 1 ? s.fileName.replace(/\.svs$/, '').toUpperCase() : s.fileName;
  const csv = [
    'File Name;Block ID;Indication;Tumour pct;Study ID;Assays',
    ...planned.map((p, i) =>
      [
        fileNameCell(p.slide, i),
        p.blockId,
        String(p.slide.indicationV2).toLowerCase(),
        p.tumorContent,
        p.slide.studyId,
        p.assays,
      ].join(';'),
    ),
  ].join('\r\n');
  const file = tempFile(`import-${stamp}.csv`, `${csv}\r\n`);

  // Page 1: the file is read and described.
  const dialog = await openWizard(page);
  await chooseFile(dialog, file);
  await expect(dialog.getByRole('alert')).toHaveText(`import-${stamp}.csv: 6 columns, separated by ';'.`);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Page 2: five headers name their fields; 'Tumour pct' names none and is not imported.
  const mapping = dialog.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  for (const [column, field] of [
    ['File Name', 'File Name'],
    ['Block ID', 'Block ID'],
    ['Indication', 'Indication'],
    ['Study ID', 'Study ID'],
    ['Assays', 'Assays'],
  ]) {
    await expect(dialog.getByRole('combobox', { name: `Portal field of ${column}` })).toHaveText(field!);
    await expect(dialog.getByRole('checkbox', { name: `Import ${column}` })).toBeChecked();
  }
  await expect(dialog.getByRole('combobox', { name: 'Portal field of Tumour pct' })).toHaveText(
    'Not imported',
  );
  await expect(dialog.getByRole('checkbox', { name: 'Import Tumour pct' })).toBeDisabled();
  await expect(mapping.getByRole('row').filter({ hasText: 'Tumour pct' })).toContainText(
    String(planned[0]!.tumorContent),
  );
  const warning = dialog.getByRole('alert');
  await expect(warning).toHaveCount(0);

  // A slip: 'Tumour pct' mapped to Block ID takes that field from its own column (a field fills one
  // column only). Block ID is still imported, from the wrong column, so nothing is missing yet.
  await mapTo(page, dialog, 'Tumour pct', 'Block ID');
  await expect(dialog.getByRole('combobox', { name: 'Portal field of Block ID' })).toHaveText('Not imported');
  await expect(dialog.getByRole('checkbox', { name: 'Import Block ID' })).not.toBeChecked();
  await expect(warning).toHaveCount(0);
  // Study ID unticked: of the pair Acronym or Study ID neither is imported.
  await dialog.getByRole('checkbox', { name: 'Import Study ID' }).uncheck();
  await expect(warning).toHaveText(
    'The following required fields have not been selected for import - Acronym or Study ID.',
  );
  // 'Tumour pct' to Tumor Content (%), by hand: now no column feeds Block ID.
  await mapTo(page, dialog, 'Tumour pct', 'Tumor Content (%)');
  await expect(dialog.getByRole('checkbox', { name: 'Import Tumour pct' })).toBeChecked();
  await expect(warning).toHaveText(
    'The following required fields have not been selected for import - Block ID, Acronym or Study ID.',
  );
  await dialog.getByRole('checkbox', { name: 'Import Study ID' }).check();
  await expect(warning).toHaveText(
    'The following required fields have not been selected for import - Block ID.',
  );
  await mapTo(page, dialog, 'Block ID', 'Block ID');
  await expect(dialog.getByRole('checkbox', { name: 'Import Block ID' })).toBeChecked();
  await expect(warning).toHaveCount(0);
  await shot('csv-import-mapping');
  // Back to Select File and on again: the same file keeps the mapping made by hand.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`import-${stamp}.csv: 6 columns, separated by ';'.`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Portal field of Tumour pct' })).toHaveText(
    'Tumor Content (%)',
  );
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Page 3: the first rows as they will be imported, and the server's check of every line. With
  // 'Overwrite existing slide metadata' off (the default) only empty fields are filled.
  const preview = dialog.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row').first()).toHaveText(
    ['Line', 'File Name', 'Block ID', 'Indication', 'Tumor Content (%)', 'Study ID', 'Assays'].join(''),
  );
  const previewRows = preview.getByRole('row');
  await expect(previewRows).toHaveCount(1 + planned.length);
  for (const [i, p] of planned.entries()) {
    await expect(previewRows.nth(i + 1).getByRole('cell')).toHaveText([
      String(i + 2),
      fileNameCell(p.slide, i),
      p.blockId,
      String(p.slide.indicationV2).toLowerCase(),
      String(p.tumorContent),
      String(p.slide.studyId),
      p.assays,
    ]);
  }
  const changesWithout = planned.map(
    (p) => Number(isBlank(p.slide.blockId)) + Number(isBlank(p.slide.tumorContent)),
  );
  const summary = dialog.getByRole('alert').filter({ hasText: 'lines:' });
  const willChange = (cells: number, slideCount: number) =>
    `3 lines: 3 correct, 0 with errors. ${cells} ${cells === 1 ? 'value' : 'values'} of ${slideCount} ${slideCount === 1 ? 'slide' : 'slides'} will change.`;
  await expect(summary).toHaveText(
    willChange(
      changesWithout.reduce((a, b) => a + b, 0),
      changesWithout.filter((n) => n > 0).length,
    ),
  );
  await expect(dialog.getByRole('checkbox', { name: 'Allow import of correct values' })).toHaveCount(0);
  // Overwrite on: every block id and tumour content, and the first slide's assays (7 values).
  await dialog.getByRole('checkbox', { name: 'Overwrite existing slide metadata' }).check();
  await expect(summary).toHaveText(willChange(7, 3));
  const startImport = dialog.getByRole('button', { name: 'Start Import' });
  await expect(startImport).toBeEnabled();

  // Page 4: the import is held at the network until its progress has been seen, then runs to its summary.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/slides/import-csv', async (route) => {
    if (!isDryRun(route.request().postData())) await held;
    await route.continue();
  });
  const imported = page.waitForResponse(
    (res) => res.url().endsWith('/slides/import-csv') && !isDryRun(res.request().postData()),
  );
  await startImport.click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByText('Importing…')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Finish' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  release();
  expect((await imported).status()).toBe(200);
  const finished = dialog.getByRole('alert');
  await expect(finished).toContainText('Import finished: 7 values of 3 slides changed.');
  await expect(finished).toContainText(
    "3 of 3 lines imported. Undo in the table's toolbar takes the import back until the page is left or reloaded.",
  );
  await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await shot('csv-import-finished');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();
  await page.unroute('**/slides/import-csv');

  // Saved: read back through the API.
  const ids = planned.map((p) => p.slide.id);
  const after = await slidesById(token, projectId, ids);
  expect(
    after.map((s) => [s.blockId, s.tumorContent, assayText(s.assays), s.indicationV2, s.studyId]),
  ).toEqual(
    planned.map((p, i) => [
      p.blockId,
      p.tumorContent,
      i === 0 ? `${assayText(p.slide.assays)}-${extraMarker}` : assayText(p.slide.assays),
      p.slide.indicationV2,
      p.slide.studyId,
    ]),
  );
  // The first slide's old channels keep what the assay editor gave them; the new one is channel n+1.
  const firstAssays = after[0]!.assays as {
    channel: number;
    marker: string;
    chromogenFluorophores?: string;
  }[];
  const oldAssays = planned[0]!.slide.assays as {
    channel: number;
    marker: string;
    chromogenFluorophores?: string;
  }[];
  expect(firstAssays.at(-1)).toMatchObject({ channel: oldAssays.length + 1, marker: extraMarker });
  expect(firstAssays[0]!.chromogenFluorophores).toBe(oldAssays[0]!.chromogenFluorophores);

  // The table shows them.
  const tens = await gridQuery(token, projectId, { globalSearchText: '-0901', endRow: 10 });
  await search(page, '-0901', tens.filteredSlideCount, total);
  for (const p of planned) {
    const row = await rowOf(page, p.slide.fileName, tens.filteredSlideCount);
    await expect(await cellOf(page, row, 'Block ID')).toHaveText(p.blockId);
    await expect(await cellOf(page, row, 'Tumor Content (%)')).toHaveText(String(p.tumorContent));
  }
  const firstRow = await rowOf(page, planned[0]!.slide.fileName, tens.filteredSlideCount);
  await expect(await cellOf(page, firstRow, 'Assays')).toHaveText(
    `${assayText(planned[0]!.slide.assays)}-${extraMarker}`,
  );

  // Undo in the table takes the whole import back.
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect
    .poll(async () =>
      (await slidesById(token, projectId, ids)).map((s) => [s.blockId, s.tumorContent, s.assays]),
    )
    .toEqual(planned.map((p) => [p.slide.blockId, p.slide.tumorContent, p.slide.assays]));
  await expect(undo).toBeDisabled();
  for (const p of planned) {
    const row = await rowOf(page, p.slide.fileName, tens.filteredSlideCount);
    await expect(await cellOf(page, row, 'Block ID')).toHaveText(String(p.slide.blockId ?? ''));
    await expect(await cellOf(page, row, 'Tumor Content (%)')).toHaveText(String(p.slide.tumorContent ?? ''));
  }
});

test('file-level messages: tab-separated, one column, header only, not a text file; a good file then goes on', async ({
  page,
}) => {
  await openTable(page, USERS.writer);
  const dialog = await openWizard(page);
  const next = dialog.getByRole('button', { name: 'Next' });
  const alert = dialog.getByRole('alert');
  const files: [string, string | Buffer, string][] = [
    ['tabs.csv', 'File Name\tBlock ID\r\nslide-1.svs\tB01\r\n', CSV_FILE_MESSAGES.notCommaOrSemicolon],
    ['one-column.csv', 'File Name\r\nslide-1.svs\r\nslide-2.svs\r\n', CSV_FILE_MESSAGES.tooFewColumns],
    ['header-only.csv', 'File Name;Block ID\r\n', CSV_FILE_MESSAGES.noDataRow],
    // A picture renamed .csv: a PNG's signature and header chunk, binary from the first line on.
    [
      'picture.csv',
      Buffer.from([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
        0x00, 0x01, 0x00,
      ]),
      CSV_FILE_MESSAGES.notText,
    ],
  ];
  for (const [name, content, message] of files) {
    await chooseFile(dialog, tempFile(name, content));
    await expect(alert).toHaveText(message);
    await expect(next).toBeDisabled();
  }
  // A good file after a refused one (with the byte order mark a spreadsheet writes): the message goes and
  // Next is offered.
  await chooseFile(dialog, tempFile('good.csv', '\uFEFFFilename,Block ID\r\nslide-1.svs,B01\r\n'));
  await expect(alert).toHaveText("good.csv: 2 columns, separated by ','.");
  await expect(next).toBeEnabled();
  await next.click();
  await expect(dialog.getByRole('combobox', { name: 'Portal field of Filename' })).toHaveText('File Name');
  // Without a column for the file name there is nothing to find slides by: Next waits for one.
  await dialog.getByRole('checkbox', { name: 'Import Filename' }).uncheck();
  await expect(next).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('strict import refused with the line messages, then the same file imported with Allow import of correct values', async ({
  page,
  shot,
}) => {
  const { token, projectId } = await openTable(page, USERS.writer);
  const [good, bad] = await completeSlides(token, projectId, '-0902', 2);
  const stamp = Date.now().toString(36);
  const unknown = `no-such-slide-${stamp}.svs`;
  const info = `strict-e2e-${stamp}`;
  const row = (
    s: { fileName: string; blockId?: unknown; studyId?: unknown; assays?: unknown },
    indication: string,
    technicalInfo: string,
  ) =>
    [
      s.fileName,
      s.blockId ?? '',
      indication,
      s.studyId ?? '',
      s.assays ? assayText(s.assays) : 'H&E',
      technicalInfo,
    ].join(',');
  // Line 2 good (fills the empty Technical Info), line 3 names no slide, line 4 an unknown indication.
  const csv = [
    'Filename,Block ID,Indication,Study ID,Assays,Technical Info',
    row(good!, String(good!.indicationV2), info),
    row({ fileName: unknown, blockId: 'B01', studyId: 'TS40112' }, 'NSCLC', info),
    row(bad!, 'Unicorn cancer', info),
  ].join('\n');
  expect(good!.technicalInfo ?? null).toBeNull();
  const file = tempFile(`strict-${stamp}.csv`, `${csv}\n`);
  const messages = [
    `Line 3, slide ${unknown}: Slide not found in Portal project.`,
    `Line 4, slide ${bad!.fileName}: Value 'Unicorn cancer' for column 'Indication' is not supported.`,
  ];

  const dialog = await openWizard(page);
  await chooseFile(dialog, file);
  await expect(dialog.getByRole('alert')).toHaveText(`strict-${stamp}.csv: 6 columns, separated by ','.`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Portal field of Technical Info' })).toHaveText(
    'Technical Info',
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Strict (the default): the messages, the refusal, Start Import disabled, the option offered.
  const summary = dialog.getByRole('alert').filter({ hasText: 'lines:' });
  await expect(summary.getByRole('paragraph')).toHaveText(
    '3 lines: 1 correct, 2 with errors. The import is refused while lines hold errors: correct the file, or allow import of correct values.',
  );
  await expect(summary.getByRole('list', { name: 'Line messages' }).getByRole('listitem')).toHaveText(
    messages,
  );
  const startImport = dialog.getByRole('button', { name: 'Start Import' });
  await expect(startImport).toBeDisabled();
  const allow = dialog.getByRole('checkbox', { name: 'Allow import of correct values' });
  await expect(allow).not.toBeChecked();
  await shot('csv-import-preview');

  // The server refuses a strict import of this file on its own, whatever a client sends.
  const request = {
    fileName: `strict-${stamp}.csv`,
    columns: [
      { csvFieldName: 'Filename', slideField: 'fileName' },
      { csvFieldName: 'Indication', slideField: 'indicationV2' },
      { csvFieldName: 'Technical Info', slideField: 'technicalInfo' },
    ],
    rows: [
      { line: 2, cells: [good!.fileName, String(good!.indicationV2), info] },
      { line: 3, cells: [unknown, 'NSCLC', info] },
      { line: 4, cells: [bad!.fileName, 'Unicorn cancer', info] },
    ],
    options: { overwrite: false, allowCorrectValues: false },
  };
  const refused = await apiCall('POST', `/v1/projects/${projectId}/slides/import-csv`, {
    token,
    // NDJSON as the route reads it: the options, then a line per CSV line.
    ndjson: [
      JSON.stringify({ ...request, rows: undefined }),
      ...request.rows.map((row) => JSON.stringify(row)),
    ],
  }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(422);
  expect((refused as ApiError).message).toContain(
    "The import was refused: 2 of 3 lines hold errors and 'Allow import of correct values' is off. Nothing was imported.",
  );
  expect((await slideById(token, projectId, good!.id)).updatedAt).toBe(good!.updatedAt);

  // Allowed: the correct line will be imported, the others left out.
  await allow.check();
  await expect(summary.getByRole('paragraph')).toHaveText(
    '3 lines: 1 correct, 2 with errors. The 1 correct line will be imported: 1 value of 1 slide.',
  );
  await expect(summary.getByRole('listitem')).toHaveText(messages);
  await expect(startImport).toBeEnabled();
  await startImport.click();
  const finished = dialog.getByRole('alert');
  await expect(finished).toContainText('Import finished: 1 value of 1 slide changed.');
  await expect(finished).toContainText('1 of 3 lines imported; 2 lines with errors were left out.');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();

  // Exactly the good line: its slide has the value, the bad line's slide is as it was.
  const [goodAfter, badAfter] = await slidesById(token, projectId, [good!.id, bad!.id]);
  expect(goodAfter!.technicalInfo).toBe(info);
  expect(goodAfter!.indicationV2).toBe(good!.indicationV2);
  expect(badAfter!.updatedAt).toBe(bad!.updatedAt);
  expect(badAfter!.technicalInfo ?? null).toBeNull();
  expect(badAfter!.indicationV2).toBe(bad!.indicationV2);
  const named = await gridQuery(token, projectId, { globalSearchText: unknown, endRow: 1 });
  expect(named.filteredSlideCount).toBe(0);
});
