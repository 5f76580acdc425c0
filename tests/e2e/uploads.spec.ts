/**
 * The Upload panel (spec 1 §2, §4, §6; issue #15 point 1): a writer drops two slides and a file that is
 * no slide into a new project, starts the upload, watches the states, reads the notice, and finds the
 * slides in the table after pressing refresh; the same file again is not sent; Clear history empties the
 * list. A folder holding a DICOM series of two files, a slide and a note becomes two items: the series is
 * one slide; a file dropped on the panel joins them. A reader's button is disabled with the spec's tooltip. The slides are the shared test
 * slides, read from there (a chosen folder holds copies in a temporary folder: a browser does not follow links).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { JOBS_PANEL_TEXTS, UPLOAD_MESSAGES } from '@tessera/domain';
import { test, expect } from './fixtures.ts';
import { addMembers, createProject } from './support/api.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';
import { openTable, slideCount, slideCountText } from './support/slides.ts';
import { slidePath } from '../../packages/wsi/test/slides.ts';

const SVS = slidePath('tcga-cr-7395-01a-01-ts1.svs');
const OME = slidePath('cells-2c.ome.tif');

const panel = (page: Page) => page.getByRole('region', { name: 'Upload slides' });
const rowOf = (page: Page, name: string) => panel(page).getByTestId('upload-row').filter({ hasText: name });

test('a writer uploads two slides and a file that is no slide; the slides join the project', async ({
  page,
  shot,
}) => {
  const admin = await tokensFor(USERS.admin);
  const project = await createProject(admin.accessToken, `Uploads ${Date.now()}`);
  await addMembers(admin.accessToken, project.id, [USERS.writer], 'projectWrite');
  const { accessToken: token } = await signInPage(page, USERS.writer);
  await page.goto(`/projects/${project.id}/slides`);
  await expect(slideCountText(page)).toHaveText('0 of 0 slides');

  await page.getByRole('button', { name: 'Upload slides' }).click();
  await expect(panel(page).getByText(UPLOAD_MESSAGES.dropZone(project.name))).toBeVisible();
  const start = panel(page).getByRole('button', { name: 'Start upload' });
  await expect(start).toBeDisabled();

  const note = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-upload-')), 'notes.svs');
  fs.writeFileSync(note, 'a note, not a slide\n');
  await panel(page).getByLabel('Slide files').setInputFiles([SVS, OME, note]);
  await expect(panel(page).getByTestId('upload-row')).toHaveCount(3);
  await expect(rowOf(page, 'cells-2c.ome.tif').getByText('Not started')).toBeVisible();
  await shot('upload-panel');

  await start.click();
  await expect(page.getByText(UPLOAD_MESSAGES.allUploaded)).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, 'tcga-cr-7395-01a-01-ts1.svs').getByText('Finished')).toBeVisible();
  await expect(rowOf(page, 'cells-2c.ome.tif').getByText('Finished')).toBeVisible();
  await expect(rowOf(page, 'notes.svs').getByText('Failed')).toBeVisible();
  await expect(start).toBeDisabled();
  // The counts are reloaded at once: the project's header says so behind the panel.
  await expect(page.getByText('2 slides', { exact: true })).toBeVisible();
  await shot('upload-panel-finished');
  expect(await slideCount(token, project.id)).toBe(2);

  // The same file again is not sent: the project has it.
  await panel(page).getByLabel('Slide files').setInputFiles([OME]);
  await start.click();
  const again = rowOf(page, 'cells-2c.ome.tif').last();
  await expect(again.getByText(UPLOAD_MESSAGES.alreadyStored)).toBeVisible();
  expect(await slideCount(token, project.id)).toBe(2);

  await panel(page).getByRole('button', { name: 'Clear history' }).click();
  await expect(panel(page).getByText('No uploads yet.')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(slideCountText(page)).toHaveText('2 of 2 slides');
  await expect(page.getByText('tcga-cr-7395-01a-01-ts1.svs')).toBeVisible();

  // The uploads queued the slides' optimization: the writer follows it in the Jobs panel.
  await page.getByRole('button', { name: 'Jobs' }).click();
  const jobs = page.getByRole('region', { name: 'Jobs' });
  await expect(jobs.getByRole('heading', { name: JOBS_PANEL_TEXTS.title })).toBeVisible();
  const optimization = jobs.getByTestId('job-row').filter({ hasText: 'tcga-cr-7395-01a-01-ts1.svs' });
  await expect(optimization.getByText('Optimize slide')).toBeVisible();
  await expect(optimization.getByText(project.name)).toBeVisible();
  await expect(optimization.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await shot('jobs-panel');
  await optimization.getByRole('button', { name: 'Details of Optimize slide' }).click();
  await expect(page.getByLabel('Output log')).not.toHaveText('Nothing logged yet.');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await jobs.getByRole('button', { name: 'Close' }).click();
});

test('a writer chooses a folder: its DICOM series is one slide, its other slide another, its note left out; a dropped file joins them', async ({
  page,
  shot,
}) => {
  const admin = await tokensFor(USERS.admin);
  const project = await createProject(admin.accessToken, `Folder upload ${Date.now()}`);
  await addMembers(admin.accessToken, project.id, [USERS.writer], 'projectWrite');
  const { accessToken: token } = await signInPage(page, USERS.writer);
  const run = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-folder-')), 'run');
  fs.mkdirSync(path.join(run, 'openslide-boxes'), { recursive: true });
  for (const name of ['boxes_0.dcm', 'boxes_1.dcm'])
    fs.copyFileSync(slidePath(`dicom/openslide-boxes/${name}`), path.join(run, 'openslide-boxes', name));
  fs.copyFileSync(OME, path.join(run, 'cells-2c.ome.tif'));
  fs.writeFileSync(path.join(run, 'readme.txt'), 'scanned on Monday\n');
  await page.goto(`/projects/${project.id}/slides`);
  await page.getByRole('button', { name: 'Upload slides' }).click();

  await panel(page).getByLabel('Slide folder').setInputFiles(run);
  await expect(panel(page).getByTestId('upload-row')).toHaveCount(2);
  await expect(
    panel(page).getByText('1 file in the folders is not a slide file and was left out: run/readme.txt'),
  ).toBeVisible();
  const series = rowOf(page, 'openslide-boxes');
  await expect(series.getByText(/^2 files · /)).toBeVisible();
  await series.getByRole('button', { name: 'Show files' }).click();
  const files = series.getByRole('list', { name: 'Files of openslide-boxes' }).getByTestId('upload-file-row');
  await expect(files).toHaveText([/^boxes_0\.dcm.*Not started$/, /^boxes_1\.dcm.*Not started$/]);
  await shot('upload-panel-folder');

  // A file dropped on the panel joins the list (a drop made by a script, so the file without its entry).
  const dropped = fs.readFileSync(slidePath('dicom/highdicom-sm/sm_image.dcm')).toString('base64');
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], 'sm_image.dcm'));
    return data;
  }, dropped);
  await panel(page).dispatchEvent('drop', { dataTransfer });
  await expect(panel(page).getByTestId('upload-row')).toHaveCount(3);
  await expect(rowOf(page, 'sm_image.dcm').getByText('Not started')).toBeVisible();

  await panel(page).getByRole('button', { name: 'Start upload' }).click();
  await expect(page.getByText(UPLOAD_MESSAGES.allUploaded)).toBeVisible({ timeout: 30_000 });
  await expect(files).toHaveText([/^boxes_0\.dcm.*Finished$/, /^boxes_1\.dcm.*Finished$/]);
  await expect(series.getByText('Finished', { exact: true }).first()).toBeVisible();
  await expect(rowOf(page, 'cells-2c.ome.tif').getByText('Finished')).toBeVisible();
  await expect(rowOf(page, 'sm_image.dcm').getByText('Finished')).toBeVisible();
  await shot('upload-panel-folder-finished');
  expect(await slideCount(token, project.id)).toBe(3);

  await panel(page).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(slideCountText(page)).toHaveText('3 of 3 slides');
  await expect(page.getByRole('gridcell', { name: 'openslide-boxes', exact: true }).first()).toBeVisible();
});

test('a reader cannot upload: the button says why', async ({ page }) => {
  await signInPage(page, USERS.reader);
  await page.goto('/dashboard');
  const button = page.getByRole('button', { name: 'Upload slides' });
  await expect(button).toBeDisabled();
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: UPLOAD_MESSAGES.selectProject })).toBeVisible();
  await openTable(page, USERS.reader);
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: UPLOAD_MESSAGES.noPermission })).toBeVisible();
});
