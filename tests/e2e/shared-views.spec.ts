/**
 * The shared filter link (spec 1 §2 shared filter link and Share filters dialog, §3 saved shared view,
 * §8 'Invalid Link'; issue #5 point 6): a Write member narrows the table (search, a set filter, a hidden
 * and a moved column) and shares it; a Read member opens the link in their own browser and sees the same
 * table, after which the parameter is gone from the address. A link that names no view says so; a view
 * saved in the older condition1/condition2 form still opens (synthetic slides 9130 and 9131).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiCall } from './support/api.ts';
import { snackbar } from './support/ui.ts';
import {
  columnHeaders,
  fmt,
  grid,
  gridQuery,
  openTable,
  searchBox,
  slideCountText,
} from './support/slides.ts';
import { signInPage, USERS } from './support/users.ts';

const INVALID_LINK = 'Invalid Link: Failed to restore Metadata table from shared url';
const SEARCH = '-B07-';

const header = (page: Page, name: string) =>
  grid(page)
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: `Column menu of ${name}`, exact: true }) });

test('a shared link restores search, filter and columns for another member, then leaves the address', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const filterModel = { indicationV2: { filterType: 'set', values: ['NSCLC'] } };
  const narrowed = await gridQuery(token, projectId, { filterModel, globalSearchText: SEARCH, endRow: 1 });
  expect(narrowed.filteredSlideCount).toBeGreaterThan(0);
  const count = `${fmt(narrowed.filteredSlideCount)} of ${fmt(total)} slides`;

  // The search text and a set filter: Indication NSCLC only.
  await searchBox(page).fill(SEARCH);
  await page.getByRole('button', { name: 'Filter Indication', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Filter Indication', exact: true });
  await menu.getByRole('checkbox', { name: '(Select All)' }).uncheck();
  await menu
    .getByRole('group', { name: 'Indication values' })
    .getByRole('checkbox', { name: 'NSCLC', exact: true })
    .check();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(slideCountText(page)).toHaveText(count);

  // Organ hidden; Block ID dragged before File Extension.
  await page.getByRole('button', { name: 'Column menu of Organ', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Hide column' }).click();
  const before = await columnHeaders(grid(page));
  expect(before).not.toContain('Organ');
  await header(page, 'Block ID').dragTo(header(page, 'File Extension'));
  const at = (list: string[], name: string) => list.indexOf(name);
  await expect
    .poll(async () => {
      const now = await columnHeaders(grid(page));
      return at(now, 'Block ID') < at(now, 'File Extension');
    })
    .toBe(true);
  const shared = await columnHeaders(grid(page));
  expect(shared).not.toEqual(before);

  // Share filters: the link, then Copy puts it on the clipboard and says so.
  await page.getByRole('button', { name: 'Share filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share filters' });
  const linkBox = dialog.getByRole('textbox', { name: 'Shared link' });
  await expect(linkBox).toHaveValue(
    new RegExp(`^${baseURL}/projects/${projectId}/slides\\?smf=[A-Za-z0-9_-]{22}$`),
  );
  const link = await linkBox.inputValue();
  await shot('share-filters');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // What was saved under the hash, through the API.
  const hash = new URL(link).searchParams.get('smf')!;
  const saved = await apiCall<{
    type: string;
    value: { globalSearchText: string; filterModel: unknown; columnState: { hidden: string[] } };
  }>('GET', `/v1/projects/${projectId}/shared-views/${hash}`, { token });
  expect(saved.type).toBe('metadata filters config');
  expect(saved.value.globalSearchText).toBe(SEARCH);
  expect(saved.value.filterModel).toEqual(filterModel);
  expect(saved.value.columnState.hidden).toContain('organ');

  // Another member, in their own browser, from their own (default) column state.
  const readerContext = await browser.newContext({ baseURL });
  try {
    const reader = await readerContext.newPage();
    const { accessToken } = await signInPage(reader, USERS.reader);
    await apiCall('PUT', `/v1/projects/${projectId}/column-state/slideMetadataView`, {
      token: accessToken,
      body: { state: null },
    });
    await reader.goto(link);
    await expect(slideCountText(reader)).toHaveText(count);
    await expect(searchBox(reader)).toHaveValue(SEARCH);
    await expect.poll(() => columnHeaders(grid(reader))).toEqual(shared);
    await expect(reader).toHaveURL(`${baseURL}/projects/${projectId}/slides`);
    // The filter is the one shared: NSCLC alone is ticked.
    await reader.getByRole('button', { name: 'Filter Indication', exact: true }).click();
    const values = reader
      .getByRole('dialog', { name: 'Filter Indication', exact: true })
      .getByRole('group', { name: 'Indication values' });
    await expect(values.getByRole('checkbox', { name: 'NSCLC', exact: true })).toBeChecked();
    await expect(values.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await reader.keyboard.press('Escape');
    await expect(snackbar(reader)).toHaveCount(0);
  } finally {
    await readerContext.close();
  }
});

test('a link whose view does not exist, or whose hash is malformed, says it is invalid and opens the plain table', async ({
  page,
}) => {
  const { projectId, total } = await openTable(page, USERS.reader);
  for (const smf of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-hash']) {
    await page.goto(`/projects/${projectId}/slides?smf=${smf}`);
    await expect(snackbar(page).getByText(INVALID_LINK, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/slides$`));
    await expect(slideCountText(page)).toHaveText(`${fmt(total)} of ${fmt(total)} slides`);
    await expect(searchBox(page)).toHaveValue('');
  }
});

test('a view saved in the older form (condition1 and condition2) opens as its list of conditions', async ({
  page,
}) => {
  const { token, projectId, total } = await openTable(page, USERS.writer);
  const older = {
    fileName: {
      filterType: 'text',
      operator: 'OR',
      condition1: { filterType: 'text', type: 'endsWith', filter: '-09130.svs' },
      condition2: { filterType: 'text', type: 'endsWith', filter: '-09131.svs' },
    },
  };
  const { hash } = await apiCall<{ hash: string }>('POST', `/v1/projects/${projectId}/shared-views`, {
    token,
    body: {
      type: 'metadata filters config',
      value: { globalSearchText: '', filterModel: older, columnState: null },
    },
  });
  const read = await apiCall<{ value: { filterModel: Record<string, unknown> } }>(
    'GET',
    `/v1/projects/${projectId}/shared-views/${hash}`,
    { token },
  );
  expect(read.value.filterModel).toEqual({
    fileName: {
      filterType: 'text',
      operator: 'OR',
      conditions: [older.fileName.condition1, older.fileName.condition2],
    },
  });

  await page.goto(`/projects/${projectId}/slides?smf=${hash}`);
  await expect(slideCountText(page)).toHaveText(`2 of ${fmt(total)} slides`);
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/slides$`));
  // The File Name filter menu shows both conditions joined by OR.
  await page.getByRole('button', { name: 'Filter File Name', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Filter File Name' });
  await expect(menu.getByRole('textbox', { name: 'File Name filter' })).toHaveValue('-09130.svs');
  await expect(menu.getByRole('textbox', { name: 'File Name second filter' })).toHaveValue('-09131.svs');
  await expect(menu.getByRole('button', { name: 'OR' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
});
