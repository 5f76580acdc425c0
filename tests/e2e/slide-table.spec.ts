/**
 * The slide metadata table of the demo project (spec 1 §2, §5, §7; issue #4): 10,002 slides served in
 * blocks by the server. Filters, sort and grouping; editing with the domain's checks, undo and redo,
 * the fill handle, paste, the assay editor, linked indication subtypes, the conflict of a concurrent
 * edit, delete with confirmation, the read-only table of a Read member, and the QC tab.
 *
 * Every scenario works on its own rows, found through the search box (a synthetic file name ends in
 * its unique number, '-05375.svs'), and checks what was saved through the API, never the database.
 * Each starts from the default column state: sort and grouping are saved per user.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ApiError, apiCall, listProjects } from './support/api.ts';
import { snackbar } from './support/ui.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';

type SlideRow = Record<string, unknown> & { id: string; fileName: string; updatedAt: string };
interface GridAnswer {
  data: SlideRow[];
  filteredSlideCount: number;
  rowCount: number;
}
interface AllowedValue {
  value: string;
  deprecatedSince?: string | null;
  parent?: string | null;
}

// --- the API: what the table shows and saves -------------------------------------------------------

async function demoProjectId(token: string): Promise<string> {
  const demo = (await listProjects(token)).find((p) => p.name === 'Demo project');
  if (!demo) throw new Error('no Demo project');
  return demo.id;
}

const gridQuery = (token: string, projectId: string, body: Record<string, unknown>) =>
  apiCall<GridAnswer>('POST', `/v1/projects/${projectId}/slides/grid`, {
    token,
    body: { sortModel: [{ colId: 'fileName', sort: 'asc' }], ...body },
  });

const slideCount = async (token: string, projectId: string) =>
  (await apiCall<{ count: number }>('GET', `/v1/projects/${projectId}/slides/count`, { token })).count;

async function slidesById(token: string, projectId: string, ids: string[]): Promise<SlideRow[]> {
  const { data } = await apiCall<{ data: SlideRow[] }>('POST', `/v1/projects/${projectId}/slides/batch-get`, {
    token,
    body: { slideIds: ids },
  });
  return ids.map((id) => data.find((r) => r.id === id)!).filter(Boolean);
}

async function slideById(token: string, projectId: string, id: string): Promise<SlideRow> {
  const [row] = await slidesById(token, projectId, [id]);
  if (!row) throw new Error(`no slide ${id}`);
  return row;
}

/** Changes fields of a slide as another client would: with the updatedAt it has now. */
async function patchSlide(
  token: string,
  projectId: string,
  id: string,
  fields: Record<string, unknown>,
): Promise<SlideRow> {
  const current = await slideById(token, projectId, id);
  const { data } = await apiCall<{ data: SlideRow[] }>('PATCH', `/v1/projects/${projectId}/slides`, {
    token,
    body: { slides: [{ id, updatedAt: current.updatedAt, ...fields }] },
  });
  return data[0]!;
}

/** The first slide (by file name) matching a filter model. */
async function firstSlide(
  token: string,
  projectId: string,
  filterModel: Record<string, unknown>,
): Promise<SlideRow> {
  const { data } = await gridQuery(token, projectId, { filterModel, endRow: 1 });
  if (!data[0]) throw new Error(`no slide matches ${JSON.stringify(filterModel)}`);
  return data[0];
}

/** The synthetic slide numbered `n` (its file name ends in '-0000n.svs'). */
const numberedSlide = (token: string, projectId: string, n: number) =>
  firstSlide(token, projectId, { fileName: { filterType: 'text', type: 'endsWith', filter: searchOf(n) } });
const searchOf = (n: number) => `-${String(n).padStart(5, '0')}.svs`;
/** A search text that finds exactly this synthetic slide: ids are hex, the other columns hold no '.svs'. */
const searchFor = (slide: SlideRow) => /-\d{5}\.svs$/.exec(slide.fileName)![0];

/** The user's saved column state back to the defaults (sort by file name, no grouping). */
async function resetColumnState(token: string, projectId: string): Promise<void> {
  for (const table of ['slideMetadataView', 'qcSlideMetadataView'])
    await apiCall('PUT', `/v1/projects/${projectId}/column-state/${table}`, { token, body: { state: null } });
}

// --- the page --------------------------------------------------------------------------------------

const fmt = (n: number) => n.toLocaleString('en');
const slideCountText = (page: Page) => page.getByTestId('slide-count');
const grid = (page: Page) => page.getByRole('grid', { name: 'Slide metadata' });

/** Opens the demo project's slide table signed in as `email`, from the default column state. */
async function openTable(
  page: Page,
  email: string,
): Promise<{ token: string; projectId: string; total: number }> {
  const { accessToken: token } = await signInPage(page, email);
  const projectId = await demoProjectId(token);
  await resetColumnState(token, projectId);
  const total = await slideCount(token, projectId);
  await page.goto(`/projects/${projectId}/slides`);
  await expect(slideCountText(page)).toHaveText(`${fmt(total)} of ${fmt(total)} slides`);
  return { token, projectId, total };
}

/** Types into the search box and waits for the table to show `expected` rows. */
async function search(page: Page, text: string, expected: number, total: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Search slides' }).fill(text);
  await expect(slideCountText(page)).toHaveText(`${fmt(expected)} of ${fmt(total)} slides`);
}

/** The position of a column among the grid's leaf headers (the ones with aria-sort). */
async function columnIndex(table: Locator, header: string): Promise<number> {
  const headers = await table
    .locator('[role=columnheader][aria-sort]')
    .evaluateAll((els) =>
      els.map((el) =>
        el
          .querySelector('button[aria-label^="Column menu of "]')
          ?.getAttribute('aria-label')
          ?.slice('Column menu of '.length),
      ),
    );
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} among ${headers.join(', ')}`);
  return index;
}

/** A cell by display row and column header. */
async function cellOf(page: Page, row: number, header: string): Promise<Locator> {
  const table = grid(page);
  return table.locator(`[role=gridcell][data-cell="${row}:${await columnIndex(table, header)}"]`);
}

const columnHeader = (page: Page, header: string) =>
  grid(page)
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: `Column menu of ${header}`, exact: true }) });

/** The file names of the first `n` rows as the grid shows them. */
async function shownFileNames(page: Page, n: number): Promise<string[]> {
  const names: string[] = [];
  for (let r = 0; r < n; r++) names.push((await (await cellOf(page, r, 'File Name')).innerText()).trim());
  return names;
}

/** Selects a cell and types a value into it (typing starts the editor), then Enter. */
async function typeIntoCell(page: Page, cell: Locator, text: string): Promise<void> {
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** What a spreadsheet's Ctrl+V hands the page: a paste event carrying text/plain TSV, on the grid. */
async function pasteTsv(page: Page, tsv: string): Promise<void> {
  await grid(page).evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, tsv);
}

// --- the scenarios ---------------------------------------------------------------------------------

test('filter, sort and group: search, a set filter, a text filter, sort by one and two columns, group by Indication, clear filters', async ({
  page,
  shot,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.admin);
  expect(total).toBeGreaterThan(10_000);
  await expect(columnHeader(page, 'File Name')).toHaveAttribute('aria-sort', 'ascending');
  const first = await gridQuery(token, projectId, { endRow: 3 });
  await expect.poll(() => shownFileNames(page, 3)).toEqual(first.data.map((r) => r.fileName));
  await shot('slide-table');

  // The search box: the study TS41560 narrows the rows to its slides.
  const byStudy = await gridQuery(token, projectId, { globalSearchText: 'TS41560', endRow: 1 });
  expect(byStudy.filteredSlideCount).toBeGreaterThan(0);
  expect(byStudy.filteredSlideCount).toBeLessThan(total);
  await search(page, 'TS41560', byStudy.filteredSlideCount, total);
  await expect(await cellOf(page, 0, 'Study ID')).toHaveText('TS41560');
  // The two slides whose files are stored (generated at the first start) are among the rows.
  await search(page, 'demo-', 2, total);
  await expect
    .poll(() => shownFileNames(page, 2))
    .toEqual(['demo-brightfield.ome.tif', 'demo-fluorescence.ome.tif']);
  for (let r = 0; r < 2; r++) await expect(await cellOf(page, r, 'Status')).toHaveText('available');
  await search(page, '', total, total);

  // A set filter on Indication: (Select All) off, Melanoma on.
  await page.getByRole('button', { name: 'Filter Indication', exact: true }).click();
  const indicationMenu = page.getByRole('dialog', { name: 'Filter Indication', exact: true });
  const values = indicationMenu.getByRole('group', { name: 'Indication values' });
  await expect(values.getByRole('checkbox', { name: 'Melanoma', exact: true })).toBeChecked();
  await indicationMenu.getByRole('checkbox', { name: '(Select All)' }).uncheck();
  await expect(values.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await values.getByRole('checkbox', { name: 'Melanoma', exact: true }).check();
  const melanoma = { indicationV2: { filterType: 'set', values: ['Melanoma'] } };
  const melanomaCount = (await gridQuery(token, projectId, { filterModel: melanoma, endRow: 1 }))
    .filteredSlideCount;
  expect(melanomaCount).toBeGreaterThan(0);
  await expect(slideCountText(page)).toHaveText(`${fmt(melanomaCount)} of ${fmt(total)} slides`);
  await shot('slide-table-filter');
  await page.keyboard.press('Escape');
  await expect(indicationMenu).toBeHidden();
  for (let r = 0; r < 3; r++) await expect(await cellOf(page, r, 'Indication')).toHaveText('Melanoma');

  // A text filter on File Name, with another condition than the default: ends with '0.svs'.
  await page.getByRole('button', { name: 'Filter File Name' }).click();
  const fileNameMenu = page.getByRole('dialog', { name: 'Filter File Name' });
  await fileNameMenu.getByRole('combobox', { name: /^Condition / }).click();
  await page.getByRole('option', { name: 'Ends with' }).click();
  await fileNameMenu.getByRole('textbox', { name: 'File Name filter' }).fill('0.svs');
  // Closed at once, before its 750 ms are over: the filter still applies.
  await page.keyboard.press('Escape');
  await expect(fileNameMenu).toBeHidden();
  const bothFilters = { ...melanoma, fileName: { filterType: 'text', type: 'endsWith', filter: '0.svs' } };
  const both = await gridQuery(token, projectId, { filterModel: bothFilters, endRow: 5 });
  expect(both.filteredSlideCount).toBeLessThan(melanomaCount);
  expect(both.filteredSlideCount).toBeGreaterThan(5);
  await expect(slideCountText(page)).toHaveText(`${fmt(both.filteredSlideCount)} of ${fmt(total)} slides`);
  await expect.poll(() => shownFileNames(page, 5)).toEqual(both.data.map((r) => r.fileName));

  // A click on a header sorts by it alone; shift+click adds a second sort. Blank H-Scores come first
  // in ascending order, so there the patient decides.
  const sortButton = (header: string) => columnHeader(page, header).getByRole('button').first();
  const sortedBy = async (sortModel: { colId: string; sort: 'asc' | 'desc' }[]) =>
    (await gridQuery(token, projectId, { filterModel: bothFilters, sortModel, endRow: 5 })).data;
  await sortButton('H-Score').click();
  await expect(columnHeader(page, 'H-Score')).toHaveAttribute('aria-sort', 'ascending');
  await expect(columnHeader(page, 'File Name')).toHaveAttribute('aria-sort', 'none');
  const byScore = await sortedBy([{ colId: 'hScore', sort: 'asc' }]);
  await expect.poll(() => shownFileNames(page, 5)).toEqual(byScore.map((r) => r.fileName));
  await sortButton('Patient ID').click({ modifiers: ['Shift'] });
  await expect(columnHeader(page, 'Patient ID')).toHaveAttribute('aria-sort', 'ascending');
  await expect(columnHeader(page, 'H-Score')).toHaveAttribute('aria-sort', 'ascending');
  const byScoreAndPatient = await sortedBy([
    { colId: 'hScore', sort: 'asc' },
    { colId: 'patientId', sort: 'asc' },
  ]);
  expect(byScoreAndPatient.map((r) => r.fileName)).not.toEqual(byScore.map((r) => r.fileName));
  await expect.poll(() => shownFileNames(page, 5)).toEqual(byScoreAndPatient.map((r) => r.fileName));
  // A plain click sorts by that column alone again: H-Score descending, the highest first.
  await sortButton('H-Score').click();
  await expect(columnHeader(page, 'H-Score')).toHaveAttribute('aria-sort', 'descending');
  await expect(columnHeader(page, 'Patient ID')).toHaveAttribute('aria-sort', 'none');
  const byScoreDesc = await sortedBy([{ colId: 'hScore', sort: 'desc' }]);
  await expect.poll(() => shownFileNames(page, 5)).toEqual(byScoreDesc.map((r) => r.fileName));
  await expect(await cellOf(page, 0, 'H-Score')).toHaveText(String(byScoreDesc[0]!.hScore));

  // Clear filters: the set and text filters and the search go, the count is whole again.
  await page.getByRole('textbox', { name: 'Search slides' }).fill('P1');
  await expect(slideCountText(page)).not.toHaveText(
    `${fmt(both.filteredSlideCount)} of ${fmt(total)} slides`,
  );
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(slideCountText(page)).toHaveText(`${fmt(total)} of ${fmt(total)} slides`);
  await expect(page.getByRole('textbox', { name: 'Search slides' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

  // Group by Indication through the column menu: one row per indication with its count.
  await page.getByRole('button', { name: 'Column menu of Indication', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Group by Indication' }).click();
  await expect(page.getByRole('region', { name: 'Row groups' }).getByText('Indication')).toBeVisible();
  const melanomaGroup = grid(page)
    .getByRole('row')
    .filter({ hasText: `Indication: Melanoma (${melanomaCount})` });
  await expect(melanomaGroup).toHaveAttribute('aria-expanded', 'false');
  const indications = await gridQuery(token, projectId, {
    rowGroupCols: [{ id: 'indicationV2' }],
    sortModel: [],
  });
  expect(indications.rowCount).toBeGreaterThan(2);
  await expect(grid(page).getByRole('row', { expanded: false })).toHaveCount(indications.rowCount);
  await melanomaGroup.getByRole('button', { name: 'Expand group' }).click();
  await expect(melanomaGroup).toHaveAttribute('aria-expanded', 'true');
  const groupIndex = Number(await melanomaGroup.getAttribute('data-row'));
  const firstMelanoma = await gridQuery(token, projectId, {
    filterModel: melanoma,
    sortModel: [{ colId: 'hScore', sort: 'desc' }],
    endRow: 3,
  });
  for (let i = 0; i < 3; i++) {
    await expect(await cellOf(page, groupIndex + 1 + i, 'Indication')).toHaveText('Melanoma');
    await expect(await cellOf(page, groupIndex + 1 + i, 'File Name')).toHaveText(
      firstMelanoma.data[i]!.fileName,
    );
  }
  await expect(slideCountText(page)).toHaveText(`${fmt(total)} of ${fmt(total)} slides`);
  await grid(page).evaluate((el) => el.scrollTo({ left: 0 })); // the Expand button's click scrolled it a little
  await shot('slide-table-grouped');
});

test('edit as a Write member: a refused value changes nothing, a whole number is saved, undo and redo', async ({
  page,
}) => {
  const writer = await tokensFor(USERS.writer);
  const projectId = await demoProjectId(writer.accessToken);
  const slide = await patchSlide(
    writer.accessToken,
    projectId,
    (await numberedSlide(writer.accessToken, projectId, 102)).id,
    { hScore: 7 },
  );
  const { token, total } = await openTable(page, USERS.writer);
  await search(page, searchFor(slide), 1, total);
  const hScore = await cellOf(page, 0, 'H-Score');
  await expect(hScore).toHaveText('7');
  await expect(hScore).toHaveAttribute('aria-readonly', 'false');

  // 'abc' is no whole number: refused with the domain's message, nothing saved.
  await typeIntoCell(page, hScore, 'abc');
  await expect(snackbar(page).getByText('H-Score must be a whole number', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Edit H-Score' })).toHaveCount(0);
  await expect(hScore).toHaveText('7');
  // F2 opens the editor on the value; Escape leaves it unsaved.
  await hScore.click();
  await page.keyboard.press('F2');
  const editor = page.getByRole('textbox', { name: 'Edit H-Score' });
  await expect(editor).toHaveValue('7');
  await editor.fill('99');
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(hScore).toHaveText('7');
  const unchanged = await slideById(token, projectId, slide.id);
  expect(unchanged.hScore).toBe(7);
  expect(unchanged.updatedAt).toBe(slide.updatedAt);

  await typeIntoCell(page, hScore, '42');
  await expect(hScore).toHaveText('42');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(42);

  // Undo and Redo: the toolbar's buttons, then Ctrl+Z and Ctrl+Y on the grid.
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  await expect(redo).toBeDisabled();
  await undo.click();
  await expect(hScore).toHaveText('7');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(7);
  await expect(undo).toBeDisabled();
  await redo.click();
  await expect(hScore).toHaveText('42');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(42);

  await hScore.click();
  await page.keyboard.press('Control+z');
  await expect(hScore).toHaveText('7');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(7);
  await expect(redo).toBeEnabled();
  await hScore.click();
  await page.keyboard.press('Control+y');
  await expect(hScore).toHaveText('42');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(42);
  await expect(redo).toBeDisabled();
});

test("the toolbar's Undo and Redo and their keys are the same actions: tooltips name the keys, Undo waits while a cell is edited", async ({
  page,
}) => {
  const writer = await tokensFor(USERS.writer);
  const projectId = await demoProjectId(writer.accessToken);
  const slide = await patchSlide(
    writer.accessToken,
    projectId,
    (await numberedSlide(writer.accessToken, projectId, 103)).id,
    { hScore: 5 },
  );
  const { token, total } = await openTable(page, USERS.writer);
  await search(page, searchFor(slide), 1, total);
  const hScore = await cellOf(page, 0, 'H-Score');
  await typeIntoCell(page, hScore, '55');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(55);

  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  await undo.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Undo (Ctrl+Z)');
  // While a cell is edited, Undo waits (spec 1 §5); the key then is the editor's own.
  await hScore.click();
  await page.keyboard.press('F2');
  await expect(undo).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(undo).toBeEnabled();

  await hScore.click();
  await page.keyboard.press('Control+z');
  await expect(hScore).toHaveText('5');
  await expect(redo).toBeEnabled();
  await redo.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Redo (Ctrl+Y)');
  // Spec 2's other Redo chord, Ctrl+Shift+Z, is the same action.
  await hScore.click();
  await page.keyboard.press('Control+Shift+z');
  await expect(hScore).toHaveText('55');
  await expect.poll(async () => (await slideById(token, projectId, slide.id)).hScore).toBe(55);
  await expect(redo).toBeDisabled();
});

test('the fill handle copies a Block ID into the two rows below', async ({ page }) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const patient = await gridQuery(token, projectId, { globalSearchText: '-P1500-', endRow: 4 });
  expect(patient.filteredSlideCount).toBeGreaterThanOrEqual(4);
  await search(page, '-P1500-', patient.filteredSlideCount, total);
  await expect.poll(() => shownFileNames(page, 4)).toEqual(patient.data.map((r) => r.fileName));

  const value = `FILL-${Date.now().toString(36)}`;
  const top = await cellOf(page, 0, 'Block ID');
  await typeIntoCell(page, top, value);
  await expect(top).toHaveText(value);
  await expect(await cellOf(page, 1, 'Block ID')).toHaveAttribute('aria-selected', 'true'); // Enter moved down
  await expect.poll(async () => (await slideById(token, projectId, patient.data[0]!.id)).blockId).toBe(value);

  // The handle sits at the bottom-right of the selected cell; dragged down to the third row.
  await top.click();
  const handle = top.getByLabel('Fill handle');
  await expect(handle).toBeVisible();
  const target = (await (await cellOf(page, 2, 'Block ID')).boundingBox())!;
  await handle.hover();
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(await cellOf(page, 1, 'Block ID')).toHaveText(value);
  await expect(await cellOf(page, 2, 'Block ID')).toHaveText(value);
  const ids = patient.data.map((r) => r.id);
  await expect
    .poll(async () => (await slidesById(token, projectId, ids)).map((r) => r.blockId))
    .toEqual([value, value, value, patient.data[3]!.blockId]);
});

test('paste: two lines of TSV change two rows; an invalid value is refused and changes nothing', async ({
  page,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const patient = await gridQuery(token, projectId, { globalSearchText: '-P1600-', endRow: 3 });
  expect(patient.filteredSlideCount).toBeGreaterThanOrEqual(3);
  await search(page, '-P1600-', patient.filteredSlideCount, total);
  await expect.poll(() => shownFileNames(page, 3)).toEqual(patient.data.map((r) => r.fileName));
  const ids = patient.data.map((r) => r.id);

  // Block ID and the next column, Status, which is read-only: its pasted values are left out.
  const stamp = Date.now().toString(36);
  const blockId = await cellOf(page, 0, 'Block ID');
  await blockId.click();
  await pasteTsv(page, `PASTE-1-${stamp}\tignored\nPASTE-2-${stamp}\tignored\n`);
  await expect(blockId).toHaveText(`PASTE-1-${stamp}`);
  await expect(await cellOf(page, 1, 'Block ID')).toHaveText(`PASTE-2-${stamp}`);
  await expect
    .poll(async () => (await slidesById(token, projectId, ids)).map((r) => [r.blockId, r.status]))
    .toEqual([
      [`PASTE-1-${stamp}`, patient.data[0]!.status],
      [`PASTE-2-${stamp}`, patient.data[1]!.status],
      [patient.data[2]!.blockId, patient.data[2]!.status],
    ]);

  // H-Score: '12' on the first line would do, 'abc' on the second refuses the whole paste.
  const before = await slidesById(token, projectId, ids);
  const hScore = await cellOf(page, 0, 'H-Score');
  await hScore.click();
  await pasteTsv(page, '12\nabc');
  await expect(snackbar(page).getByText('H-Score: H-Score must be a whole number')).toBeVisible();
  await expect(hScore).toHaveText(before[0]!.hScore === null ? '' : String(before[0]!.hScore));
  const after = await slidesById(token, projectId, ids);
  expect(after.map((r) => [r.hScore, r.updatedAt])).toEqual(before.map((r) => [r.hScore, r.updatedAt]));
});

test('the assay editor: add a channel with marker CD8 and save', async ({ page, shot }) => {
  const writer = await tokensFor(USERS.writer);
  const projectId = await demoProjectId(writer.accessToken);
  const found = await firstSlide(writer.accessToken, projectId, {
    fileName: { filterType: 'text', type: 'contains', filter: '-HE-005' },
  });
  const slide = await patchSlide(writer.accessToken, projectId, found.id, {
    assays: [{ channel: 1, marker: 'H&E', chromogenFluorophores: 'Hematoxylin' }],
  });
  const { token, total } = await openTable(page, USERS.writer);
  await search(page, searchFor(slide), 1, total);
  const assays = await cellOf(page, 0, 'Assays');
  await expect(assays).toHaveText('H&E');

  await assays.dblclick();
  const dialog = page.getByRole('dialog', { name: `Assays of ${slide.fileName}` });
  await expect(dialog.getByRole('combobox', { name: 'Marker of row 1' })).toHaveValue('H&E');
  await dialog.getByRole('button', { name: 'Add channel' }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Channel of row 2' })).toHaveValue('2');
  await dialog.getByRole('combobox', { name: 'Marker of row 2' }).fill('CD8');
  await page.getByRole('option', { name: 'CD8', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Marker of row 2' })).toHaveValue('CD8');
  await dialog.getByRole('combobox', { name: 'Chromogen of row 2' }).fill('DAB');
  await page.getByRole('option', { name: 'DAB', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Primary antibody of row 2' }).fill('C8/144B');
  await shot('assay-editor');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(assays).toHaveText('H&E-CD8');
  await expect
    .poll(async () =>
      ((await slideById(token, projectId, slide.id)).assays as Record<string, unknown>[]).map((a) => [
        a.channel,
        a.marker,
        a.chromogenFluorophores,
        a.primaryAntibody ?? null,
      ]),
    )
    .toEqual([
      [1, 'H&E', 'Hematoxylin', null],
      [2, 'CD8', 'DAB', 'C8/144B'],
    ]);
});

test('Indication Subtype offers the subtypes of the row’s indication; without an indication it says so', async ({
  page,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const fields = await apiCall<{ fieldName: string; allowedValues: AllowedValue[] | null }[]>(
    'GET',
    `/v1/projects/${projectId}/fields/slideMetadataView`,
    { token },
  );
  const subtypes = fields.find((f) => f.fieldName === 'indicationSubtypeV2')!.allowedValues!;
  const nsclcSubtypes = subtypes
    .filter((v) => v.parent === 'NSCLC' && !v.deprecatedSince)
    .map((v) => v.value);
  expect(nsclcSubtypes).toContain('Adenocarcinoma');
  expect(subtypes.some((v) => v.parent !== 'NSCLC')).toBe(true);

  const nsclc = await firstSlide(token, projectId, {
    indicationV2: { filterType: 'set', values: ['NSCLC'] },
    fileName: { filterType: 'text', type: 'contains', filter: '-HE-006' },
  });
  await search(page, searchFor(nsclc), 1, total);
  await expect(await cellOf(page, 0, 'Indication')).toHaveText('NSCLC');
  const subtype = await cellOf(page, 0, 'Indication Subtype');
  await subtype.click();
  await page.keyboard.press('F2');
  const editor = page.getByRole('combobox', { name: 'Edit Indication Subtype' });
  await expect(editor).toBeFocused();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(nsclcSubtypes);
  const choice = nsclcSubtypes.find((v) => v !== nsclc.indicationSubtypeV2)!;
  await page.getByRole('option', { name: choice, exact: true }).click();
  await expect(subtype).toHaveText(choice);
  await expect
    .poll(async () => (await slideById(token, projectId, nsclc.id)).indicationSubtypeV2)
    .toBe(choice);

  const noIndication = await firstSlide(token, projectId, {
    indicationV2: { filterType: 'set', values: [null] },
  });
  await search(page, searchFor(noIndication), 1, total);
  await expect(await cellOf(page, 0, 'Indication')).toHaveText('');
  const emptySubtype = await cellOf(page, 0, 'Indication Subtype');
  await emptySubtype.dblclick();
  await expect(page.getByRole('combobox', { name: 'Edit Indication Subtype' })).toBeFocused();
  await expect(page.getByText('No indication selected')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Edit Indication Subtype' })).toHaveCount(0);
  expect((await slideById(token, projectId, noIndication.id)).updatedAt).toBe(noIndication.updatedAt);
});

test('a concurrent change wins: the edit of a row changed since it was loaded is refused', async ({
  page,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const slide = await numberedSlide(token, projectId, 307);
  await search(page, searchFor(slide), 1, total);
  const blockId = await cellOf(page, 0, 'Block ID');
  await expect(blockId).toHaveText(String(slide.blockId ?? ''));

  // Someone else changes the slide through the API after the table loaded it.
  const stamp = Date.now().toString(36);
  const changed = await patchSlide(token, projectId, slide.id, { blockId: `API-${stamp}` });
  expect(changed.blockId).toBe(`API-${stamp}`);

  await typeIntoCell(page, blockId, `UI-${stamp}`);
  await expect(
    snackbar(page).getByText(
      `Unable to update project slide: ${slide.fileName} was changed by someone else since it was loaded. Refresh to see the change; nothing was saved.`,
    ),
  ).toBeVisible();
  const kept = await slideById(token, projectId, slide.id);
  expect(kept.blockId).toBe(`API-${stamp}`);
  expect(kept.updatedAt).toBe(changed.updatedAt);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(blockId).toHaveText(`API-${stamp}`);
});

test('delete with confirmation as Data Owner; a Write member is offered no Delete Slide', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.admin);
  const slide = await numberedSlide(token, projectId, 408);
  await search(page, searchFor(slide), 1, total);
  await (await cellOf(page, 0, 'Block ID')).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'View slide' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete Slide' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete slide?' });
  await expect(
    confirm.getByText(`${slide.fileName} and its metadata are removed from this project.`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(snackbar(page).getByText('1 slide deleted')).toBeVisible();
  await expect(slideCountText(page)).toHaveText(`0 of ${fmt(total - 1)} slides`);
  await expect(page.getByText(`${fmt(total - 1)} slides`, { exact: true })).toBeVisible(); // the project header
  await expect(page.getByText('No slides match the filters')).toBeVisible();
  expect(await slidesById(token, projectId, [slide.id])).toEqual([]);
  expect(await slideCount(token, projectId)).toBe(total - 1);

  // The Write member may edit but not delete: the row menu has no Delete Slide.
  const writerContext = await browser.newContext({ baseURL });
  try {
    const writerPage = await writerContext.newPage();
    await openTable(writerPage, USERS.writer);
    await (await cellOf(writerPage, 0, 'Block ID')).click({ button: 'right' });
    await expect(writerPage.getByRole('menuitem', { name: 'View slide' })).toBeVisible();
    await expect(writerPage.getByRole('menuitem')).toHaveCount(1);
    await writerPage.keyboard.press('Escape');
    await expect(writerPage.getByRole('menu')).toBeHidden();
  } finally {
    await writerContext.close();
  }
});

test('a Read member cannot edit: no editor opens and the cells are read-only', async ({ page }) => {
  const { token, projectId, total } = await openTable(page, USERS.reader);
  const slide = await numberedSlide(token, projectId, 510);
  await search(page, searchFor(slide), 1, total);
  for (const header of ['Block ID', 'Assays', 'Indication', 'H-Score', 'Consent Obtained']) {
    await expect(await cellOf(page, 0, header)).toHaveAttribute('aria-readonly', 'true');
  }

  const blockId = await cellOf(page, 0, 'Block ID');
  await blockId.dblclick();
  await expect(blockId).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('F2');
  await page.keyboard.type('x');
  await expect(blockId.getByRole('textbox')).toHaveCount(0);
  await expect(blockId).toHaveText(String(slide.blockId ?? ''));
  await (await cellOf(page, 0, 'Assays')).dblclick();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await (await cellOf(page, 0, 'Indication')).dblclick();
  await expect(page.getByRole('combobox', { name: 'Edit Indication' })).toHaveCount(0);
  await pasteTsv(page, 'PASTED');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  expect((await slideById(token, projectId, slide.id)).updatedAt).toBe(slide.updatedAt);

  // Nor through the API: the update needs slideMetadataManage.
  const refused = await apiCall('PATCH', `/v1/projects/${projectId}/slides`, {
    token,
    body: { slides: [{ id: slide.id, updatedAt: slide.updatedAt, blockId: 'X' }] },
  }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(403);
});

test('the QC tab: one group row per slide, expanded to its channel rows', async ({ page }) => {
  const { token, projectId } = await openTable(page, USERS.reader);
  const slide = await firstSlide(token, projectId, {
    fileName: { filterType: 'text', type: 'contains', filter: '-mIF7-' },
  });
  const channels = (slide.assays as { channel: number; marker: string }[]).toSorted(
    (a, b) => a.channel - b.channel,
  );
  expect(channels.length).toBe(7);

  await page.getByRole('tab', { name: 'QC' }).click();
  const qc = page.getByRole('grid', { name: 'QC slide metadata' });
  await expect(slideCountText(page)).toHaveText(/^[\d,]+ channels$/);
  await expect(qc.getByRole('row', { expanded: false }).first()).toHaveText(/^File Name: \S+\.svs \(\d+\)$/);

  await page.getByRole('textbox', { name: 'Search slides' }).fill(searchFor(slide));
  const group = qc.getByRole('row').filter({ hasText: `File Name: ${slide.fileName} (7)` });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(slideCountText(page)).toHaveText('7 channels');
  await expect(qc.locator('[role=row][aria-expanded]')).toHaveCount(1);
  await group.getByRole('button', { name: 'Expand group' }).click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const channelRows = qc.locator('[role=row][aria-level="2"]');
  await expect(channelRows).toHaveCount(7);
  const channelCol = await columnIndex(qc, 'Channel');
  const markerCol = await columnIndex(qc, 'Marker');
  for (let i = 0; i < 7; i++) {
    const row = channelRows.nth(i);
    await expect(row.getByRole('gridcell').nth(channelCol)).toHaveText(String(channels[i]!.channel));
    await expect(row.getByRole('gridcell').nth(markerCol)).toHaveText(channels[i]!.marker);
  }
  await group.getByRole('button', { name: 'Collapse group' }).click();
  await expect(channelRows).toHaveCount(0);
});
