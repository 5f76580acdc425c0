/**
 * The annotation set a viewer shows (spec 2 §3, §7; spec 3 §2 Annotations tab): chosen in the side
 * panel, its region annotations read by viewport and drawn in their classes' colours, its 200,000 cell
 * markers drawn on the GPU from the binary transport; hidden and shown with Alt+A; kept with the tab
 * after a reload; chosen by the deep link's annotation_set_id; a set the slide lacks said and dropped.
 * The demo's two sets on the brightfield slide (cli/demo-annotations.ts) are the data.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ANNOTATION_SET_MESSAGES, ANNOTATIONS_CROWDED, ANNOTATIONS_TAB_TEXTS } from '@tessera/domain';
import type { AnnotationSet } from '@tessera/contract';
import { apiCall } from './support/api.ts';
import { USERS } from './support/users.ts';
import { openTable, slideIdOf } from './support/slides.ts';

const BRIGHTFIELD = 'demo-brightfield.ome.tif';
const REGIONS = 'Demo regions';
const MARKERS = 'Demo cell markers';

const slideMap = (page: Page) => page.getByTestId('slide-map').first();
const setPicker = (page: Page) => page.getByRole('combobox', { name: 'Annotation set' });

/** Share of the map's pixels drawn in a colour close to `rgb` (its annotation layers' canvases). */
async function colourShare(page: Page, rgb: [number, number, number]): Promise<number> {
  const shot = await slideMap(page).screenshot();
  return page.evaluate(
    async ({ png, rgb }) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let near = 0;
      for (let i = 0; i < data.length; i += 4)
        if (
          Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) <
          60
        )
          near++;
      return near / (data.length / 4);
    },
    { png: [...shot], rgb },
  );
}

async function openBrightfield(page: Page, email: string, query = '') {
  const { token, projectId } = await openTable(page, email);
  const slideId = await slideIdOf(token, projectId, BRIGHTFIELD);
  await page.goto(`/projects/${projectId}/slide/${slideId}${query}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  const sets = await apiCall<AnnotationSet[]>(
    'GET',
    `/v1/projects/${projectId}/slides/${slideId}/annotation-sets`,
    {
      token,
    },
  );
  const idOf = (name: string) => sets.find((s) => s.name === name)!.id;
  return { token, projectId, slideId, idOf };
}

test('a reader chooses a set in the Annotations tab: regions by viewport, 200,000 markers, Alt+A, kept after a reload', async ({
  page,
  shot,
}) => {
  await openBrightfield(page, USERS.reader);
  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });
  await expect(panel.getByText(ANNOTATIONS_TAB_TEXTS.hint)).toBeVisible();
  await expect(slideMap(page)).not.toHaveAttribute('data-region-annotations');

  await setPicker(page).click();
  await page.getByRole('option', { name: REGIONS }).click();
  await expect(panel.getByText(ANNOTATIONS_TAB_TEXTS.hint)).toBeHidden();
  await expect
    .poll(async () => Number(await slideMap(page).getAttribute('data-region-annotations')))
    .toBeGreaterThan(100);
  // Tumour outlines in the default classes' red (#d32f2f), filled at half opacity.
  await expect
    .poll(() => colourShare(page, [211, 47, 47]), { message: 'tumour outlines drawn' })
    .toBeGreaterThan(0.001);
  await shot('viewer-annotations');

  // Zoomed in, the viewport asks again, for what is now in view at full detail.
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/features/binary?')) seen.push(request.url());
  });
  await page.getByRole('button', { name: 'Magnify to 40×' }).click();
  await expect.poll(() => seen.some((url) => url.includes('detail=full'))).toBe(true);

  // Flip mirrors what is shown in place: the outlines stay drawn, and nothing is read again.
  const readBefore = seen.length;
  const flip = async () => {
    await page.getByRole('button', { name: 'Display tools' }).click();
    await page.getByLabel('Flip slide').click();
    await page.keyboard.press('Escape');
  };
  await flip();
  await expect
    .poll(() => colourShare(page, [211, 47, 47]), { message: 'flipped outlines' })
    .toBeGreaterThan(0.001);
  await flip();
  expect(seen.length).toBe(readBefore);

  // Alt+A hides the annotations and shows them again (the display tools' switch does the same).
  await slideMap(page).focus();
  await page.keyboard.press('Alt+a');
  await expect(slideMap(page)).toHaveAttribute('data-annotations-visible', 'false');
  await page.keyboard.press('Alt+a');
  await expect(slideMap(page)).toHaveAttribute('data-annotations-visible', 'true');

  await setPicker(page).click();
  await page.getByRole('option', { name: MARKERS }).click();
  await expect(slideMap(page)).toHaveAttribute('data-cell-markers', '200000');
  await page.getByRole('button', { name: 'Fit image to the view' }).click();
  await shot('viewer-cell-markers');

  // The chosen set is the viewer's (kept with its tab): a reload shows it again.
  await page.reload();
  await expect(slideMap(page)).toHaveAttribute('data-cell-markers', '200000');
  await expect(setPicker(page)).toHaveText(MARKERS);

  // None: the layers go.
  await setPicker(page).click();
  await page.getByRole('option', { name: 'None' }).click();
  await expect(slideMap(page)).not.toHaveAttribute('data-cell-markers');
  await expect(panel.getByText(ANNOTATIONS_TAB_TEXTS.hint)).toBeVisible();
});

test("a deep link's annotation_set_id shows that set; one the slide lacks is said and dropped", async ({
  page,
}) => {
  const { projectId, slideId, idOf } = await openBrightfield(page, USERS.reader);
  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=${idOf(REGIONS)}`);
  await expect
    .poll(async () => Number(await slideMap(page).getAttribute('data-region-annotations')))
    .toBeGreaterThan(100);

  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=${'0'.repeat(24)}`);
  await expect(page.getByText(ANNOTATION_SET_MESSAGES.notOnSlide)).toBeVisible();
  // Said once, not once per render.
  await page.waitForTimeout(500);
  await expect(page.getByText(ANNOTATION_SET_MESSAGES.notOnSlide)).toHaveCount(1);
  await expect(slideMap(page)).not.toHaveAttribute('data-region-annotations');

  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=%00%3Cscript%3E`);
  await expect(page.getByText(ANNOTATION_SET_MESSAGES.notOnSlide).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
});

test('a view holding more regions than one answer shows their centres, and says so over the map', async ({
  page,
  shot,
}) => {
  const { projectId, slideId, idOf } = await openBrightfield(page, USERS.reader);
  // The demo set is small: each answer is marked cut short, as one over a million regions would be.
  const asked: string[] = [];
  await page.route('**/annotation-sets/*/features/binary?*', async (route) => {
    asked.push(route.request().url());
    const response = await route.fetch();
    const body = await response.body();
    // The regions layout's answer flags, after 'TSRA', the format and four counts (binary-transport.ts):
    // 1 is truncated.
    body.writeUInt32LE(1, 24);
    await route.fulfill({ response, body });
  });
  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=${idOf(REGIONS)}`);
  await expect(page.getByText(ANNOTATIONS_CROWDED)).toBeVisible();
  expect(asked.some((url) => url.includes('detail=centroid'))).toBe(true);
  await shot('viewer-annotations-crowded');
  await slideMap(page).focus();
  await page.keyboard.press('Alt+a');
  await expect(page.getByText(ANNOTATIONS_CROWDED)).toBeHidden();
});
