/**
 * The immunofluorescence viewer (spec 2 §2; spec 3 §2, §4–§6): 'Split Channels' shows one map per
 * channel in a 2 × 2 grid that pans as one, 'Toggle Grayscale' draws them grey, 'Combine Channels' goes
 * back to one map; the equalization panel brightens the image as its maxima are lowered, a project admin
 * saves that for the project, and a reader then sees the same image, told it is the project's, and may
 * not save for the project.
 * The demo project's generated fluorescence slide (4 uint16 channels: DAPI, FITC, Cy3, Cy5) is the image.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { EQUALIZATION_MESSAGES } from '@tessera/domain';
import { apiCall, ApiError } from './support/api.ts';
import { USERS } from './support/users.ts';
import { openTable, slideIdOf } from './support/slides.ts';
import { dismissSnackbar, snackbar } from './support/ui.ts';

const FLUORESCENCE = 'demo-fluorescence.ome.tif';
const CHANNELS = ['DAPI', 'FITC', 'Cy3', 'Cy5'];

/** Opens the fluorescence slide signed in as `email`, its image drawn. */
async function openFluorescence(page: Page, email: string) {
  const { token, projectId } = await openTable(page, email);
  const slideId = await slideIdOf(token, projectId, FLUORESCENCE);
  await page.goto(`/projects/${projectId}/slide/${slideId}`);
  await expect(page.getByRole('heading', { name: FLUORESCENCE })).toBeVisible();
  await expect(page.getByLabel('Slide image')).toHaveAttribute('aria-busy', 'false');
  return { token, projectId, slideId };
}

/**
 * What a map shows, as RGB pixels of a screenshot: the fluorescence layer is WebGL where the browser
 * has it (its canvas cannot be read back as a 2D one), so the screen is what is compared. The map's
 * own overlays (overview, scale line) and what floats over it (channel names, the equalization panel:
 * .map-overlay; a toolbar button's tooltip) are hidden for it.
 */
const HIDE_OVERLAYS = `
  [data-testid=slide-map] .ol-overlaycontainer-stopevent,
  .map-overlay,
  .MuiTooltip-popper { opacity: 0 !important; }`;
/** Left out at each side of a map's screenshot: the panes' dividers may overlap its edge by a pixel. */
const FRAME = 2;
/** The map element's background, where no image is drawn. */
const BACKGROUND = 0xf4;

async function pixelsOf(map: Locator) {
  const png = await map.screenshot({ style: HIDE_OVERLAYS, animations: 'disabled' });
  const { width, height } = await sharp(png).metadata();
  const { data, info } = await sharp(png)
    .extract({ left: FRAME, top: FRAME, width: width - 2 * FRAME, height: height - 2 * FRAME })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const isDrawn = (i: number) =>
    data[i] !== BACKGROUND || data[i + 1] !== BACKGROUND || data[i + 2] !== BACKGROUND;
  return { data, width: info.width, height: info.height, isDrawn };
}

/** Where the image lies in a map: the box of its drawn pixels, from the centre. */
async function imageBox(map: Locator) {
  const { width, height, isDrawn } = await pixelsOf(map);
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (isDrawn((y * width + x) * 3)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  const [cx, cy] = [width / 2, height / 2];
  return { left: left - cx, right: right - cx, top: top - cy, bottom: bottom - cy };
}

/**
 * The colour of a map's lit pixels (any channel above 40): their mean luminance over the whole image,
 * and the share of them that are grey (channels within 12 of each other).
 */
async function colourOf(map: Locator) {
  const { data, isDrawn } = await pixelsOf(map);
  let [lit, grey, luminance, drawn] = [0, 0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    if (!isDrawn(i)) continue;
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    drawn++;
    luminance += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (Math.max(r, g, b) <= 40) continue;
    lit++;
    if (Math.max(r, g, b) - Math.min(r, g, b) <= 12) grey++;
  }
  return {
    lit: lit / Math.max(drawn, 1),
    grey: grey / Math.max(lit, 1),
    luminance: luminance / Math.max(drawn, 1),
  };
}

/** The drawn image's mean luminance once the map has finished drawing. */
async function settledLuminance(map: Locator): Promise<number> {
  await expect(map).toHaveAttribute('aria-busy', 'false');
  return (await colourOf(map)).luminance;
}

/**
 * The equalization panel: every channel's maximum typed (Enter takes it), each shown in its input and on
 * its slider.
 */
async function setMaxima(panel: Locator, value: string) {
  for (const name of CHANNELS) {
    const max = panel.getByRole('textbox', { name: `Maximum of ${name}` });
    await expect(max).not.toHaveValue(value);
    await max.fill(value);
    await max.press('Enter');
    await expect(max).toHaveValue(value);
    await expect(panel.getByRole('slider', { name: `Maximum of ${name}` })).toHaveValue(value);
  }
}

/** Removes a slide's saved equalization (the user's own with `useUserId`, else the project's), if any. */
async function removePreset(token: string, projectId: string, slideId: string, body: { useUserId?: string }) {
  try {
    await apiCall('DELETE', `/v1/projects/${projectId}/slides/${slideId}/equalization`, { token, body });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

test('split channels: four maps in a 2 × 2 grid that pan as one, grey on demand, combined again', async ({
  page,
  shot,
}) => {
  const { token, projectId, slideId } = await openFluorescence(page, USERS.writer);
  const { id: userId } = await apiCall<{ id: string }>('GET', '/v1/me', { token });
  try {
    // The computed preset spans the whole uint16 range: the synthetic channels are too faint to see. The
    // writer saves brighter windows for themself first (for me: no confirmation).
    await page.getByRole('button', { name: 'Equalization', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Equalization' });
    await setMaxima(panel, '3000');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('menuitem', { name: 'For me' }).click();
    await expect(snackbar(page)).toContainText(EQUALIZATION_MESSAGES.saved);
    await expect(panel.getByText('Saved for you', { exact: true })).toBeVisible();
    await dismissSnackbar(page);
    await panel.getByRole('button', { name: 'Close equalization' }).click();
    await expect(panel).toHaveCount(0);

    const split = page.getByRole('button', { name: 'Split Channels' });
    await split.click();
    const grid = page.getByRole('group', { name: 'Channels' });
    await expect(grid).toBeVisible();
    await expect(page.getByRole('button', { name: 'Combine Channels' })).toBeVisible();
    await expect(split).toHaveCount(0);
    const maps = CHANNELS.map((name) => grid.getByLabel(`Channel ${name}`, { exact: true }));
    for (const map of maps) await expect(map).toHaveAttribute('aria-busy', 'false');
    for (const name of CHANNELS) await expect(grid.getByText(name, { exact: true })).toBeVisible();

    // 2 × 2: two columns of two rows, the maps the same size.
    const boxes = await Promise.all(maps.map(async (m) => (await m.boundingBox())!));
    const [a, b, c, d] = boxes as [
      (typeof boxes)[0],
      (typeof boxes)[0],
      (typeof boxes)[0],
      (typeof boxes)[0],
    ];
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    expect(Math.abs(c.x - a.x)).toBeLessThan(1);
    expect(c.y).toBeGreaterThan(a.y + a.height - 1);
    expect(Math.abs(d.x - b.x)).toBeLessThan(1);
    expect(Math.abs(d.y - c.y)).toBeLessThan(1);
    for (const box of boxes) {
      expect(Math.abs(box.width - a.width)).toBeLessThan(2);
      expect(Math.abs(box.height - a.height)).toBeLessThan(2);
    }
    // Each shows its channel alone, in its colour, the image placed alike in all four.
    // Channel tiles arrive one by one: the first map's box once two looks agree.
    let before = await imageBox(maps[0]!);
    await expect
      .poll(async () => {
        const [was, now] = [before, (before = await imageBox(maps[0]!))];
        return JSON.stringify(now) === JSON.stringify(was);
      })
      .toBe(true);
    for (const map of maps) {
      await expect.poll(async () => (await colourOf(map)).lit).toBeGreaterThan(0.02);
      await expect.poll(() => imageBox(map)).toEqual(before);
      expect((await colourOf(map)).grey).toBeLessThan(0.5);
    }
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await shot('viewer-fluorescence-split');

    // Panning the second channel's map moves all four.
    const moved = maps.map((map) =>
      map.evaluate(
        (el) =>
          new Promise<void>((resolve) =>
            el.addEventListener('slidemap:moved', () => resolve(), { once: true }),
          ),
      ),
    );
    const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 60, y - 40, { steps: 10 });
    await page.mouse.up();
    await Promise.all(moved);
    await expect
      .poll(async () => {
        const shown = await Promise.all(maps.map((m) => imageBox(m)));
        return shown.every((box) => JSON.stringify(box) === JSON.stringify(shown[0]))
          ? shown[0]!.left - before.left
          : `the maps differ: ${JSON.stringify(shown)}`;
      })
      .toBeLessThan(-40);

    // Grayscale: every channel's lit pixels grey; then coloured again.
    await page.getByRole('button', { name: 'Toggle Grayscale' }).click();
    await expect(page.getByRole('button', { name: 'Toggle Colored' })).toBeVisible();
    for (const map of maps) await expect.poll(async () => (await colourOf(map)).grey).toBeGreaterThan(0.98);
    await page.getByRole('button', { name: 'Toggle Colored' }).click();
    await expect(page.getByRole('button', { name: 'Toggle Grayscale' })).toBeVisible();
    for (const map of maps) await expect.poll(async () => (await colourOf(map)).grey).toBeLessThan(0.5);

    await page.getByRole('button', { name: 'Combine Channels' }).click();
    await expect(grid).toHaveCount(0);
    await expect(page.getByTestId('slide-map')).toHaveCount(1);
    await expect(page.getByLabel('Slide image')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('button', { name: 'Split Channels' })).toBeVisible();
  } finally {
    await removePreset(token, projectId, slideId, { useUserId: userId });
  }
});

test('equalization: lower maxima brighten the image; saved for the project, a reader sees it and cannot save for the project', async ({
  page,
  browser,
  shot,
}) => {
  const { token, projectId, slideId } = await openFluorescence(page, USERS.projectAdmin);
  const map = page.getByLabel('Slide image');
  try {
    const computed = await settledLuminance(map);
    // The channel tiles are coloured here: a new equalization asks for none again.
    await expect(map).toHaveAttribute('data-tiles', 'channels');
    const channelTilesAsked: string[] = [];
    page.on('request', (r) => {
      if (/\/channels\/\d+\/\d+\/\d+/.test(r.url())) channelTilesAsked.push(r.url());
    });
    await page.getByRole('button', { name: 'Equalization', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Equalization' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Computed from the channels')).toBeVisible();
    await setMaxima(panel, '3000');
    await expect(panel.getByText('Computed from the channels · unsaved changes')).toBeVisible();
    await expect.poll(() => settledLuminance(map), { message: 'brighter' }).toBeGreaterThan(computed * 1.5);
    const brighter = await settledLuminance(map);
    expect(channelTilesAsked).toEqual([]);

    // Save › For the project asks first.
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('menuitem', { name: 'For the project' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save for the project?' });
    await expect(confirm).toContainText('Everyone in the project sees this equalization on this slide');
    await confirm.getByRole('button', { name: 'Save for the project' }).click();
    await expect(snackbar(page)).toContainText(EQUALIZATION_MESSAGES.saved);
    await expect(confirm).toHaveCount(0);
    await expect(panel.getByText('Saved for the project', { exact: true })).toBeVisible();
    await dismissSnackbar(page);
    await map.hover({ position: { x: 40, y: 40 } });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await shot('viewer-equalization');

    // The reader, in a browser of their own, sees the project's preset: the same brightness.
    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    try {
      await openFluorescence(readerPage, USERS.reader);
      const readerMap = readerPage.getByLabel('Slide image');
      await expect.poll(() => settledLuminance(readerMap)).toBeGreaterThan(computed * 1.5);
      expect(Math.abs((await settledLuminance(readerMap)) - brighter)).toBeLessThan(brighter * 0.05);
      await readerPage.getByRole('button', { name: 'Equalization', exact: true }).click();
      const readerPanel = readerPage.getByRole('region', { name: 'Equalization' });
      await expect(readerPanel.getByText('Saved for the project', { exact: true })).toBeVisible();
      await expect(readerPanel.getByRole('textbox', { name: 'Maximum of DAPI' })).toHaveValue('3000');
      // Saving for the project needs equalizationManage: offered, disabled, and saying why.
      await readerPanel.getByRole('button', { name: 'Save' }).click();
      await expect(readerPage.getByRole('menuitem', { name: 'For me' })).toBeEnabled();
      const forProject = readerPage.getByRole('menuitem', { name: /^For the project/ });
      await expect(forProject).toBeDisabled();
      await expect(forProject).toContainText('Needs the permission to manage equalization');
      await expect(readerPage.getByRole('menuitem', { name: /^As default/ })).toBeDisabled();
      await readerPage.keyboard.press('Escape');
    } finally {
      await readerContext.close();
    }
  } finally {
    // Other scenarios see the slide's computed preset again (the panel's Reset needs a default preset).
    await removePreset(token, projectId, slideId, {});
  }
});

test('a channel tile that cannot be used turns the viewer to the server-composited tiles', async ({
  page,
}) => {
  await page.route(/\/tile(-converted)?\/channels\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/octet-stream', body: Buffer.from([1, 2, 3]) }),
  );
  await openFluorescence(page, USERS.writer);
  const map = page.getByLabel('Slide image');
  await expect(map).toHaveAttribute('data-tiles', 'composited');
  await expect(map).toHaveAttribute('aria-busy', 'false');
  await expect.poll(async () => (await imageBox(map)).right).toBeGreaterThan(0);
});
