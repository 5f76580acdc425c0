/**
 * "Optimized for viewing" in the slide table (issue #10 point 10): an imported slide's conversion runs
 * on the server's own worker; one that fails shows why in the row menu, and a user with slideUpload
 * queues it again from there, while a Read member sees the reason without the action.
 *
 * The slide is multi-channel-z-series.ome.tif, whose int8 channels the converter refuses (a real test
 * slide, copied into the server's imports folder, never into the repository).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { addMembers, apiCall, createProject } from './support/api.ts';
import { serverEnv } from './support/env.ts';
import { openTable, grid } from './support/slides.ts';
import { snackbar } from './support/ui.ts';
import { tokensFor, USERS } from './support/users.ts';
import { slidePath } from '../../packages/wsi/test/slides.ts';

const REASON =
  'Conversion failed: Channels of sample type int8 cannot be optimized yet (uint8 and uint16 can)';

interface Conversion {
  status: string;
  error: string | null;
}

const conversionOf = async (token: string, projectId: string, slideId: string) =>
  (await apiCall<{ conversion: Conversion }>('GET', `/v1/projects/${projectId}/slides/${slideId}`, { token }))
    .conversion;

/** The row menu of the table's only row. */
async function openRowMenu(page: Page) {
  await grid(page)
    .getByRole('gridcell', { name: /multi-channel-z-series/ })
    .first()
    .click({ button: 'right' });
  return page.getByRole('menu');
}

test('a failed conversion shows its reason in the row menu and slideUpload can retry it', async ({
  page,
  browser,
  baseURL,
  shot,
}) => {
  const admin = (await tokensFor(USERS.admin)).accessToken;
  const project = await createProject(admin, `Conversion ${Date.now()}`);
  await addMembers(admin, project.id, [USERS.reader], 'projectRead');
  const folder = path.join(serverEnv().TESSERA_DATA_DIR!, 'imports', `conversion-${project.id}`);
  fs.mkdirSync(folder, { recursive: true });
  fs.copyFileSync(
    slidePath('multi-channel-z-series.ome.tif'),
    path.join(folder, 'multi-channel-z-series.ome.tif'),
  );
  const summary = await apiCall<{ imported: { slideId: string }[] }>(
    'POST',
    `/v1/projects/${project.id}/import`,
    {
      token: admin,
      body: { path: folder },
    },
  );
  expect(summary.imported).toHaveLength(1);
  const slideId = summary.imported[0]!.slideId;
  // Registering queued it; the embedded worker runs it (and its one retry) and records why it failed.
  await expect
    .poll(() => conversionOf(admin, project.id, slideId), { timeout: 30_000 })
    .toMatchObject({ status: 'Failed', error: REASON });

  await openTable(page, USERS.admin, project.id);
  let menu = await openRowMenu(page);
  await expect(menu.getByRole('menuitem', { name: `Optimization failed: ${REASON}` })).toBeVisible();
  await expect(menu.getByText(REASON)).toBeVisible();
  await shot('conversion-failed-row-menu');
  await menu.getByRole('menuitem', { name: 'Retry optimization' }).click();
  await expect(snackbar(page)).toContainText('Optimization queued again');
  // A new job: queued or already running, and it ends failed again for the same reason.
  expect(['Queued', 'Converting', 'Failed']).toContain(
    (await conversionOf(admin, project.id, slideId)).status,
  );
  await expect
    .poll(() => conversionOf(admin, project.id, slideId), { timeout: 30_000 })
    .toMatchObject({ status: 'Failed', error: REASON });

  // A Read member sees the reason but cannot retry.
  const readerContext = await browser.newContext({ baseURL });
  try {
    const reader = await readerContext.newPage();
    await openTable(reader, USERS.reader, project.id);
    menu = await openRowMenu(reader);
    await expect(menu.getByRole('menuitem', { name: `Optimization failed: ${REASON}` })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Retry optimization' })).toHaveCount(0);
  } finally {
    await readerContext.close();
  }
});
