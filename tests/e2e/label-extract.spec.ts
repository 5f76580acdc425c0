/**
 * The Label extract wizard (spec 1 §2, §4, §6; issue #15 point 5): a writer reads the label of a slide
 * generated with known text, a Code 128 and a DataMatrix; Study ID and Block ID are filled from the
 * codes, shown in the Summary and in the table. A reader (no slideMetadataManage) sees the button
 * disabled with the spec's tooltip.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LABEL_EXTRACT_TEXTS } from '@tessera/domain';
import { test, expect } from './fixtures.ts';
import { addMembers, createProject } from './support/api.ts';
import { tessera } from './support/cli.ts';
import { USERS, tokensFor } from './support/users.ts';
import { openTable, slideById, slideIdOf } from './support/slides.ts';
import { writeLabelledSlide } from '../../apps/server/test/label-slide.fixtures.ts';

test('a writer fills Study ID and Block ID from a slide’s label', async ({ page, shot }) => {
  const admin = await tokensFor(USERS.admin);
  const project = await createProject(admin.accessToken, `Labels ${Date.now()}`);
  await addMembers(admin.accessToken, project.id, [USERS.writer], 'projectWrite');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-labels-'));
  await writeLabelledSlide(path.join(dir, 'labelled.svs'), {
    lines: ['H&E 4 um'],
    code128: 'ST-2024-017',
    dataMatrix: 'P1000-B01',
  });
  tessera('import', dir, '--project', project.name);

  const { token } = await openTable(page, USERS.writer, project.id);
  await page.getByRole('button', { name: LABEL_EXTRACT_TEXTS.title }).click();
  const dialog = page.getByRole('dialog', { name: LABEL_EXTRACT_TEXTS.title });
  await expect(dialog.getByText('The label of the slide the table shows is read')).toBeVisible();
  await expect(
    dialog.getByRole('textbox', { name: LABEL_EXTRACT_TEXTS.patternLabel('blockId') }),
  ).not.toHaveValue('');
  await shot('label-extract-wizard');
  await dialog.getByRole('button', { name: LABEL_EXTRACT_TEXTS.extractText }).click();
  await expect(dialog.getByText('Read 1 label; filled 1 slide')).toBeVisible({ timeout: 60_000 });
  const row = dialog.getByRole('row', { name: /labelled\.svs/ });
  await expect(row.getByText('ST-2024-017', { exact: true })).toBeVisible();
  await expect(row.getByText('P1000-B01', { exact: true })).toBeVisible();
  await shot('label-extract-summary');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();

  const slide = await slideById(token, project.id, await slideIdOf(token, project.id, 'labelled.svs'));
  expect(slide).toMatchObject({ studyId: 'ST-2024-017', blockId: 'P1000-B01' });
  fs.rmSync(dir, { recursive: true, force: true });
});

test('without slideMetadataManage the button is disabled and says why', async ({ page }) => {
  await openTable(page, USERS.reader);
  const button = page.getByRole('button', { name: LABEL_EXTRACT_TEXTS.title });
  await expect(button).toBeDisabled();
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(LABEL_EXTRACT_TEXTS.noPermission);
});
