/**
 * The viewer side panel's QC tab (spec 3 §2): the 'Metadata Preset' dropdown, the open slide's metadata
 * as a transposed grid (Column, Value), a value edited in place and saved as the slide table's edits
 * are, undo and redo (not while a value is edited), Delete clearing a value (a mandatory one then marked
 * invalid) and Ctrl+Z bringing it back, the chosen preset kept, and a reader's values read-only.
 *
 * The brightfield demo slide's Block ID is changed and put back: the slide table's first-use scenario
 * reads it (the e2e run shares one server), so the test restores it through the API if it stops early.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiCall } from './support/api.ts';
import { USERS } from './support/users.ts';
import { cellOf, gridQuery, openTable, search, slideById, type SlideRow } from './support/slides.ts';

const BRIGHTFIELD = 'demo-brightfield.ome.tif';
const NEW_BLOCK_ID = 'P1000-B01-QC';

async function brightfieldRow(token: string, projectId: string): Promise<SlideRow> {
  const answer = await gridQuery(token, projectId, {
    startRow: 0,
    endRow: 1,
    filterModel: { fileName: { filterType: 'text', type: 'equals', filter: BRIGHTFIELD } },
  });
  return answer.data[0]!;
}

const qcGrid = (page: Page) => page.getByRole('grid', { name: `Metadata of ${BRIGHTFIELD}` });
/** The value cell of a field's row (a mandatory field's row header adds its ' *', named ', mandatory'). */
const valueOf = (page: Page, header: string) =>
  qcGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${header}(, mandatory)?$`) }) })
    .getByRole('gridcell');
const presetPicker = (page: Page) => page.getByRole('combobox', { name: 'Metadata Preset' });

/** Opens the brightfield slide signed in as `email`, with the side panel's QC tab shown. */
async function openQcTab(page: Page, email: string) {
  const { token, projectId, total } = await openTable(page, email);
  const slide = await brightfieldRow(token, projectId);
  await page.goto(`/projects/${projectId}/slide/${slide.id}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await page.getByRole('button', { name: 'QC', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'QC' })).toBeVisible();
  await expect(qcGrid(page)).toBeVisible();
  return { token, projectId, total, slide };
}

test("a writer edits the open slide's metadata in the QC tab, with undo, redo and Delete; the chosen preset is kept", async ({
  page,
  shot,
}) => {
  const { token, projectId, total, slide } = await openQcTab(page, USERS.writer);
  const original = String(slide.blockId);
  expect(original).toBe('P1000-B01');
  const savedBlockId = async () => (await slideById(token, projectId, slide.id)).blockId;
  try {
    await expect(presetPicker(page)).toHaveText('Minimal Preset');
    await expect(qcGrid(page).getByRole('columnheader')).toHaveText(['Column', 'Value']);
    await expect(qcGrid(page).getByRole('rowheader')).toHaveText([
      /^File Name/,
      /^Block ID/,
      /^Assays/,
      /^Indication/,
      /^Slide QC Pass/,
      /^QC Comments/,
    ]);
    const blockId = valueOf(page, 'Block ID');
    await expect(blockId).toHaveText(original);
    await expect(blockId).toHaveAttribute('aria-readonly', 'false');
    await expect(valueOf(page, 'File Name')).toHaveText(BRIGHTFIELD);
    // The rail button's tooltip away from the picture.
    await page.getByLabel('Slide image').hover();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await shot('viewer-qc');

    // Double-click, type, Enter: saved.
    await blockId.dblclick();
    const editor = qcGrid(page).getByRole('textbox', { name: 'Edit Block ID' });
    await expect(editor).toBeFocused();
    // While a value is edited, undo and redo wait (and so does the preset picker).
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeDisabled();
    await editor.fill(NEW_BLOCK_ID);
    await editor.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect(blockId).toHaveText(NEW_BLOCK_ID);
    await expect.poll(savedBlockId).toBe(NEW_BLOCK_ID);

    // Undo puts the value back, Redo applies it again; both saved.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(blockId).toHaveText(original);
    await expect.poll(savedBlockId).toBe(original);
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect(blockId).toHaveText(NEW_BLOCK_ID);
    await expect.poll(savedBlockId).toBe(NEW_BLOCK_ID);

    // An editor open again: Undo waits until it is closed (Escape leaves the value as it was).
    await blockId.dblclick();
    await expect(editor).toBeFocused();
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await editor.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
    await expect(blockId).toHaveText(NEW_BLOCK_ID);

    // Delete clears the focused value: Block ID is mandatory, so it is marked; Ctrl+Z brings it back.
    await blockId.click();
    await expect(blockId).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Delete');
    await expect(blockId).toHaveText('');
    await expect(blockId).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(savedBlockId).toBeNull();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(blockId).toHaveText(NEW_BLOCK_ID);
    await expect(blockId).not.toHaveAttribute('aria-invalid', 'true');
    await expect.poll(savedBlockId).toBe(NEW_BLOCK_ID);

    // The slide table shows the edited value too.
    await page.getByRole('button', { name: 'Back to the slide list' }).click();
    await expect(page).toHaveURL(/\/slides$/);
    await search(page, 'demo-brightfield', 1, total);
    await expect(await cellOf(page, 0, 'Block ID')).toHaveText(NEW_BLOCK_ID);
    await page.goBack();
    await expect(qcGrid(page)).toBeVisible();

    // Another preset, chosen: still chosen after a reload.
    await presetPicker(page).click();
    await page.getByRole('option', { name: 'TP: Real-Time QC' }).click();
    await expect(presetPicker(page)).toHaveText('TP: Real-Time QC');
    await expect(
      qcGrid(page)
        .getByRole('rowheader')
        .filter({ hasText: /^Scanner/ }),
    ).toBeVisible();
    await expect(
      qcGrid(page)
        .getByRole('rowheader')
        .filter({ hasText: /^Indication/ }),
    ).toHaveCount(0);
    await page.reload();
    await expect(qcGrid(page)).toBeVisible();
    await expect(presetPicker(page)).toHaveText('TP: Real-Time QC');
    await expect(valueOf(page, 'Block ID')).toHaveText(NEW_BLOCK_ID);

    // Put back as it was, through the QC tab.
    await valueOf(page, 'Block ID').dblclick();
    await editor.fill(original);
    await editor.press('Enter');
    await expect(valueOf(page, 'Block ID')).toHaveText(original);
    await expect.poll(savedBlockId).toBe(original);
  } finally {
    const now = await slideById(token, projectId, slide.id);
    if (now.blockId !== original)
      await apiCall('PATCH', `/v1/projects/${projectId}/slides`, {
        token,
        body: { slides: [{ id: now.id, updatedAt: now.updatedAt, blockId: original }] },
      });
  }
});

test("a reader sees the open slide's metadata in the QC tab but cannot edit it", async ({ page }) => {
  await openQcTab(page, USERS.reader);
  const blockId = valueOf(page, 'Block ID');
  await expect(blockId).toHaveText('P1000-B01');
  await expect(blockId).toHaveAttribute('aria-readonly', 'true');
  await blockId.dblclick();
  await expect(qcGrid(page).getByRole('textbox')).toHaveCount(0);
  await blockId.click();
  await page.keyboard.press('Delete');
  await expect(blockId).toHaveText('P1000-B01');
  await page.keyboard.type('X');
  await expect(qcGrid(page).getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  // Choosing the preset's fields needs slideMetadataManage.
  await expect(page.getByRole('button', { name: 'Edit preset…' })).toHaveCount(0);
});
