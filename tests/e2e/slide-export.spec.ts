/**
 * The slide table's exports (spec 1 §4 export stages, §6 gating, §9 exports and escaping; issue #5
 * point 6): Metadata CSV, IDO CSV and pyportal config of a filtered table, each prompted with the filter
 * warning, downloaded under its name, its status read, and its content parsed and checked against the
 * API. Then the menu as roles without a format's permission see it.
 *
 * The filter: File Name contains '-0912' (the synthetic slides 9120–9129, used by no other scenario) OR
 * contains 'demo-' (the two slides whose files are stored: the IDO CSV and the pyportal config list
 * files, so they skip the metadata-only rows).
 */
import fs from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ApiError, addMembers, apiCall, createProject } from './support/api.ts';
import {
  assayText,
  columnHeaders,
  fieldsOf,
  fmt,
  grid,
  gridQuery,
  openTable,
  parseCsv,
  slideCountText,
  type FieldInfo,
  type SlideRow,
} from './support/slides.ts';
import { tokensFor, USERS } from './support/users.ts';

const FILTER = {
  fileName: {
    filterType: 'text',
    operator: 'OR',
    conditions: [
      { filterType: 'text', type: 'contains', filter: '-0912' },
      { filterType: 'text', type: 'contains', filter: 'demo-' },
    ],
  },
};

/** Today as the browser names the metadata CSV: the local day. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** File Name: contains '-0912' OR contains 'demo-', through the column's filter menu. */
async function filterFileNames(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Filter File Name', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Filter File Name' });
  await menu.getByRole('textbox', { name: 'File Name filter' }).fill('-0912');
  await menu.getByRole('button', { name: 'OR' }).click();
  await menu.getByRole('textbox', { name: 'File Name second filter' }).fill('demo-');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** Opens an export from the toolbar's Export menu; the prompt is its first stage. */
async function openExport(page: Page, label: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Export ${label}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Export in the prompt: the browser's download, its file's text, and the dialog's last stage. */
async function download(page: Page, dialog: Locator): Promise<{ file: Download; text: string }> {
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await downloaded;
  const text = fs.readFileSync(await file.path(), 'utf8');
  return { file, text };
}

const FORMULA = '=HYPERLINK("http://example.invalid";"click")';

/**
 * A stored value as the metadata CSV cell reads once parsed (spec 1 §9): assays as their markers, lists
 * by ', ', and a text starting like a formula behind a "'" (numbers and booleans are written plainly).
 */
function csvText(field: FieldInfo, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.fieldName === 'assays') return assayText(value);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' && /^[=+\-@\t\r\n]/.test(value)) return `'${value}`;
  return String(value);
}

test('each export of a filtered table: the prompt warns of the filter, the file is named and counted, its content is the API’s', async ({
  page,
  shot,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  // A text a spreadsheet would run as a formula, with the delimiter and quotes in it (spec 1 §9 escaping).
  const [formulaSlide] = (await gridQuery(token, projectId, { filterModel: FILTER, endRow: 1 })).data;
  await apiCall('PATCH', `/v1/projects/${projectId}/slides`, {
    token,
    body: { slides: [{ id: formulaSlide!.id, updatedAt: formulaSlide!.updatedAt, technicalInfo: FORMULA }] },
  });
  const expected = await gridQuery(token, projectId, { filterModel: FILTER, endRow: 100 });
  expect(expected.data[0]!.technicalInfo).toBe(FORMULA);
  const withFiles = expected.data.filter((s) => s.status === 'available');
  expect(expected.filteredSlideCount).toBe(12);
  expect(withFiles.map((s) => s.fileName)).toEqual(['demo-brightfield.ome.tif', 'demo-fluorescence.ome.tif']);
  const n = expected.filteredSlideCount;
  const skipped = n - withFiles.length;

  await filterFileNames(page);
  await expect(slideCountText(page)).toHaveText(`${fmt(n)} of ${fmt(total)} slides`);
  // One column hidden: the metadata CSV holds the visible columns only.
  await page.getByRole('button', { name: 'Column menu of Slide Name', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Hide column' }).click();
  await expect(page.getByRole('button', { name: 'Column menu of Slide Name', exact: true })).toHaveCount(0);
  const visible = await columnHeaders(grid(page));
  const warning = `Filters or a search are active: the export covers only the ${n} slides they match, not the whole project.`;
  const listsFiles = (fileName: string) =>
    `${fileName} will list those of the ${n} slides of the table whose image file is stored; slides holding metadata only are skipped.`;

  // Metadata CSV: ';', the visible columns (the label image aside) in the table's order, its sort.
  const csvName = `Demo project_${today()}.csv`;
  let dialog = await openExport(page, 'Metadata CSV');
  await expect(
    dialog.getByText(`${csvName} will hold the ${n} slides of the table, with its visible columns.`),
  ).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(warning);
  await shot('export-prompt');
  let { file, text } = await download(page, dialog);
  expect(file.suggestedFilename()).toBe(csvName);
  await expect(dialog.getByRole('status')).toHaveText(`${n} of ${n} (0 failed, 0 skipped)`);
  await expect(dialog.getByRole('alert')).toHaveText(`${csvName} was downloaded.`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The formula text: prefixed with "'", quoted, its quotes doubled.
  expect(text).toContain(`;"'=HYPERLINK(""http://example.invalid"";""click"")";`);
  const fields = await fieldsOf(token, projectId);
  const byHeader = new Map(fields.map((f) => [f.headerName, f]));
  const [header, ...rows] = parseCsv(text, ';');
  expect(header).toEqual(visible.filter((h) => h !== 'Label'));
  expect(header).not.toContain('Slide Name');
  expect(header).toEqual(
    expect.arrayContaining([
      'File Name',
      'Block ID',
      'Assays',
      'Indication',
      'Slide ID',
      'Tumor Content (%)',
    ]),
  );
  expect(rows).toEqual(
    expected.data.map((slide) =>
      header!.map((h) => csvText(byHeader.get(h)!, slide[byHeader.get(h)!.fieldName])),
    ),
  );

  // IDO CSV: ',', the fixed columns, only the slides with a file.
  const idoName = 'Demo project_ido.csv';
  dialog = await openExport(page, 'IDO CSV');
  await expect(dialog.getByText(listsFiles(idoName))).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(warning);
  ({ file, text } = await download(page, dialog));
  expect(file.suggestedFilename()).toBe(idoName);
  await expect(dialog.getByRole('status')).toHaveText(
    `${withFiles.length} of ${n} (0 failed, ${skipped} skipped)`,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  const ido = parseCsv(text, ',');
  expect(ido[0]).toEqual([
    'FileName',
    'ImageName',
    'MarkerName',
    'CaseName',
    'Indication',
    'FileExt',
    'ImagePath',
  ]);
  // The demo slides' files lie in the server's data folder (the first start generated them there): the
  // ImagePath is relative to it, so the export does not reveal where the server keeps its files.
  const folder = 'demo-slides';
  expect(ido.slice(1)).toEqual(
    withFiles.map((s: SlideRow) => [
      String(s.studyId ?? ''),
      s.fileName,
      assayText(s.assays),
      String(s.blockId ?? ''),
      String(s.indicationV2 ?? ''),
      String(s.fileExtension),
      folder,
    ]),
  );

  // pyportal config: YAML with the project id and the ids of the slides with a file.
  dialog = await openExport(page, 'pyportal config');
  await expect(dialog.getByText(listsFiles('downloadConfig - Demo project.yaml'))).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(warning);
  ({ file, text } = await download(page, dialog));
  expect(file.suggestedFilename()).toBe('downloadConfig - Demo project.yaml');
  await expect(dialog.getByRole('status')).toHaveText(
    `${withFiles.length} of ${n} (0 failed, ${skipped} skipped)`,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  const yaml = text.split('\n');
  expect(yaml[0]).toBe(`project_id: ${JSON.stringify(projectId)}`);
  expect(yaml[1]).toBe('slide_ids:');
  const ids = yaml.slice(2).filter((l) => l !== '');
  expect(ids.every((l) => l.startsWith('  - '))).toBe(true);
  expect(ids.map((l) => JSON.parse(l.slice(4)) as string)).toEqual(withFiles.map((s) => s.id));

  // Without a filter the prompt warns of nothing.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(slideCountText(page)).toHaveText(`${fmt(total)} of ${fmt(total)} slides`);
  dialog = await openExport(page, 'Metadata CSV');
  await expect(
    dialog.getByText(`${csvName} will hold the ${fmt(total)} slides of the table, with its visible columns.`),
  ).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a role without a format’s permission is not offered it: View Only exports the metadata CSV only, a Data Scientist nothing', async ({
  browser,
  baseURL,
}) => {
  const admin = await tokensFor(USERS.admin);
  const project = await createProject(admin.accessToken, `Export roles e2e ${Date.now().toString(36)}`);
  await addMembers(admin.accessToken, project.id, [USERS.reader], 'projectViewOnly');
  await addMembers(admin.accessToken, project.id, [USERS.writer], 'projectDataScientist');

  // View Only: slideMetadataExport, exportCsv and exportShareFilters.
  const viewOnly = await browser.newContext({ baseURL });
  try {
    const page = await viewOnly.newPage();
    const { token } = await openTable(page, USERS.reader, project.id);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Metadata CSV']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Share filters' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
    // The server refuses what the menu does not offer.
    for (const format of ['ido-csv', 'pyportal-config']) {
      const refused = await apiCall('POST', `/v1/projects/${project.id}/slides/export/${format}`, {
        token,
        body: {},
      }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).status).toBe(403);
    }
  } finally {
    await viewOnly.close();
  }

  // Data Scientist (an internal user): no export permission at all, so no Export menu and no sharing.
  const scientist = await browser.newContext({ baseURL });
  try {
    const page = await scientist.newPage();
    await openTable(page, USERS.writer, project.id);
    await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share filters' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  } finally {
    await scientist.close();
  }
});
