/**
 * The Transfer slides/annotations wizard (spec 1 §2, §4, §5, §6; issue #15 point 4): a reader writes the
 * slide the table shows — its original file and its annotation sets as QuPath GeoJSON — into a folder
 * of the transfer area chosen from the listing, reads the 15-minute notice and each job's summary, and
 * the files are there on the server. The guest (neither slideDownload nor transferAnnotations) sees the
 * button disabled with the spec's tooltip.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TRANSFER_TEXTS } from '@tessera/domain';
import { test, expect } from './fixtures.ts';
import { serverEnv } from './support/env.ts';
import { USERS } from './support/users.ts';
import { openTable, search } from './support/slides.ts';

const wizard = (page: Page) => page.getByRole('dialog', { name: TRANSFER_TEXTS.title });

test('a reader transfers a slide and its annotation sets into a folder of the transfer area', async ({
  page,
  shot,
}) => {
  // A folder of its own in the demo's outbox, so a rerun starts empty.
  const run = `run-${Date.now()}`;
  const outbox = path.join(serverEnv().TESSERA_DATA_DIR!, 'transfer', 'Demo outbox');
  fs.mkdirSync(path.join(outbox, run), { recursive: true });

  const { total } = await openTable(page, USERS.reader);
  await search(page, 'demo-brightfield', 1, total);
  await page.getByRole('button', { name: TRANSFER_TEXTS.title }).click();
  const dialog = wizard(page);
  const start = dialog.getByRole('button', { name: TRANSFER_TEXTS.startTransfer });
  await expect(dialog.getByText(TRANSFER_TEXTS.destinationRequired)).toBeVisible();
  await expect(start).toBeDisabled();
  await dialog.getByRole('checkbox', { name: TRANSFER_TEXTS.typeLabels.TransferAnnotations }).check();
  await expect(
    dialog.getByRole('checkbox', { name: TRANSFER_TEXTS.typeLabels.TransferSlides }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Open Demo outbox' }).click();
  await expect(dialog.getByText('Destination: transfer/Demo outbox')).toBeVisible();
  await dialog.getByRole('button', { name: run, exact: true }).click();
  await expect(dialog.getByText(`Destination: transfer/Demo outbox/${run}`)).toBeVisible();
  await shot('transfer-wizard');
  // The breadcrumbs lead back up; the choice stays until another is made.
  await dialog.getByRole('button', { name: 'transfer', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Demo outbox', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Open Demo outbox' }).click();
  await dialog.getByRole('button', { name: run, exact: true }).click();

  await start.click();
  await expect(dialog.getByText(TRANSFER_TEXTS.notice)).toBeVisible();
  await expect(dialog.getByText(`Wrote 1 slide into transfer/Demo outbox/${run}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    dialog.getByText(`Wrote the annotation sets of 1 slide into transfer/Demo outbox/${run}`),
  ).toBeVisible({ timeout: 30_000 });
  await shot('transfer-summary');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();

  const written = fs.readdirSync(path.join(outbox, run));
  expect(written).toContain('demo-brightfield.ome.tif');
  const geojson = written.filter((name) => name.endsWith('.geojson'));
  expect(geojson.length).toBeGreaterThan(0);
  const collection = JSON.parse(fs.readFileSync(path.join(outbox, run, geojson[0]!), 'utf8')) as {
    type: string;
  };
  expect(collection.type).toBe('FeatureCollection');
});

test('without slideDownload or transferAnnotations the button is disabled and says why', async ({ page }) => {
  await openTable(page, USERS.guest);
  const button = page.getByRole('button', { name: TRANSFER_TEXTS.title });
  await expect(button).toBeDisabled();
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(TRANSFER_TEXTS.noPermission);
});
