/**
 * Sync between open slides and landmarks (issue #12 point 8; spec 2 §4, §6): the demo project's two
 * real slides, put in one block of their own for the run, open as two tabs; one tab is dragged to the
 * right edge so they show side by side; Manual moves the other view with a pan, with the cross-hair on
 * both; a reader may not overwrite landmarks (the button says why, the API answers 403); a writer
 * overwrites them, the tabs' landmark icons then share a colour and Landmarks is offered and followed.
 *
 * Until the side panel's 'Open Slide in New Tab' exists there is no button that opens a second tab, so
 * the two tabs come from the layout the viewer restores for a project (what it saved when the user was
 * last here): the second tab is then opened, docked and synced through the real UI.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiCall, ApiError } from './support/api.ts';
import { demoProjectId, slideById, slideIdOf } from './support/slides.ts';
import { dismissSnackbar, snackbar } from './support/ui.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';

const BRIGHTFIELD = 'demo-brightfield.ome.tif';
const FLUORESCENCE = 'demo-fluorescence.ome.tif';

interface Demo {
  projectId: string;
  brightfield: string;
  fluorescence: string;
  blockId: string;
}

let demo: Demo;
let originalBlocks: { id: string; blockId: unknown }[] = [];

async function setBlock(token: string, projectId: string, slides: { id: string; blockId: unknown }[]) {
  const rows = await Promise.all(slides.map((s) => slideById(token, projectId, s.id)));
  await apiCall('PATCH', `/v1/projects/${projectId}/slides`, {
    token,
    body: {
      slides: rows.map((row, i) => ({ id: row.id, updatedAt: row.updatedAt, blockId: slides[i]!.blockId })),
    },
  });
}

// The two demo slides in a block of their own (so the run starts without landmarks), put back after.
test.beforeAll(async () => {
  const { accessToken: token } = await tokensFor(USERS.writer);
  const projectId = await demoProjectId(token);
  const brightfield = await slideIdOf(token, projectId, BRIGHTFIELD);
  const fluorescence = await slideIdOf(token, projectId, FLUORESCENCE);
  originalBlocks = await Promise.all(
    [brightfield, fluorescence].map(async (id) => ({
      id,
      blockId: (await slideById(token, projectId, id)).blockId ?? null,
    })),
  );
  const blockId = `SYNC-${Date.now()}`;
  await setBlock(token, projectId, [
    { id: brightfield, blockId },
    { id: fluorescence, blockId },
  ]);
  demo = { projectId, brightfield, fluorescence, blockId };
});

test.afterAll(async () => {
  const { accessToken: token } = await tokensFor(USERS.writer);
  if (demo) await setBlock(token, demo.projectId, originalBlocks);
});

const viewer = (page: Page, n: 1 | 2) => page.locator(`[data-viewer-id=viewerId${n}]`);
const mapOf = (page: Page, n: 1 | 2) => viewer(page, n).getByTestId('slide-map');
const tabButton = (page: Page, name: string) => page.locator('.flexlayout__tab_button', { hasText: name });
const syncDialog = (page: Page) => page.getByRole('dialog', { name: 'Sync' });

/** Closes the sync panel (Escape) and waits until it is gone: its backdrop takes the pointer till then. */
async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
}

/** The centre a map shows, in image pixels (SlideMap writes it on every moveend). */
async function centerOf(map: Locator): Promise<{ x: number; y: number }> {
  const [x, y] = (await map.getAttribute('data-center'))!.split(',').map(Number);
  return { x: x!, y: y! };
}

/**
 * How far the second map's move since `b0` is from the first map's since `a0`, in image pixels (the
 * larger of x and y): 0 when the second moved by the same offset. Read again until both maps are at rest.
 */
async function offsetGap(page: Page, b0: { x: number; y: number }, a0: { x: number; y: number }) {
  const [a, b] = [await centerOf(mapOf(page, 1)), await centerOf(mapOf(page, 2))];
  return Math.max(Math.abs(b.x - b0.x - (a.x - a0.x)), Math.abs(b.y - b0.y - (a.y - a0.y)));
}

/** The two slides as tabs of one tab set (the viewer restores this layout), the brightfield one shown. */
async function openTwoTabs(page: Page, email: string): Promise<void> {
  await signInPage(page, email);
  const tab = (n: number, slideId: string) => ({
    type: 'tab',
    id: `viewerId${n}`,
    component: 'slide',
    name: 'Loading...',
    config: { slideId, isFlipped: false },
  });
  const layout = {
    global: {},
    layout: {
      type: 'row',
      children: [{ type: 'tabset', children: [tab(1, demo.brightfield), tab(2, demo.fluorescence)] }],
    },
  };
  await page.addInitScript(
    ({ key, json }) => {
      if (sessionStorage.getItem('e2e.layoutSeeded')) return;
      sessionStorage.setItem('e2e.layoutSeeded', '1');
      localStorage.setItem(key, json);
    },
    { key: `tessera.viewerLayout.${demo.projectId}`, json: JSON.stringify(layout) },
  );
  await page.goto(`/projects/${demo.projectId}/slide/${demo.brightfield}`);
  await expect(viewer(page, 1)).toHaveAttribute('data-load-status', 'succeeded');
  // The second tab has not been shown yet: its viewer is made once it is.
  await expect(page.locator('.flexlayout__tab_button')).toHaveCount(2);
}

/** Drags the fluorescence tab to the right edge of the brightfield view: the two dock side by side. */
async function dockSideBySide(page: Page): Promise<void> {
  const from = (await page.locator('.flexlayout__tab_button').nth(1).boundingBox())!;
  const area = (await mapOf(page, 1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width - 40, area.y + area.height / 2, { steps: 12 });
  await page.mouse.move(area.x + area.width - 20, area.y + area.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.locator('[data-load-status=succeeded]')).toHaveCount(2);
  await expect(mapOf(page, 1)).toHaveAttribute('data-center', /\d/);
  await expect(mapOf(page, 2)).toHaveAttribute('data-center', /\d/);
  const [left, right] = [(await mapOf(page, 1).boundingBox())!, (await mapOf(page, 2).boundingBox())!];
  expect(right.x).toBeGreaterThan(left.x + left.width - 10);
}

/** Drags the map by (dx, dy) screen pixels and waits for it and the other map to come to rest. */
async function pan(page: Page, n: 1 | 2, dx: number, dy: number): Promise<void> {
  const own = mapOf(page, n);
  const other = mapOf(page, n === 1 ? 2 : 1);
  const [ownBefore, before] = [
    await own.getAttribute('data-center'),
    await other.getAttribute('data-center'),
  ];
  const box = (await mapOf(page, n).boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 10 });
  await page.mouse.up();
  await expect(own).not.toHaveAttribute('data-center', ownBefore!);
  await expect(other).not.toHaveAttribute('data-center', before!);
}

test('two docked tabs follow each other in Manual; a reader may not overwrite landmarks', async ({
  page,
  shot,
}) => {
  await openTwoTabs(page, USERS.reader);
  await dockSideBySide(page);

  // Compare sync is on by default: two displayed viewers are synced by hand (Manual).
  await expect(viewer(page, 1).getByRole('button', { name: 'Sync' })).toBeVisible();
  await viewer(page, 1).getByRole('button', { name: 'Sync' }).click();
  const panel = syncDialog(page);
  await expect(panel.getByRole('radio', { name: 'Manual' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Disabled' })).toBeVisible();
  // No landmarks in this block yet: Landmarks is not offered.
  await expect(panel.getByRole('radio', { name: 'Landmarks' })).toHaveCount(0);
  // Opening the panel turned the cross-hair on, on both maps.
  await expect(panel.getByRole('switch', { name: 'Cross-hair' })).toBeChecked();
  await expect(viewer(page, 1).getByTestId('sync-crosshair')).toBeVisible();
  await expect(viewer(page, 2).getByTestId('sync-crosshair')).toBeVisible();
  await panel.getByRole('radio', { name: 'Manual' }).click();
  // A reader lacks landmarksWrite: the button is disabled.
  await expect(panel.getByRole('button', { name: 'Overwrite landmarks' })).toBeDisabled();
  await shot('viewer-sync-panel');
  await closePanel(page);

  const [a0, b0] = [await centerOf(mapOf(page, 1)), await centerOf(mapOf(page, 2))];
  await pan(page, 1, -60, -40);
  expect(Math.abs((await centerOf(mapOf(page, 1))).x - a0.x)).toBeGreaterThan(100);
  // The same offset in image pixels (rounded centres: within 2 pixels), once both are at rest.
  await expect.poll(() => offsetGap(page, b0, a0)).toBeLessThanOrEqual(2);

  // And the other way round, with a magnification change: the same factor.
  const magnification = (n: 1 | 2) =>
    viewer(page, n)
      .getByLabel('Magnification shown')
      .textContent()
      .then((t) => Number(t!.replace('×', '')));
  const [m1, m2] = [await magnification(1), await magnification(2)];
  await viewer(page, 2).getByRole('button', { name: 'Magnify to 10×' }).click();
  await expect(viewer(page, 2).getByLabel('Magnification shown')).toHaveText('10×');
  await expect.poll(() => magnification(1)).toBeCloseTo((m1 * 10) / m2, 0);

  // The pointer is linked: over the first map's centre, the map-pin marks the second map's centre (the
  // same tissue), its tip within a pixel or two; it goes when the pointer leaves.
  const pin = viewer(page, 2).getByTestId('map-pin');
  await expect(pin).toBeHidden();
  const [box1, box2] = [(await mapOf(page, 1).boundingBox())!, (await mapOf(page, 2).boundingBox())!];
  await page.mouse.move(box1.x + box1.width / 2 - 30, box1.y + box1.height / 2);
  await page.mouse.move(box1.x + box1.width / 2, box1.y + box1.height / 2);
  await expect(pin).toBeVisible();
  const tip = (await pin.boundingBox())!;
  expect(Math.abs(tip.x + tip.width / 2 - (box2.x + box2.width / 2))).toBeLessThanOrEqual(2);
  expect(Math.abs(tip.y + tip.height - (box2.y + box2.height / 2))).toBeLessThanOrEqual(2);
  await expect(viewer(page, 1).getByTestId('map-pin')).toBeHidden();
  await shot('viewer-sync-manual');
  await page.mouse.move(box1.x + box1.width / 2, box1.y - 40);
  await expect(pin).toBeHidden();

  // The server refuses a reader's overwrite too.
  const { accessToken: token } = await tokensFor(USERS.reader);
  const refused = await apiCall('PUT', `/v1/projects/${demo.projectId}/landmarks`, {
    token,
    body: {
      blocks: [
        {
          name: demo.blockId,
          images: [{ slideId: demo.brightfield }],
          landmarks: [{ index: 0, isAutomatic: true, pos: [{ img_idx: 0, x: 1, y: 1 }] }],
        },
      ],
    },
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(403);
  expect((refused as ApiError).code).toBe('LANDMARKS_WRITE_REQUIRED');
});

test('a writer overwrites the landmarks; the tabs then share a landmark colour and follow by landmarks', async ({
  page,
  shot,
}) => {
  await openTwoTabs(page, USERS.writer);
  await expect(tabButton(page, BRIGHTFIELD).getByTestId('landmark-icon')).toHaveAttribute(
    'data-color',
    'none',
  );
  await dockSideBySide(page);
  // Place the slides by hand: Manual, then move one (the other follows), then the other on its own.
  await viewer(page, 1).getByRole('button', { name: 'Sync' }).click();
  const panel = syncDialog(page);
  await panel.getByRole('radio', { name: 'Disabled' }).click();
  await closePanel(page);
  await viewer(page, 2).getByRole('button', { name: 'Magnify to 5×' }).click();
  await expect(viewer(page, 2).getByLabel('Magnification shown')).toHaveText('5×');
  await viewer(page, 1).getByRole('button', { name: 'Magnify to 5×' }).click();
  await expect(viewer(page, 1).getByLabel('Magnification shown')).toHaveText('5×');

  await viewer(page, 1).getByRole('button', { name: 'Sync' }).click();
  await panel.getByRole('radio', { name: 'Manual' }).click();
  await expect(panel.getByText(`Block ${demo.blockId} · 2 slides · no landmarks yet`)).toBeVisible();
  await panel.getByRole('button', { name: 'Overwrite landmarks' }).click();
  const confirm = page.getByRole('dialog', { name: 'Overwrite landmarks?' });
  await expect(confirm).toContainText(`block ${demo.blockId}`);
  const [a, b] = [await centerOf(mapOf(page, 1)), await centerOf(mapOf(page, 2))];
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/v1/projects/${demo.projectId}/landmarks`) && r.request().method() === 'PUT',
  );
  await confirm.getByRole('button', { name: 'Overwrite' }).click();
  expect((await saved).status()).toBe(200);
  await expect(snackbar(page)).toContainText(`Landmarks of block ${demo.blockId} overwritten`);

  // Both tabs now carry the block's colour, and Landmarks is offered.
  const colorOf = (name: string) =>
    tabButton(page, name).getByTestId('landmark-icon').getAttribute('data-color');
  await expect(tabButton(page, BRIGHTFIELD).getByTestId('landmark-icon')).not.toHaveAttribute(
    'data-color',
    'none',
  );
  expect(await colorOf(FLUORESCENCE)).toBe(await colorOf(BRIGHTFIELD));
  await expect(panel.getByText(`Block ${demo.blockId} · 2 slides · landmarks on 2`)).toBeVisible();
  const landmarks = panel.getByRole('radio', { name: 'Landmarks' });
  await expect(landmarks).toBeEnabled();
  await landmarks.click();
  await expect(landmarks).toBeChecked();
  await closePanel(page);
  await dismissSnackbar(page);
  await viewer(page, 1).getByRole('button', { name: 'Sync' }).click();
  await expect(landmarks).toBeChecked();
  await shot('viewer-sync-landmarks-panel');
  await closePanel(page);

  // By landmarks: the other view keeps the saved relation (one location landmark: a shift).
  // By the keyboard this time (the map takes the arrow keys): a step without a drag's momentum.
  const before = await mapOf(page, 2).getAttribute('data-center');
  await mapOf(page, 1).focus();
  await page.keyboard.press('ArrowRight');
  await expect(mapOf(page, 2)).not.toHaveAttribute('data-center', before!);
  await expect.poll(async () => (await centerOf(mapOf(page, 1))).x - a.x).toBeGreaterThan(50);
  await expect.poll(() => offsetGap(page, b, a)).toBeLessThanOrEqual(2);
  await shot('viewer-sync-landmarks');

  // A flip the landmarks do not record disables Landmarks, with the reason; the tab's icon is mirrored.
  await viewer(page, 2).getByRole('button', { name: 'Display tools' }).click();
  await page
    .getByRole('dialog', { name: 'Display tools' })
    .getByRole('switch', { name: 'Flip slide' })
    .click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  await expect(tabButton(page, FLUORESCENCE).getByTestId('landmark-icon')).toHaveAttribute(
    'data-flipped',
    'true',
  );
  await viewer(page, 1).getByRole('button', { name: 'Sync' }).click();
  await expect(landmarks).toBeDisabled();
  await expect(panel.getByRole('radio', { name: 'Disabled' })).toBeChecked();
  // The pointer goes away and back until the hint shows: a hover while the panel still grows in can
  // land beside the option it measured.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await landmarks.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText(
      `The flip of ${FLUORESCENCE} differs from its landmarks: flip it back to sync by landmarks`,
      { timeout: 2000 },
    );
  }).toPass({ timeout: 15_000 });
});

test('landmarks that record a slide flipped flip it when it opens (spec 2 §4 "Flip")', async ({ page }) => {
  const { accessToken: token } = await tokensFor(USERS.writer);
  const position = (img_idx: number, isFlippedOnYAxis: boolean) => ({
    img_idx,
    x: 400,
    y: 300,
    isFlippedOnYAxis,
  });
  await apiCall('PUT', `/v1/projects/${demo.projectId}/landmarks`, {
    token,
    body: {
      blocks: [
        {
          name: demo.blockId,
          images: [{ slideId: demo.brightfield }, { slideId: demo.fluorescence }],
          landmarks: [{ index: 0, isAutomatic: true, pos: [position(0, false), position(1, true)] }],
        },
      ],
    },
  });
  await signInPage(page, USERS.writer);
  await page.goto(`/projects/${demo.projectId}/slide/${demo.fluorescence}`);
  await expect(tabButton(page, FLUORESCENCE).getByTestId('landmark-icon')).toHaveAttribute(
    'data-flipped',
    'true',
  );
  await page.getByRole('button', { name: 'Display tools' }).click();
  const flip = page
    .getByRole('dialog', { name: 'Display tools' })
    .getByRole('switch', { name: 'Flip slide' });
  await expect(flip).toBeChecked();
  // The brightfield slide, recorded unflipped, opens as it is.
  await page.keyboard.press('Escape');
  await page.goto(`/projects/${demo.projectId}/slide/${demo.brightfield}`);
  await expect(tabButton(page, BRIGHTFIELD).getByTestId('landmark-icon')).toHaveAttribute(
    'data-flipped',
    'false',
  );
});
