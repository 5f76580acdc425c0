/**
 * What a new user hit in the slide table (issue #10 point 11): removing a grouping blanked the app; a
 * saved layout that no longer fits the field registry; a screen that fails shows a message and a way
 * back; group rows and the file name stay in view when the grid scrolls sideways; a filter opens where
 * its column is; headers and common values fit their default widths; the scroll position starts over
 * with new rows; the Label column shows the label or thumbnail of slides that have one and asks for
 * nothing where there is none.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiCall, listProjects } from './support/api.ts';
import { signInPage, USERS } from './support/users.ts';

const TABLES = ['slideMetadataView', 'qcSlideMetadataView'] as const;

async function demoProjectId(token: string): Promise<string> {
  const demo = (await listProjects(token)).find((p) => p.name === 'Demo project');
  if (!demo) throw new Error('no Demo project');
  return demo.id;
}

const saveColumnState = (token: string, projectId: string, table: (typeof TABLES)[number], state: unknown) =>
  apiCall('PUT', `/v1/projects/${projectId}/column-state/${table}`, { token, body: { state } });

const savedColumnState = async (token: string, projectId: string, table: (typeof TABLES)[number]) =>
  (await apiCall<{ state: unknown }>('GET', `/v1/projects/${projectId}/column-state/${table}`, { token }))
    .state;

// By attribute, not by role: an open filter menu hides the rest of the page from the accessibility tree.
const mainGrid = (page: Page) => page.locator('[role=grid][aria-label="Slide metadata"]');
const qcGrid = (page: Page) => page.locator('[role=grid][aria-label="QC slide metadata"]');
const rowGroups = (page: Page) => page.getByRole('region', { name: 'Row groups' });
const failedScreen = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page stopped working' });

/** Opens the demo project's slide table as `email` from the given saved column states (default: none). */
async function openTable(
  page: Page,
  email: string,
  saved: Partial<Record<(typeof TABLES)[number], unknown>> = {},
): Promise<{ token: string; projectId: string }> {
  const { accessToken: token } = await signInPage(page, email);
  const projectId = await demoProjectId(token);
  for (const table of TABLES) await saveColumnState(token, projectId, table, saved[table] ?? null);
  await page.goto(`/projects/${projectId}/slides`);
  await expect(page.getByTestId('slide-count')).toHaveText(/^[\d,]+ of [\d,]+ slides$/);
  return { token, projectId };
}

/** The leaf header of a column (the one with the column menu). */
const columnHeader = (grid: Locator, header: string) =>
  grid
    .locator('[role=columnheader]')
    .filter({ has: grid.page().locator(`button[aria-label="Column menu of ${header}"]`) });

/** Whether `inner` lies wholly inside `outer` on screen. */
async function isWithin(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return (
    a.x >= b.x - 1 &&
    a.x + a.width <= b.x + b.width + 1 &&
    a.y >= b.y - 1 &&
    a.y + a.height <= b.y + b.height + 1
  );
}

/** A picture for whoever reviews the screens, beside the test's other output (not the docs' screenshots). */
const look = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

const scrollLeftOf = (grid: Locator) => grid.evaluate((el) => el.scrollLeft);

test('removing the QC grouping keeps the table, and after a reload it stays ungrouped', async ({ page }) => {
  const { token, projectId } = await openTable(page, USERS.reader);
  await page.getByRole('tab', { name: 'QC' }).click();
  const qc = qcGrid(page);
  await expect(qc.getByRole('row', { expanded: false }).first()).toHaveText(/^File Name: \S+ \(\d+\)$/);
  await look(page, 'first-use-qc-grouped');
  // Scrolled sideways, each slide's group row keeps its expand control in view.
  await qc.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => scrollLeftOf(qc)).toBeGreaterThan(300);
  expect(
    await isWithin(
      qc.locator('[role=row][aria-expanded]').first().getByRole('button', { name: 'Expand group' }),
      qc,
    ),
  ).toBe(true);
  await look(page, 'first-use-qc-grouped-scrolled');
  await qc.evaluate((el) => el.scrollTo({ left: 0 }));

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/column-state/qcSlideMetadataView') && r.request().method() === 'PUT',
  );
  await rowGroups(page).getByRole('button', { name: 'File Name' }).locator('.MuiChip-deleteIcon').click();
  await expect(rowGroups(page)).toHaveText('Drag a column here to group rows');
  // Channel rows, one per channel, no group rows: the table is there, not a blank page.
  await expect(qc.locator('[role=row][aria-expanded]')).toHaveCount(0);
  await expect(qc.locator('[role=row][data-row="0"] [role=gridcell]').first()).toHaveText(/\.svs|\.tif/);
  await expect(failedScreen(page)).toHaveCount(0);
  await expect(page.getByTestId('slide-count')).toHaveText(/^[\d,]+ channels$/);
  await look(page, 'first-use-qc-ungrouped');
  await saved;
  expect(
    (await savedColumnState(token, projectId, 'qcSlideMetadataView')) as { groups: string[] },
  ).toMatchObject({
    groups: [],
  });

  await page.reload();
  await page.getByRole('tab', { name: 'QC' }).click();
  await expect(rowGroups(page)).toHaveText('Drag a column here to group rows');
  await expect(qc.locator('[role=row][data-row="0"] [role=gridcell]').first()).toHaveText(/\.svs|\.tif/);
  await expect(qc.locator('[role=row][aria-expanded]')).toHaveCount(0);
});

test('a saved column state that no longer fits the fields is repaired when the table opens', async ({
  page,
}) => {
  await openTable(page, USERS.reader, {
    slideMetadataView: {
      order: 'fileName',
      widths: { fileName: 'wide', organ: -1 },
      hidden: { blockId: true },
      pinned: ['fileName'],
      sort: [
        { colId: 'removedField', sort: 'asc' },
        { colId: 'label', sort: 'up' },
      ],
      groups: ['removedField', 'assays'],
    },
    qcSlideMetadataView: { groups: ['removedField', 'fileName', 'fileName'], order: [1, 2, 3] },
  });
  const grid = mainGrid(page);
  await expect(grid.locator('[role=row][data-row="0"] [role=gridcell]').nth(0)).toHaveText(/\S/);
  await expect(rowGroups(page)).toHaveText('Drag a column here to group rows');
  await expect(columnHeader(grid, 'File Name')).toBeVisible();
  await expect(failedScreen(page)).toHaveCount(0);

  await page.getByRole('tab', { name: 'QC' }).click();
  await expect(rowGroups(page).getByRole('button', { name: 'File Name' })).toHaveCount(1);
  await expect(qcGrid(page).getByRole('row', { expanded: false }).first()).toHaveText(
    /^File Name: \S+ \(\d+\)$/,
  );
});

test('a screen that fails to render shows a message and a way back, not a blank app', async ({ page }) => {
  const { accessToken: token } = await signInPage(page, USERS.reader);
  const projectId = await demoProjectId(token);
  // Descriptors the table cannot draw (a field that is null): the slides screen throws while rendering.
  await page.route('**/v1/projects/*/fields/slideMetadataView', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[null]' }),
  );
  await page.goto(`/projects/${projectId}/slides`);
  await expect(failedScreen(page)).toBeVisible();
  await expect(failedScreen(page)).toContainText('fieldName');
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
  await look(page, 'first-use-screen-failed');
  await failedScreen(page).getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(failedScreen(page)).toHaveCount(0);
});

test('sideways: File Name stays pinned, group rows keep their expand control, a filter opens at its column', async ({
  page,
}) => {
  await openTable(page, USERS.reader);
  const grid = mainGrid(page);
  const firstFileName = grid.locator('[role=row][data-row="0"] [role=gridcell]').first();
  await expect(firstFileName).toHaveText(/\.(svs|tif)$/);
  await look(page, 'first-use-main');

  // Far right: the File Name column still names each row.
  await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => scrollLeftOf(grid)).toBeGreaterThan(1000);
  expect(await isWithin(firstFileName, grid)).toBe(true);
  await expect(columnHeader(grid, 'File Name')).toBeInViewport();
  // A range selected across the pinned column is tinted there too (its cells are opaque).
  await firstFileName.click();
  await grid
    .locator('[role=row][data-row="2"] [role=gridcell]')
    .first()
    .click({ modifiers: ['Shift'] });
  await expect(grid.locator('[role=row][data-row="1"] [role=gridcell]').first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(
    await grid
      .locator('[role=row][data-row="1"] [role=gridcell]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundImage),
  ).toContain('gradient');
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe(''); // no text selected across cells
  await look(page, 'first-use-main-scrolled');

  // The Assays filter opens beside its column, and the grid stays where it was.
  // Scrolled as a person would leave it: the Assays header at the grid's right edge; clicked where it is.
  const assays = columnHeader(grid, 'Assays');
  await grid.evaluate((el) => {
    const header = [...el.querySelectorAll<HTMLElement>('[role=columnheader]')].find((h) =>
      h.querySelector('button[aria-label="Column menu of Assays"]'),
    )!;
    el.scrollTo({ left: header.offsetLeft + header.offsetWidth - el.clientWidth });
  });
  await expect(assays).toBeInViewport({ ratio: 1 });
  const before = await scrollLeftOf(grid);
  const filterButton = (await page
    .getByRole('button', { name: 'Filter Assays', exact: true })
    .boundingBox())!;
  await page.mouse.click(filterButton.x + filterButton.width / 2, filterButton.y + filterButton.height / 2);
  const menu = page.getByRole('dialog', { name: 'Filter Assays', exact: true });
  await expect(menu.getByRole('checkbox', { name: '(Select All)' })).toBeVisible();
  await expect(menu.getByRole('checkbox').nth(1)).toBeVisible();
  expect(await scrollLeftOf(grid)).toBe(before);
  await expect(assays).toBeInViewport();
  const [menuBox, headerBox] = [await menu.boundingBox(), await assays.boundingBox()];
  expect(Math.abs(menuBox!.x - headerBox!.x)).toBeLessThan(headerBox!.width);
  expect(menuBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height - 1); // below the header, not over it
  await look(page, 'first-use-assays-filter');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect(await scrollLeftOf(grid)).toBe(before);
  // From the keyboard too: Enter on the focused filter button opens the filter, and the grid does not
  // take the key as its own (moving to a cell, starting an edit).
  await page
    .getByRole('button', { name: 'Filter Assays', exact: true })
    .evaluate((b: HTMLElement) => b.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('checkbox', { name: '(Select All)' })).toBeVisible();
  expect(await scrollLeftOf(grid)).toBe(before);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect(await scrollLeftOf(grid)).toBe(before);

  // Grouped by Indication and scrolled sideways: each group row still shows its control and its name.
  await page.getByRole('button', { name: 'Column menu of Indication', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Group by Indication' }).click();
  const group = grid.locator('[role=row][aria-expanded]').first();
  await expect(group).toHaveText(/^Indication: .+ \(\d+\)$/);
  await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => scrollLeftOf(grid)).toBeGreaterThan(1000);
  const expand = group.getByRole('button', { name: 'Expand group' });
  expect(await isWithin(expand, grid)).toBe(true);
  await expand.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(group.getByRole('button', { name: 'Collapse group' })).toBeInViewport();
  await look(page, 'first-use-grouped-scrolled');
});

test('default widths fit the headers and common values; new rows start at the top', async ({ page }) => {
  const { token, projectId } = await openTable(page, USERS.writer);
  const grid = mainGrid(page);
  await expect(grid.locator('[role=row][data-row="0"]')).toBeVisible();
  // Every header's text is shown whole (a cut header is wider than its box).
  const cut = async (g: Locator) =>
    g
      .locator('[role=columnheader][aria-sort] button[title] > span')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      );
  expect(await cut(grid)).toEqual([]);
  // 'metadata only' (the status of the demo's synthetic rows) fits its column.
  await page.getByRole('textbox', { name: 'Search slides' }).fill('-00001.svs');
  await expect(page.getByTestId('slide-count')).toHaveText(/^1 of /);
  const statusIndex = await grid
    .locator('[role=columnheader][aria-sort]')
    .evaluateAll((els) => els.findIndex((el) => el.querySelector('button[title="Status"]')));
  const status = grid.locator(`[role=gridcell][data-cell="0:${statusIndex}"] > span`);
  await expect(status).toHaveText('metadata only');
  expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The choice editor shows a long value whole ('Normal adjacent tissue' was cut to ':ent tissue').
  const { data } = await apiCall<{ data: { fileName: string }[] }>(
    'POST',
    `/v1/projects/${projectId}/slides/grid`,
    {
      token,
      body: {
        filterModel: { tissueType: { filterType: 'set', values: ['Normal adjacent tissue'] } },
        sortModel: [{ colId: 'fileName', sort: 'asc' }],
        startRow: 0,
        endRow: 1,
      },
    },
  );
  const searched = /-\d{5}\.svs$/.exec(data[0]!.fileName)![0];
  await page.getByRole('textbox', { name: 'Search slides' }).fill(searched);
  await expect(page.getByTestId('slide-count')).toHaveText(/^1 of /);
  const tissueIndex = await grid
    .locator('[role=columnheader][aria-sort]')
    .evaluateAll((els) => els.findIndex((el) => el.querySelector('button[title="Tissue Type"]')));
  const tissue = grid.locator(`[role=gridcell][data-cell="0:${tissueIndex}"]`);
  await tissue.scrollIntoViewIfNeeded();
  await tissue.dblclick();
  const editor = page.getByRole('combobox', { name: 'Edit Tissue Type' });
  await expect(editor).toHaveValue('Normal adjacent tissue');
  expect(await editor.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(page.getByRole('option', { name: 'Normal adjacent tissue' })).toBeVisible();
  await look(page, 'first-use-choice-editor');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await page.getByRole('tab', { name: 'QC' }).click();
  const qc = qcGrid(page);
  await expect(qc.getByRole('row', { expanded: false }).first()).toBeVisible();
  expect(await cut(qc)).toEqual([]);
  await page.getByRole('tab', { name: 'Slide metadata' }).click();

  // Scrolled down, then the rows change (a search): the new rows show from the top.
  await page.getByRole('textbox', { name: 'Search slides' }).fill('');
  await expect(page.getByTestId('slide-count')).toHaveText(/^([\d,]+) of \1 slides$/);
  await mainGrid(page).evaluate((el) => el.scrollTo({ top: 3000 }));
  await expect.poll(() => mainGrid(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(2000);
  await page.getByRole('textbox', { name: 'Search slides' }).fill('TS41560');
  await expect(page.getByTestId('slide-count')).not.toHaveText(/^([\d,]+) of \1 slides$/);
  await expect.poll(() => mainGrid(page).evaluate((el) => el.scrollTop)).toBe(0);
  await look(page, 'first-use-widths');
});

test('the Label column shows a stored slide’s label or thumbnail and requests nothing for the others', async ({
  page,
}) => {
  // Every picture the page asks for, and every failed request or console error while it loads.
  const pictures: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (/\/slides\/[^/]+\/(label|thumbnail)\b/.test(r.url())) pictures.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await openTable(page, USERS.reader);
  const grid = mainGrid(page);
  const labelIndex = await grid
    .locator('[role=columnheader][aria-sort]')
    .evaluateAll((els) =>
      els.findIndex((el) => el.querySelector('button[aria-label="Column menu of Label"]')),
    );
  // The first rows are the demo's synthetic slides (no stored file): empty cells, nothing requested.
  await expect(grid.locator('[role=row][data-row="20"]')).toBeVisible();
  await expect(grid.locator(`[role=gridcell][data-cell="0:${labelIndex}"]`)).toBeEmpty();
  expect(pictures).toEqual([]);

  // The two stored demo slides show a picture, and their metadata like the synthetic rows.
  await page.getByRole('textbox', { name: 'Search slides' }).fill('demo-');
  await expect(page.getByTestId('slide-count')).toHaveText(/^2 of /);
  for (const row of [0, 1]) {
    const picture = grid.locator(`[role=gridcell][data-cell="${row}:${labelIndex}"] img`);
    await expect(picture).toHaveAttribute('alt', /^Slide (label|thumbnail)$/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  expect(pictures).toHaveLength(2);
  const cell = async (row: number, header: string) => {
    const index = await grid
      .locator('[role=columnheader][aria-sort]')
      .evaluateAll(
        (els, h) => els.findIndex((el) => el.querySelector(`button[aria-label="Column menu of ${h}"]`)),
        header,
      );
    return grid.locator(`[role=gridcell][data-cell="${row}:${index}"]`);
  };
  await expect(await cell(0, 'File Name')).toHaveText('demo-brightfield.ome.tif');
  await expect(await cell(0, 'Block ID')).toHaveText('P1000-B01');
  await expect(await cell(0, 'Assays')).toHaveText('H&E');
  await expect(await cell(0, 'Organ')).toHaveText('Lung');
  await expect(await cell(1, 'File Name')).toHaveText('demo-fluorescence.ome.tif');
  await expect(await cell(1, 'Block ID')).toHaveText('P1000-B02');
  await expect(await cell(1, 'Assays')).toHaveText('DAPI-CD3-CD8-PD-L1');
  await expect(await cell(1, 'Organ')).toHaveText('Lung');
  await look(page, 'first-use-labels');
  expect(problems).toEqual([]);
});

test('a new page starts at its top, not where the last one was scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await openTable(page, USERS.reader);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  // Client-side navigation (no reload), as a link inside the app does: the router follows the history.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/help');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByTestId('slide-count')).toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeGreaterThan(200);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
