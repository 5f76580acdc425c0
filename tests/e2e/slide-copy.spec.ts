/**
 * The Copy slides wizard (spec 1 §2, §4, §5, §6; issue #15 point 3): a Data Owner copies the slides the
 * table shows (a search) into another project with their metadata and annotations, follows the job to
 * its end, finds the copies there and the job in the Jobs panel; copying again reports them as already
 * there. A writer (no slideCopy) sees the button disabled with the spec's tooltip.
 */
import type { Page } from '@playwright/test';
import { SLIDE_COPY_TEXTS } from '@tessera/domain';
import { test, expect } from './fixtures.ts';
import { addMembers, createProject } from './support/api.ts';
import { tokensFor, USERS } from './support/users.ts';
import { fmt, openTable, search, slideCount, slideCountText } from './support/slides.ts';

const wizard = (page: Page) => page.getByRole('dialog', { name: SLIDE_COPY_TEXTS.title });

async function copyTo(page: Page, targetName: string, options: { annotations: boolean }) {
  await page.getByRole('button', { name: SLIDE_COPY_TEXTS.title }).click();
  const dialog = wizard(page);
  const start = dialog.getByRole('button', { name: SLIDE_COPY_TEXTS.startCopy });
  await expect(start).toBeDisabled();
  await dialog.getByRole('combobox', { name: SLIDE_COPY_TEXTS.targetProject }).click();
  await page.getByRole('option', { name: targetName }).click();
  await expect(dialog.getByRole('checkbox', { name: SLIDE_COPY_TEXTS.copyProjectMetadata })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: SLIDE_COPY_TEXTS.copyResults })).toBeDisabled();
  if (options.annotations)
    await dialog.getByRole('checkbox', { name: SLIDE_COPY_TEXTS.copyAnnotations }).check();
  await expect(start).toBeEnabled();
  return { dialog, start };
}

test('a Data Owner copies the searched slides into another project; again, they are already there', async ({
  page,
  shot,
}) => {
  const admin = await tokensFor(USERS.admin);
  const target = await createProject(admin.accessToken, `Copy target ${Date.now()}`);
  await addMembers(admin.accessToken, target.id, [USERS.writer], 'projectWrite');

  const { total } = await openTable(page, USERS.admin);
  await search(page, 'demo-', 2, total);
  const { dialog, start } = await copyTo(page, target.name, { annotations: true });
  await expect(dialog.getByText('The 2 slides the table shows')).toBeVisible();
  await shot('copy-slides-wizard');
  await start.click();
  await expect(dialog.getByText('Copied 2 slides')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await shot('copy-slides-done');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();
  expect(await slideCount(admin.accessToken, target.id)).toBe(2);

  // The Jobs panel lists it in words.
  await page.getByRole('button', { name: 'Jobs' }).click();
  const jobs = page.getByRole('region', { name: 'Jobs' });
  await expect(jobs.getByText(`2 slides to ${target.name}`).first()).toBeVisible();
  await expect(jobs.getByText('Copy slides').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Copied again: nothing new, each slide named as already there.
  const again = await copyTo(page, target.name, { annotations: false });
  await again.start.click();
  await expect(again.dialog.getByText('Copied 0 slides, 2 already there')).toBeVisible({ timeout: 30_000 });
  await expect(again.dialog.getByRole('row', { name: /Already there/ })).toHaveCount(2);
  await again.dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(again.dialog).toBeHidden();
  expect(await slideCount(admin.accessToken, target.id)).toBe(2);

  // The copies are in the target's table, a link away.
  const third = await copyTo(page, target.name, { annotations: false });
  await third.start.click();
  await third.dialog.getByRole('link', { name: `Open ${target.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${target.id}/slides`));
  await expect(slideCountText(page)).toHaveText(`${fmt(2)} of ${fmt(2)} slides`);
});

test('without slideCopy the button is disabled and says why', async ({ page }) => {
  await openTable(page, USERS.writer);
  const button = page.getByRole('button', { name: SLIDE_COPY_TEXTS.title });
  await expect(button).toBeDisabled();
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(SLIDE_COPY_TEXTS.noCopyPermission);
});
