/**
 * The viewer's tabs and navigation (spec 2 §2 "Layout", §4 "Flip"; spec 3 §2 Slides tab): previous and
 * next follow the slide table's search; flip mirrors the image and stays with its tab; the side panel's
 * Slides list opens a slide in a new tab; tabs switch (the address follows; the viewer left returns to
 * Selection), dock side by side, close (never the last one) and come back after a reload, as does the
 * hidden side panel.
 * The table is searched for 'demo': the project's two slides with images.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { USERS } from './support/users.ts';
import { fmt, openTable, search, slideIdOf } from './support/slides.ts';

const BRIGHTFIELD = 'demo-brightfield.ome.tif';
const FLUORESCENCE = 'demo-fluorescence.ome.tif';

const tabButtons = (page: Page) => page.locator('.flexlayout__tab_button');
const tabButton = (page: Page, fileName: string) =>
  page.locator('.flexlayout__tab_button', { hasText: fileName });
/** The viewer of a slide shown now (a tab in the background has no visible heading). */
const viewerOf = (page: Page, fileName: string) =>
  page
    .locator('.flexlayout__tab')
    .filter({ has: page.getByRole('heading', { name: fileName, exact: true }) });
const mapCanvasOf = (viewer: Locator) => viewer.locator('[data-testid=slide-map] .ol-layer canvas').first();
const slideAddress = (projectId: string, slideId: string) =>
  new RegExp(`/projects/${projectId}/slide/${slideId}$`);

/**
 * Where the tissue is across the canvas: the share of tissue pixels (pink or purple: red clearly above
 * green) in each of `bins` vertical strips, left to right.
 */
async function tissueProfile(canvas: Locator, bins = 32): Promise<number[]> {
  return canvas.evaluate((node, n) => {
    const c = node as HTMLCanvasElement;
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    const tissue = new Array<number>(n).fill(0);
    const pixels = new Array<number>(n).fill(0);
    for (let y = 0; y < c.height; y += 2)
      for (let x = 0; x < c.width; x += 2) {
        const i = (y * c.width + x) * 4;
        const bin = Math.floor((x * n) / c.width);
        pixels[bin]!++;
        if (data[i]! - data[i + 1]! > 40 && data[i + 3]! > 0) tissue[bin]!++;
      }
    return tissue.map((t, b) => t / pixels[b]!);
  }, bins);
}

/** Fits the viewer's image to its map and waits until it is drawn there. */
async function fitAndDraw(viewer: Locator) {
  const map = viewer.getByTestId('slide-map');
  const drawn = map.evaluate(
    (el) =>
      new Promise<void>((resolve) =>
        el.addEventListener(
          'slidemap:moved',
          () => el.addEventListener('slidemap:drawn', () => resolve(), { once: true }),
          { once: true },
        ),
      ),
  );
  await viewer.getByRole('button', { name: 'Fit image to the view' }).click();
  await drawn;
  await expect(map).toHaveAttribute('aria-busy', 'false');
}

const meanDifference = (a: number[], b: number[]) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

/** Opens the slide table signed in as the reader, searches 'demo' and opens the brightfield slide. */
async function openBrightfieldFromTable(page: Page) {
  const opened = await openTable(page, USERS.reader);
  await search(page, 'demo', 2, opened.total);
  await page.getByRole('link', { name: `View slide ${BRIGHTFIELD}` }).click();
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  const ids = {
    brightfield: await slideIdOf(opened.token, opened.projectId, BRIGHTFIELD),
    fluorescence: await slideIdOf(opened.token, opened.projectId, FLUORESCENCE),
  };
  await expect(page).toHaveURL(slideAddress(opened.projectId, ids.brightfield));
  return { ...opened, ids };
}

/** The side panel's Slides list: a right click on a slide's row and one of its two commands. */
async function openFromSlidesList(
  page: Page,
  fileName: string,
  command: 'Open Slide' | 'Open Slide in New Tab',
) {
  const list = page.getByRole('grid', { name: 'Slides' });
  await list.getByRole('row').filter({ hasText: fileName }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: command, exact: true }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test("previous and next slide follow the slide table's search", async ({ page }) => {
  const { projectId, ids } = await openBrightfieldFromTable(page);
  const previous = page.getByRole('button', { name: 'Previous slide' });
  const next = page.getByRole('button', { name: 'Next slide' });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(page).toHaveURL(slideAddress(projectId, ids.fluorescence));
  await expect(page.getByRole('heading', { name: FLUORESCENCE })).toBeVisible();
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toHaveCount(0);
  // The search found two slides: the second is the last.
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  // The tab shows the slide in place of the first: still one tab, now titled by the new slide.
  await expect(tabButtons(page)).toHaveCount(1);
  await expect(tabButton(page, FLUORESCENCE)).toBeVisible();

  await previous.click();
  await expect(page).toHaveURL(slideAddress(projectId, ids.brightfield));
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await expect(tabButtons(page)).toHaveCount(1);
});

test('flip mirrors the image; it belongs to its tab and is kept after a reload', async ({ page }) => {
  await openBrightfieldFromTable(page);
  // The side panel is open from the start (it is remembered): the map keeps its size throughout.
  await page.getByRole('button', { name: 'Show sidebar' }).click();
  await page.reload();
  const brightfield = viewerOf(page, BRIGHTFIELD);
  await expect(brightfield.getByTestId('slide-map')).toHaveAttribute('aria-busy', 'false');
  const canvas = mapCanvasOf(brightfield);
  const upright = await tissueProfile(canvas);
  expect(Math.max(...upright), 'tiles drawn').toBeGreaterThan(0.3);
  const mirrored = upright.toReversed();
  // The tissue is not symmetric, or a mirror could not be told from the image.
  expect(meanDifference(upright, mirrored)).toBeGreaterThan(0.05);

  const tools = page.getByRole('dialog', { name: 'Display tools' });
  const flipSwitch = tools.getByRole('switch', { name: 'Flip slide' });
  const closeTools = async () => {
    await page.keyboard.press('Escape');
    await expect(tools).toHaveCount(0);
  };
  await brightfield.getByRole('button', { name: 'Display tools' }).click();
  await expect(flipSwitch).not.toBeChecked();
  await flipSwitch.click();
  await expect(flipSwitch).toBeChecked();
  await closeTools();
  // The fitted view stays centred on the image: each strip now shows its mirror strip's tissue.
  await expect
    .poll(async () => meanDifference(await tissueProfile(canvas), mirrored), { message: 'mirrored' })
    .toBeLessThan(0.02);

  // A second tab (the side panel's list) is not flipped.
  await openFromSlidesList(page, FLUORESCENCE, 'Open Slide in New Tab');
  const fluorescence = viewerOf(page, FLUORESCENCE);
  await fluorescence.getByRole('button', { name: 'Display tools' }).click();
  await expect(flipSwitch).not.toBeChecked();
  await closeTools();

  // Back in the first tab, and after a reload: still flipped, the image still mirrored.
  for (const step of ['first tab', 'reload'] as const) {
    if (step === 'first tab') await tabButton(page, BRIGHTFIELD).click();
    else await page.reload();
    await expect(brightfield).toBeVisible();
    await expect
      .poll(async () => meanDifference(await tissueProfile(canvas), mirrored), {
        message: `mirrored (${step})`,
      })
      .toBeLessThan(0.02);
    await brightfield.getByRole('button', { name: 'Display tools' }).click();
    await expect(flipSwitch).toBeChecked();
    await closeTools();
  }
  await tabButton(page, FLUORESCENCE).click();
  await fluorescence.getByRole('button', { name: 'Display tools' }).click();
  await expect(flipSwitch).not.toBeChecked();
  await closeTools();

  // Flipped back, the image is upright again.
  await tabButton(page, BRIGHTFIELD).click();
  await brightfield.getByRole('button', { name: 'Display tools' }).click();
  await flipSwitch.click();
  await expect(flipSwitch).not.toBeChecked();
  await closeTools();
  await expect
    .poll(async () => meanDifference(await tissueProfile(canvas), upright), { message: 'upright' })
    .toBeLessThan(0.02);
});

test.describe('on a wide screen', () => {
  // Two viewers side by side each need room for their control panel.
  test.use({ viewport: { width: 1600, height: 900 } });

  test('the Slides list opens a slide in a new tab; tabs switch, dock side by side, close (never the last) and are restored', async ({
    page,
    shot,
  }) => {
    const { projectId, ids, total } = await openBrightfieldFromTable(page);
    const panel = page.getByRole('complementary', { name: 'Slides' });
    await expect(panel).toHaveCount(0);
    await page.getByRole('button', { name: 'Show sidebar' }).click();
    await expect(panel).toBeVisible();
    // The list is the slide table's search: 2 of the project's slides, the open one marked.
    await expect(panel.getByText(`2 of ${fmt(total)} slides`)).toBeVisible();
    const list = panel.getByRole('grid', { name: 'Slides' });
    const rowOf = (fileName: string) => list.getByRole('row').filter({ hasText: fileName });
    await expect(rowOf(BRIGHTFIELD)).toHaveAttribute('aria-current', 'true');

    // The reader measures with the ruler; once another slide is the active one, this viewer is back in
    // Selection (spec 2 §4).
    const ruler = viewerOf(page, BRIGHTFIELD).getByRole('button', { name: 'Ruler' });
    await ruler.click();
    await expect(ruler).toHaveAttribute('aria-pressed', 'true');
    await openFromSlidesList(page, FLUORESCENCE, 'Open Slide in New Tab');
    await expect(tabButtons(page)).toHaveCount(2);
    await expect(tabButton(page, FLUORESCENCE)).toHaveClass(/flexlayout__tab_button--selected/);
    await expect(tabButton(page, BRIGHTFIELD)).not.toHaveClass(/flexlayout__tab_button--selected/);
    await expect(page).toHaveURL(slideAddress(projectId, ids.fluorescence));
    await expect(viewerOf(page, FLUORESCENCE)).toBeVisible();
    await expect(viewerOf(page, BRIGHTFIELD)).toHaveCount(0);
    await expect(rowOf(FLUORESCENCE)).toHaveAttribute('aria-current', 'true');
    await expect(rowOf(BRIGHTFIELD)).not.toHaveAttribute('aria-current', 'true');

    await tabButton(page, BRIGHTFIELD).click();
    await expect(page).toHaveURL(slideAddress(projectId, ids.brightfield));
    await expect(tabButton(page, BRIGHTFIELD)).toHaveClass(/flexlayout__tab_button--selected/);
    await expect(viewerOf(page, BRIGHTFIELD)).toBeVisible();
    await expect(ruler).toHaveAttribute('aria-pressed', 'false');
    await expect(viewerOf(page, FLUORESCENCE)).toHaveCount(0);
    await expect(rowOf(BRIGHTFIELD)).toHaveAttribute('aria-current', 'true');

    // The side panel hidden: it stays hidden after the reload below.
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await expect(panel).toHaveCount(0);
    // After a reload only the shown tab's viewer is made; the tab behind it still names its slide.
    await page.reload();
    await expect(tabButton(page, BRIGHTFIELD)).toHaveClass(/flexlayout__tab_button--selected/);
    await expect(tabButton(page, FLUORESCENCE)).toBeVisible();
    await expect(viewerOf(page, FLUORESCENCE)).toHaveCount(0);
    await expect(page.locator('.flexlayout__tab_button').filter({ hasText: 'Loading...' })).toHaveCount(0);
    await tabButton(page, FLUORESCENCE).click();
    await expect(viewerOf(page, FLUORESCENCE)).toBeVisible();
    await tabButton(page, BRIGHTFIELD).click();
    await expect(viewerOf(page, BRIGHTFIELD)).toBeVisible();

    // Docked side by side: the second tab's button dragged to the right edge of the layout.
    const layout = (await page.locator('.flexlayout__layout').boundingBox())!;
    const source = (await tabButton(page, FLUORESCENCE).boundingBox())!;
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(source.x + source.width / 2 + 20, source.y + source.height / 2 + 20, { steps: 4 });
    await page.mouse.move(layout.x + layout.width - 12, layout.y + layout.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect(page.locator('.flexlayout__tabset')).toHaveCount(2);
    const left = viewerOf(page, BRIGHTFIELD);
    const right = viewerOf(page, FLUORESCENCE);
    await expect(left).toBeVisible();
    await expect(right).toBeVisible();
    const [leftBox, rightBox] = [(await left.boundingBox())!, (await right.boundingBox())!];
    expect(rightBox.x).toBeGreaterThanOrEqual(leftBox.x + leftBox.width - 1);
    expect(Math.abs(rightBox.y - leftBox.y)).toBeLessThan(1);
    // Each image fitted to its half, on its own: compare sync (on by default) would move the other too.
    await left.getByRole('button', { name: 'Sync' }).click();
    await page.getByRole('dialog', { name: 'Sync' }).getByRole('radio', { name: 'Disabled' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
    for (const viewer of [left, right]) await fitAndDraw(viewer);
    await page.mouse.move(leftBox.x + leftBox.width / 2, leftBox.y + leftBox.height / 2);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await shot('viewer-two-tabs');

    // After a reload the tabs, their docking and the active slide come back; the side panel stays hidden.
    const active = new URL(page.url()).pathname;
    await page.reload();
    await expect(tabButtons(page)).toHaveCount(2);
    await expect(page.locator('.flexlayout__tabset')).toHaveCount(2);
    await expect(viewerOf(page, BRIGHTFIELD)).toBeVisible();
    await expect(viewerOf(page, FLUORESCENCE)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(active);
    await expect(page.getByRole('button', { name: 'Show sidebar' })).toBeVisible();
    await expect(panel).toHaveCount(0);

    // A tab closes with its ×; the last one cannot be closed.
    await tabButton(page, FLUORESCENCE).locator('.flexlayout__tab_button_trailing').click();
    await expect(tabButtons(page)).toHaveCount(1);
    await expect(page).toHaveURL(slideAddress(projectId, ids.brightfield));
    await expect(viewerOf(page, BRIGHTFIELD)).toBeVisible();
    await tabButton(page, BRIGHTFIELD).locator('.flexlayout__tab_button_trailing').click();
    await expect(tabButtons(page)).toHaveCount(1);
    await expect(viewerOf(page, BRIGHTFIELD)).toBeVisible();
    await expect(page).toHaveURL(slideAddress(projectId, ids.brightfield));
    await page.reload();
    await expect(tabButtons(page)).toHaveCount(1);
    await expect(viewerOf(page, BRIGHTFIELD)).toBeVisible();
  });
});
