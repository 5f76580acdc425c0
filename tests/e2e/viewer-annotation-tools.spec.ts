/**
 * The annotation tools (issue #14; spec 2 §2 toolbar, §4 "Interaction modes", "Drawing", "Field of view",
 * "Ruler", "Annotation edit operations"; spec 3 §5 "Annotation actions"): a writer draws an outline,
 * undoes and redoes it; places fields of view; measures; moves, locks, refuses a locked delete, deletes
 * an FOV after confirming; Escape cancels a stroke; a failed save shows the spec's message and leaves
 * nothing; a reader has the ruler alone; cell markers are placed, toggled and moved; the Annotations tab
 * makes and renames sets and selects with the map. Each test works in a set of its own, made through the
 * API, and checks what the server holds.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import {
  ANNOTATION_COPY_TEXTS,
  ANNOTATION_METADATA_MESSAGES,
  ANNOTATION_SET_MESSAGES,
  DOWNLOAD_VERSION_STARTED,
  EDIT_MESSAGES,
  FIX_ANNOTATIONS_CONFIRMATION,
  GEOJSON_IMPORT_MESSAGES as GEOJSON_MESSAGES,
  NO_CLASS_SELECTED,
  VIEWER_MESSAGES,
} from '@tessera/domain';
import type { AnnotationSet } from '@tessera/contract';
import { addMembers, apiCall, createProject } from './support/api.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';
import { demoProjectId, openTable, slideById, slideCount, slideIdOf } from './support/slides.ts';

const BRIGHTFIELD = 'demo-brightfield.ome.tif';

interface Region {
  id: string;
  geometry: { type: string; coordinates: unknown };
  properties: { annotationType: string; annotationClass: string; isLocked: boolean };
}

const slideMap = (page: Page) => page.getByTestId('slide-map').first();

/** Opens the brightfield slide showing a new, empty set of the user's, zoomed to 10×. */
async function openNewSet(page: Page, email: string) {
  const { token, projectId } = await openTable(page, email);
  const slideId = await slideIdOf(token, projectId, BRIGHTFIELD);
  const set = await apiCall<AnnotationSet>(
    'POST',
    `/v1/projects/${projectId}/slides/${slideId}/annotation-sets`,
    {
      token,
      body: { name: `Tools ${Date.now()}-${Math.round(Math.random() * 1e6)}` },
    },
  );
  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=${set.id}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await expect(slideMap(page)).toHaveAttribute('data-region-annotations', '0');
  await page.getByRole('button', { name: 'Magnify to 10×' }).click();
  // The zoom has come to rest (a stroke drawn while the view still moves would be drawn askew).
  await expect(page.getByLabel('Magnification shown')).toHaveText('10×');
  const regions = () =>
    apiCall<{ features: Region[] }>('GET', `/v1/projects/${projectId}/annotation-sets/${set.id}/features`, {
      token,
    }).then((answer) => answer.features);
  return { token, projectId, slideId, setId: set.id, regions };
}

/** The map's centre on the page, and a point `dx`, `dy` screen pixels from it. */
async function centre(page: Page) {
  const box = (await slideMap(page).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return (dx = 0, dy = 0) => ({ x: cx + dx, y: cy + dy });
}

/** Draws a closed loop of `radius` screen pixels around the map's centre, offset by `dx`. */
async function drawLoop(page: Page, radius: number, dx = 0, options: { release?: boolean } = {}) {
  const at = await centre(page);
  const start = at(dx + radius, 0);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 36; i++) {
    const angle = (2 * Math.PI * i) / 36;
    const p = at(dx + radius * Math.cos(angle), radius * Math.sin(angle));
    await page.mouse.move(p.x, p.y, { steps: 2 });
  }
  if (options.release !== false) await page.mouse.up();
}

test('a writer draws an outline, undoes and redoes it with the keys', async ({ page, shot }) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Drawing' }).click();
  await expect(page.getByRole('button', { name: 'Drawing' })).toHaveAttribute('aria-pressed', 'true');
  const settings = page.getByRole('group', { name: 'Drawing settings' });
  await expect(settings).toBeVisible();
  await settings.getByRole('button', { name: 'Stroma' }).click();

  await drawLoop(page, 80);
  await expect.poll(async () => (await regions()).length).toBe(1);
  const [drawn] = await regions();
  expect(drawn!.geometry.type).toBe('Polygon');
  expect(drawn!.properties.annotationClass).toBe('Stroma');
  await shot('annotation-tools-drawing');

  // An open stroke stays a line.
  const at = await centre(page);
  await page.mouse.move(at(-200, -100).x, at(-200, -100).y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(at(-200 + i * 15, -100 + (i % 2) * 10).x, at(0, -100 + (i % 2) * 10).y);
  await page.mouse.up();
  await expect.poll(async () => (await regions()).length).toBe(2);
  expect((await regions()).some((r) => r.geometry.type === 'LineString')).toBe(true);

  // Undo takes the line away, then the outline; redo brings the outline back under its id.
  await slideMap(page).focus();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await regions()).length).toBe(1);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await regions()).length).toBe(0);
  await expect(page.getByRole('button', { name: 'Undo annotation edit' })).toBeDisabled();
  await page.getByRole('button', { name: 'Redo annotation edit' }).click();
  await expect.poll(async () => (await regions()).map((r) => r.id)).toEqual([drawn!.id]);

  // Escape while drawing cancels the stroke: nothing is saved.
  await drawLoop(page, 60, 150, { release: false });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await page.waitForTimeout(300);
  expect(await regions()).toHaveLength(1);

  // Pressed again, the mode button returns to Selection.
  await page.getByRole('button', { name: 'Drawing' }).click();
  await expect(page.getByRole('button', { name: 'Drawing' })).toHaveAttribute('aria-pressed', 'false');
  await expect(settings).toBeHidden();
});

test('fields of view: a circle of 62 points and a square, of the size typed', async ({ page, shot }) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Field of view' }).click();
  const settings = page.getByRole('group', { name: 'Field of view settings' });
  await expect(settings.getByLabel('Diameter (µm)')).toHaveValue('250');
  const at = await centre(page);
  await page.mouse.move(at(-100, 0).x, at().y);
  await shot('annotation-tools-fov');
  await page.mouse.click(at(-100, 0).x, at().y);
  await expect.poll(async () => (await regions()).length).toBe(1);
  const [circle] = await regions();
  expect(circle!.properties.annotationClass).toBe('FOV');
  expect((circle!.geometry.coordinates as number[][][])[0]).toHaveLength(63);

  await settings.getByRole('button', { name: 'Square' }).click();
  await expect(settings.getByLabel('Side length (µm)')).toBeVisible();
  await settings.getByLabel('Side length (µm)').fill('99999');
  await expect(settings.getByLabel('Side length (µm)')).toHaveValue('75000');
  await settings.getByLabel('Side length (µm)').fill('100');
  await expect(settings.getByLabel('Side length (µm)')).toHaveValue('100');
  await page.waitForTimeout(300);
  await page.mouse.click(at(100, 0).x, at().y);
  await expect.poll(async () => (await regions()).length).toBe(2);
  const square = (await regions()).find((r) => r.id !== circle!.id)!;
  const ring = (square.geometry.coordinates as number[][][])[0]!;
  expect(ring).toHaveLength(5);
  const xs = ring.map((p) => p[0]!);
  // 100 µm at the demo slide's 0.25 µm a pixel is 400 pixels.
  expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(400, 0);
});

test('the ruler is saved in the set for a writer, and measures without saving for a reader', async ({
  page,
  shot,
}) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Ruler' }).click();
  const at = await centre(page);
  await page.mouse.move(at(-150, 50).x, at(-150, 50).y);
  await page.mouse.down();
  await page.mouse.move(at(150, 50).x, at(150, 50).y, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await regions()).length).toBe(1);
  const [ruler] = await regions();
  expect(ruler!.properties.annotationType).toBe('Ruler');
  expect(ruler!.geometry.coordinates).toHaveLength(2);
  await shot('annotation-tools-ruler');
});

test('a reader has the ruler alone: no editing tools, nothing saved', async ({ page }) => {
  const { token, projectId } = await openTable(page, USERS.reader);
  const slideId = await slideIdOf(token, projectId, BRIGHTFIELD);
  await page.goto(`/projects/${projectId}/slide/${slideId}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ruler' })).toBeVisible();
  for (const name of ['Drawing', 'Field of view', 'Move annotations', 'Undo annotation edit'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test('move, lock, a refused delete, unlock and delete; an FOV is deleted after confirming', async ({
  page,
}) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Drawing' }).click();
  await page.getByRole('group', { name: 'Drawing settings' }).getByRole('button', { name: 'Tumor' }).click();
  await drawLoop(page, 60);
  await expect.poll(async () => (await regions()).length).toBe(1);
  const before = JSON.stringify((await regions())[0]!.geometry);

  // Move: press on the outline's inside and drag.
  await page.getByRole('button', { name: 'Move annotations' }).click();
  const at = await centre(page);
  await page.mouse.move(at().x, at().y);
  await page.mouse.down();
  await page.mouse.move(at(100, 0).x, at(100, 0).y, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => JSON.stringify((await regions())[0]!.geometry)).not.toBe(before);
  const firstX = (geometry: unknown) => (geometry as { coordinates: number[][][] }).coordinates[0]![0]![0]!;
  // 100 screen pixels at 10× of a 40× scan: 400 image pixels to the right.
  expect(firstX((await regions())[0]!.geometry) - firstX(JSON.parse(before))).toBeCloseTo(400, -1);

  // Lock it from the annotation menu; Delete is then refused with the spec's message.
  await page.getByRole('button', { name: 'Move annotations' }).click();
  await page.mouse.click(at(100, 0).x, at(100, 0).y, { button: 'right' });
  const menu = page.getByRole('menu', { name: 'Annotation menu' });
  await expect(menu.getByRole('menuitem', { name: 'Unlock Annotations' })).toBeDisabled();
  await menu.getByRole('menuitem', { name: 'Lock Annotations', exact: true }).click();
  await expect.poll(async () => (await regions())[0]!.properties.isLocked).toBe(true);
  await slideMap(page).focus();
  await page.keyboard.press('Delete');
  await expect(page.getByText(EDIT_MESSAGES.deleteLocked)).toBeVisible();
  expect(await regions()).toHaveLength(1);

  await page.mouse.click(at(100, 0).x, at(100, 0).y, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Unlock Annotations' }).click();
  await expect.poll(async () => (await regions())[0]!.properties.isLocked).toBe(false);
  // Set Class gives it another class (FOV is not offered).
  await page.mouse.click(at(100, 0).x, at(100, 0).y, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Set Class' }).click();
  const classes = page.getByRole('menu', { name: 'Set Class' });
  await expect(classes.getByRole('menuitem', { name: 'Field of view' })).toHaveCount(0);
  await classes.getByRole('menuitem', { name: 'Stroma' }).click();
  await expect.poll(async () => (await regions())[0]!.properties.annotationClass).toBe('Stroma');
  await slideMap(page).focus();
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await regions()).length).toBe(0);

  // An FOV asks first; No keeps it, Yes deletes it.
  await page.getByRole('button', { name: 'Field of view' }).click();
  await page.mouse.click(at(-150, 0).x, at().y);
  await expect.poll(async () => (await regions()).length).toBe(1);
  await page.getByRole('button', { name: 'Field of view' }).click();
  await page.mouse.click(at(-150, 0).x, at().y);
  await slideMap(page).focus();
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(EDIT_MESSAGES.confirmDeleteFovRoi)).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  expect(await regions()).toHaveLength(1);
  await slideMap(page).focus();
  await page.keyboard.press('Delete');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect.poll(async () => (await regions()).length).toBe(0);
});

test('a failed save says so and leaves nothing on the map', async ({ page }) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.route('**/annotation-sets/*/features', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Broken' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Drawing' }).click();
  await drawLoop(page, 80);
  await expect(page.getByText(EDIT_MESSAGES.creationFailed)).toBeVisible();
  await expect(slideMap(page)).toHaveAttribute('data-region-annotations', '0');
  expect(await regions()).toHaveLength(0);
  await expect(page.getByRole('button', { name: 'Undo annotation edit' })).toBeDisabled();
});

test('the Annotations tab: New... and Rename... with the name rules, the region list selects both ways', async ({
  page,
  shot,
}) => {
  const { token, projectId } = await openTable(page, USERS.writer);
  const slideId = await slideIdOf(token, projectId, BRIGHTFIELD);
  await page.goto(`/projects/${projectId}/slide/${slideId}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });

  // New...: an empty name and a name in use are refused with the spec's words; a good one is shown.
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  await page.getByRole('menuitem', { name: 'New...' }).click();
  const dialog = page.getByRole('dialog', { name: 'New annotation set' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(ANNOTATION_SET_MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByLabel('Name').fill('x'.repeat(60));
  await expect(dialog.getByText(ANNOTATION_SET_MESSAGES.nameTooLong)).toBeVisible();
  await dialog.getByLabel('Name').fill('Demo regions');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(ANNOTATION_SET_MESSAGES.nameInUse('Demo regions'))).toBeVisible();
  const name = `Panel ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('combobox', { name: 'Annotation set' })).toHaveText(name);
  await expect(panel.getByText('No region annotations in this set.')).toBeVisible();

  // Rename...
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  await page.getByRole('menuitem', { name: 'Rename...' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename annotation set' });
  await renameDialog.getByLabel('Name').fill(`${name} renamed`);
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(panel.getByRole('combobox', { name: 'Annotation set' })).toHaveText(`${name} renamed`);

  // Two outlines drawn; the list groups them by class, and selection goes both ways.
  await page.getByRole('button', { name: 'Magnify to 10×' }).click();
  await expect(page.getByLabel('Magnification shown')).toHaveText('10×');
  await page.getByRole('button', { name: 'Drawing' }).click();
  await page.getByRole('group', { name: 'Drawing settings' }).getByRole('button', { name: 'Tumor' }).click();
  await drawLoop(page, 50, -150);
  await drawLoop(page, 50, 150);
  await page.getByRole('button', { name: 'Drawing' }).click();
  const regionsList = panel.getByRole('list', { name: 'Region Annotations' });
  await expect(regionsList.getByText('Tumor (2)')).toBeVisible();
  const rows = panel.getByRole('list', { name: 'Tumor' }).getByRole('button');
  await expect(rows).toHaveCount(2);

  const at = await centre(page);
  await page.mouse.click(at(150, 0).x, at().y);
  await expect(rows.and(page.locator('.Mui-selected'))).toHaveCount(1);
  await rows.first().click();
  await rows.last().click({ modifiers: ['Shift'] });
  await expect(rows.and(page.locator('.Mui-selected'))).toHaveCount(2);
  await shot('annotation-tools-panel');

  // 'Zoom to' shows the outline; the panel's Delete deletes the selection.
  await rows.first().click();
  await rows.first().click({ button: 'right' });
  await page.getByRole('menu', { name: 'Region menu' }).getByRole('menuitem', { name: 'Zoom to' }).click();
  await expect(page.getByLabel('Magnification shown')).not.toHaveText('10×');
  await rows.first().click({ button: 'right' });
  await page
    .getByRole('menu', { name: 'Region menu' })
    .getByRole('menuitem', { name: 'Delete Annotations' })
    .click();
  await expect(regionsList.getByText('Tumor (1)')).toBeVisible();
});

test('cell markers: placed by click and by key, toggled, moved, undone', async ({ page, shot }) => {
  const { token, projectId, setId } = await openNewSet(page, USERS.writer);
  const markers = () =>
    apiCall<{
      features: {
        id: string;
        geometry: { coordinates: [number, number] };
        properties: { classes: { classId: string; rating?: string; ranking?: string }[] };
      }[];
    }>('GET', `/v1/projects/${projectId}/annotation-sets/${setId}/cell-markers`, { token }).then(
      (answer) => answer.features,
    );
  await page.getByRole('button', { name: 'Cell markers' }).click();
  const panel = page.getByRole('group', { name: 'Cell marker settings' });
  await expect(panel.getByText(NO_CLASS_SELECTED)).toBeVisible();
  const at = await centre(page);
  await page.mouse.click(at(-100, 0).x, at().y);
  await expect(page.getByRole('alert').getByText(NO_CLASS_SELECTED)).toBeVisible();
  expect(await markers()).toHaveLength(0);

  await panel.getByLabel('Add class').click();
  await page.getByRole('option', { name: 'Tumor cell' }).click();
  await expect(panel.getByRole('option', { name: /Tumor cell/, selected: true })).toBeVisible();
  // The class menu has closed (a click while it fades would land on it).
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
  await page.mouse.click(at(-100, 0).x, at().y);
  await expect.poll(async () => (await markers()).length).toBe(1);
  expect((await markers())[0]!.properties.classes).toEqual([{ classId: 'Tumor cell', rating: 'positive' }]);

  // Keys place at the pointer: w a negative rating; in Ranking mode f a 3+.
  await page.mouse.move(at(0, 0).x, at().y);
  await page.keyboard.press('w');
  await expect.poll(async () => (await markers()).length).toBe(2);
  await panel.getByRole('button', { name: 'Ranking' }).click();
  await page.mouse.move(at(100, 0).x, at().y);
  await page.keyboard.press('f');
  await expect.poll(async () => (await markers()).length).toBe(3);
  const byX = async () =>
    (await markers()).sort((a, b) => a.geometry.coordinates[0] - b.geometry.coordinates[0]);
  expect((await byX()).map((m) => m.properties.classes[0])).toEqual([
    { classId: 'Tumor cell', rating: 'positive' },
    { classId: 'Tumor cell', rating: 'negative' },
    { classId: 'Tumor cell', ranking: '3+' },
  ]);
  await shot('annotation-tools-cell-markers');

  // A click on a marker toggles the active class: its last class gone, the marker goes.
  await page.mouse.click(at(-100, 0).x, at().y);
  await expect.poll(async () => (await markers()).length).toBe(2);
  // Another class is added to a marker, not put in place of its own.
  await panel.getByLabel('Add class').click();
  await page.getByRole('option', { name: 'Immune cell' }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
  await page.mouse.click(at(0, 0).x, at().y);
  await expect.poll(async () => (await byX())[0]!.properties.classes.length).toBe(2);

  // A drag moves a marker; undo puts it back.
  const before = (await byX())[1]!.geometry.coordinates;
  await page.mouse.move(at(100, 0).x, at().y);
  await page.mouse.down();
  await page.mouse.move(at(100, 60).x, at(100, 60).y, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await byX())[1]!.geometry.coordinates[1]).toBeGreaterThan(before[1] + 100);
  await slideMap(page).focus();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await byX())[1]!.geometry.coordinates).toEqual(before);

  // In Selection mode a click selects a marker, Shift adds one: the grid's Selected counts them by class.
  await page.getByRole('button', { name: 'Cell markers' }).click();
  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const grid = page.getByRole('table', { name: 'Cell Marker Annotations' });
  const row = (name: string) => grid.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row('Tumor cell')).toHaveText(/Tumor cell\s*2\s*0/);
  // The panel narrowed the map, which kept its centre: the markers are about the new centre.
  const near = await centre(page);
  await page.mouse.click(near(0, 0).x, near().y);
  await expect(row('Tumor cell')).toHaveText(/Tumor cell\s*2\s*1/);
  await expect(row('Immune cell')).toHaveText(/Immune cell\s*1\s*1/);
  await page.keyboard.down('Shift');
  await page.mouse.click(near(100, 0).x, near().y);
  await page.keyboard.up('Shift');
  await expect(row('Tumor cell')).toHaveText(/Tumor cell\s*2\s*2/);
  await shot('annotation-tools-cell-markers-selected');
  // A click on nothing clears; Delete takes the selected markers away, and undo brings them back.
  await page.mouse.click(near(0, 150).x, near(0, 150).y);
  await expect(row('Tumor cell')).toHaveText(/Tumor cell\s*2\s*0/);
  await page.mouse.click(near(100, 0).x, near().y);
  await slideMap(page).focus();
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await markers()).length).toBe(1);
  await expect(row('Tumor cell')).toHaveText(/Tumor cell\s*1\s*0/);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await markers()).length).toBe(2);
});

test('drawing edits what it lands on: cut a hole, correct an outline, continue a line; Escape restores', async ({
  page,
  shot,
}) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Drawing' }).click();
  await page.getByRole('group', { name: 'Drawing settings' }).getByRole('button', { name: 'Tumor' }).click();
  await drawLoop(page, 100);
  await expect.poll(async () => (await regions()).length).toBe(1);
  const rings = async () => (await regions())[0]!.geometry.coordinates as number[][][];
  const maxX = async () => Math.max(...(await rings())[0]!.map((p) => p[0]!));

  // A loop inside an outline of the active class cuts a hole in it.
  await drawLoop(page, 25);
  await expect.poll(async () => (await rings()).length).toBe(2);
  expect(await regions()).toHaveLength(1);

  // A stroke from the outline out and back onto it corrects that stretch.
  const before = await maxX();
  const at = await centre(page);
  const path = [at(100, -30), at(130, -20), at(150, 0), at(130, 20), at(100, 30)];
  const stroke = async (points: { x: number; y: number }[], escape = false) => {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 4 });
    if (escape) await page.keyboard.press('Escape');
    await page.mouse.up();
  };
  // Escape first: nothing changes.
  await stroke([at(96, -28), ...path.slice(1)], true);
  await page.waitForTimeout(300);
  expect(await maxX()).toBe(before);
  await stroke([at(96, -28), ...path.slice(1)]);
  // 50 screen pixels further out at 10× of a 40× scan: about 200 image pixels.
  await expect.poll(maxX).toBeGreaterThan(before + 150);
  expect(await rings()).toHaveLength(2);
  await shot('annotation-tools-correction');

  // An open line, then a stroke from its end continues it.
  await stroke([at(-300, -200), at(-260, -200), at(-220, -200), at(-200, -200)]);
  await expect.poll(async () => (await regions()).length).toBe(2);
  const line = async () => (await regions()).find((r) => r.geometry.type === 'LineString')!;
  const lineEnd = async () => ((await line()).geometry.coordinates as number[][]).at(-1)![0]!;
  const end = await lineEnd();
  await stroke([at(-200, -200), at(-180, -200), at(-160, -200), at(-140, -200)]);
  await expect.poll(lineEnd).toBeGreaterThan(end + 150);
  expect(await regions()).toHaveLength(2);
});

test('Copy Annotation URL and its deep link; GeoJSON out of one set and into another; the snap toggle', async ({
  page,
}) => {
  const { token, projectId, slideId, setId, regions } = await openNewSet(page, USERS.writer);
  await expect(page.getByRole('button', { name: 'Snap to outline' })).toBeDisabled();
  await page.getByRole('button', { name: 'Drawing' }).click();
  const snap = page.getByRole('button', { name: 'Snap to outline' });
  await expect(snap).toHaveAttribute('aria-pressed', 'true');
  await snap.click();
  await expect(snap).toHaveAttribute('aria-pressed', 'false');
  await snap.click();
  await page.getByRole('group', { name: 'Drawing settings' }).getByRole('button', { name: 'Stroma' }).click();
  await drawLoop(page, 40, -150);
  await drawLoop(page, 40, 150);
  await expect.poll(async () => (await regions()).length).toBe(2);
  await page.getByRole('button', { name: 'Drawing' }).click();

  // Copy Annotation URL from the annotation menu; the address selects it and fits the view to it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const at = await centre(page);
  await page.mouse.click(at(150, 0).x, at().y, { button: 'right' });
  await page
    .getByRole('menu', { name: 'Annotation menu' })
    .getByRole('menuitem', { name: 'Copy Annotation URL' })
    .click();
  await expect(page.getByText('Annotation URL copied')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  const target = (await regions()).find((r) => (r.geometry.coordinates as number[][][])[0]![0]![0]! > 4096)!;
  expect(url).toContain(`annotation_set_id=${setId}`);
  expect(url).toContain(`annotation_id=${target.id}`);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  // Fitted to a region 80 screen pixels across at 10×: far closer than the whole slide.
  await expect
    .poll(async () => Number((await page.getByLabel('Magnification shown').textContent())?.replace('×', '')))
    .toBeGreaterThan(20);
  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=${setId}&annotation_id=999999`);
  await expect(page.getByText(VIEWER_MESSAGES.annotationNotFound)).toBeVisible();

  // Export GeoJSON, then import the file into a new set: the same two outlines.
  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export GeoJSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file, 'utf8')) as { features: unknown[] };
  expect(exported.features).toHaveLength(2);

  const other = await apiCall<AnnotationSet>(
    'POST',
    `/v1/projects/${projectId}/slides/${slideId}/annotation-sets`,
    {
      token,
      body: { name: `Imported ${Date.now()}` },
    },
  );
  await page.goto(`/projects/${projectId}/slide/${slideId}?annotation_set_id=${other.id}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  // The side panel stays as it was left: open on the Annotations tab.
  await expect(panel).toBeVisible();
  const input = panel.getByLabel('GeoJSON file');
  await input.setInputFiles({
    name: 'broken.geojson',
    mimeType: 'application/json',
    buffer: Buffer.from('{nope'),
  });
  await expect(page.getByText(GEOJSON_MESSAGES.notJson)).toBeVisible();
  await input.setInputFiles(file);
  await expect(page.getByText(GEOJSON_MESSAGES.imported(2, 0))).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Region Annotations' }).getByText('Stroma (2)')).toBeVisible();
  await expect(slideMap(page)).toHaveAttribute('data-region-annotations', /[1-9]/);
});

test('the version box: none at first, a version made and viewed read-only, tagged, downloaded, dragged', async ({
  page,
  shot,
}) => {
  const { regions } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Drawing' }).click();
  await drawLoop(page, 50);
  await expect.poll(async () => (await regions()).length).toBe(1);
  await page.getByRole('button', { name: 'Drawing' }).click();

  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  await page.getByRole('menuitem', { name: 'Versions...' }).click();
  const box = page.getByRole('dialog', { name: 'Versions' });
  await expect(box.getByText('No versions available')).toBeVisible();

  // Making a version shows it: a version is read-only, so the editing tools are greyed.
  await box.getByRole('button', { name: 'Make version' }).click();
  await expect(box.getByRole('combobox', { name: 'Version' })).toContainText('Version 1');
  await expect(page.getByRole('button', { name: 'Drawing' })).toBeDisabled();
  await expect(box.getByText('Author:')).toBeVisible();

  await box.getByRole('textbox', { name: 'Tag' }).fill('reviewed');
  await box.getByRole('button', { name: 'Add tag' }).click();
  await expect(box.getByRole('button', { name: 'reviewed' })).toBeVisible();
  await box.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText(DOWNLOAD_VERSION_STARTED)).toBeVisible();

  // Dragged by its title.
  const before = (await box.boundingBox())!;
  const title = box.getByText(/^Tools /);
  const grip = (await title.boundingBox())!;
  await page.mouse.move(grip.x + 10, grip.y + 5);
  await page.mouse.down();
  await page.mouse.move(grip.x - 190, grip.y + 105, { steps: 5 });
  await page.mouse.up();
  const after = (await box.boundingBox())!;
  expect(after.x).toBeLessThan(before.x - 150);
  await shot('annotation-tools-versions');

  // Back to the working state: editable again.
  await box.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: 'Working version' }).click();
  await expect(page.getByRole('button', { name: 'Drawing' })).toBeEnabled();
  await box.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(box).toBeHidden();
});

test('invalid annotations are marked on the errors layer and Fix Annotations repairs them', async ({
  page,
  shot,
}) => {
  const { token, projectId } = await openTable(page, USERS.writer);
  const slideId = await slideIdOf(token, projectId, BRIGHTFIELD);
  const set = await apiCall<AnnotationSet>(
    'POST',
    `/v1/projects/${projectId}/slides/${slideId}/annotation-sets`,
    {
      token,
      body: { name: `Invalid ${Date.now()}` },
    },
  );
  const feature = (geometry: unknown) => ({
    type: 'Feature',
    geometry,
    properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
  });
  await apiCall('POST', `/v1/projects/${projectId}/annotation-sets/${set.id}/features`, {
    token,
    body: {
      type: 'FeatureCollection',
      features: [
        // A ring crossing itself, and a freehand line left open.
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [3900, 2900],
              [4100, 3100],
              [4100, 2900],
              [3900, 3100],
              [3900, 2900],
            ],
          ],
        }),
        feature({
          type: 'LineString',
          coordinates: [
            [4200, 2900],
            [4300, 3000],
            [4200, 3100],
          ],
        }),
      ],
    },
  });
  await page.goto(
    `/projects/${projectId}/slide/${slideId}?annotation_set_id=${set.id}&bbox=3700,2700,4500,3300`,
  );
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await expect(slideMap(page)).toHaveAttribute('data-invalid-annotations', '2');
  await shot('annotation-tools-errors');

  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  await page.getByRole('menuitem', { name: 'Fix Annotations...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fix annotations' });
  await expect(dialog.getByText(FIX_ANNOTATIONS_CONFIRMATION)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fix' }).click();
  await expect(page.getByText(/^Annotations fixed: 2, new: \d+, deleted: 0$/)).toBeVisible();
  await expect(slideMap(page)).toHaveAttribute('data-invalid-annotations', '0');
});

test('Link set... links the set into another project holding the slide; a project without access is not offered', async ({
  page,
}) => {
  const admin = (await tokensFor(USERS.admin)).accessToken;
  const demo = await demoProjectId(admin);
  const brightfield = await slideIdOf(admin, demo, BRIGHTFIELD);
  const stamp = Date.now();
  const writable = await createProject(admin, `Link target ${stamp}`);
  const readable = await createProject(admin, `Read only ${stamp}`);
  await addMembers(admin, writable.id, [USERS.writer], 'projectWrite');
  await addMembers(admin, readable.id, [USERS.writer], 'projectRead');
  for (const target of [writable, readable]) {
    await apiCall('POST', `/v1/projects/${demo}/slides/copy`, {
      token: admin,
      body: {
        slideIds: [brightfield],
        targetProjectId: target.id,
        copyProjectMetadata: false,
        copyAnnotations: false,
        copyResults: false,
      },
    });
    await expect.poll(() => slideCount(admin, target.id), { timeout: 30_000 }).toBe(1);
  }

  const { setId } = await openNewSet(page, USERS.writer);
  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  await page.getByRole('menuitem', { name: 'Link set...' }).click();
  const wizard = page.getByRole('dialog', { name: /^Link set/ });
  const next = wizard.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await expect(wizard.getByRole('checkbox', { name: 'Demo project' })).toBeChecked();
  await expect(wizard.getByRole('checkbox', { name: readable.name })).toBeDisabled();
  const target = wizard.getByRole('checkbox', { name: writable.name });
  await target.check();
  await expect(wizard.getByText('Will be linked')).toBeVisible();
  await expect(next).toBeEnabled();
  // Toggled back, the change is cancelled.
  await target.uncheck();
  await expect(next).toBeDisabled();
  await target.check();
  await next.click();
  await expect(wizard.getByRole('list', { name: 'Link results' }).getByText('Linked')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  // The set shows on the other project's slide.
  const copy = await slideIdOf(admin, writable.id, BRIGHTFIELD);
  const sets = await apiCall<AnnotationSet[]>(
    'GET',
    `/v1/projects/${writable.id}/slides/${copy}/annotation-sets`,
    {
      token: admin,
    },
  );
  expect(sets.map((s) => s.id)).toContain(setId);
});

test('Bulk Copy... copies a set to another slide of the block, page by page', async ({ page, shot }) => {
  const admin = (await tokensFor(USERS.admin)).accessToken;
  const demo = await demoProjectId(admin);
  const project = await createProject(admin, `Copy block ${Date.now()}`);
  await addMembers(admin, project.id, [USERS.writer], 'projectWrite');
  const sources = await Promise.all(
    [BRIGHTFIELD, 'demo-fluorescence.ome.tif'].map((name) => slideIdOf(admin, demo, name)),
  );
  await apiCall('POST', `/v1/projects/${demo}/slides/copy`, {
    token: admin,
    body: {
      slideIds: sources,
      targetProjectId: project.id,
      copyProjectMetadata: true,
      copyAnnotations: false,
      copyResults: false,
    },
  });
  await expect.poll(() => slideCount(admin, project.id), { timeout: 30_000 }).toBe(2);
  const brightfield = await slideIdOf(admin, project.id, BRIGHTFIELD);
  const fluorescence = await slideIdOf(admin, project.id, 'demo-fluorescence.ome.tif');
  const blockId = `COPY-${Date.now()}`;
  const rows = await Promise.all([brightfield, fluorescence].map((id) => slideById(admin, project.id, id)));
  await apiCall('PATCH', `/v1/projects/${project.id}/slides`, {
    token: admin,
    body: { slides: rows.map((row) => ({ id: row.id, updatedAt: row.updatedAt, blockId })) },
  });
  const set = await apiCall<AnnotationSet>(
    'POST',
    `/v1/projects/${project.id}/slides/${brightfield}/annotation-sets`,
    {
      token: admin,
      body: { name: 'Block set' },
    },
  );
  await apiCall('POST', `/v1/projects/${project.id}/annotation-sets/${set.id}/features`, {
    token: admin,
    body: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [100, 100],
                [200, 100],
                [200, 200],
                [100, 100],
              ],
            ],
          },
          properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
        },
      ],
    },
  });

  await signInPage(page, USERS.writer);
  await page.goto(`/projects/${project.id}/slide/${brightfield}?annotation_set_id=${set.id}`);
  await expect(page.getByRole('heading', { name: BRIGHTFIELD })).toBeVisible();
  await page.getByRole('button', { name: 'Annotations', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Annotations' });
  await panel.getByRole('button', { name: 'Annotation set menu' }).click();
  await page.getByRole('menuitem', { name: 'Bulk Copy...' }).click();
  const wizard = page.getByRole('dialog', { name: ANNOTATION_COPY_TEXTS.title });
  const next = wizard.getByRole('button', { name: /^(Next|Start Copy|Finish)$/ });
  await expect(wizard.getByRole('checkbox', { name: BRIGHTFIELD })).toBeChecked();
  await expect(wizard.getByRole('button', { name: 'Back' })).toBeDisabled();
  await next.click();
  await wizard.getByLabel('Only these classes').check();
  await expect(next).toBeDisabled();
  await wizard.getByRole('checkbox', { name: 'Tumor', exact: true }).check();
  await next.click();
  await expect(next).toBeDisabled();
  await wizard.getByRole('checkbox', { name: 'demo-fluorescence.ome.tif' }).check();
  await next.click();
  await expect(wizard.getByLabel('Annotation set name')).toHaveValue('Block set');
  await wizard.getByLabel('Copy only to slides that have a set of this name').check();
  await expect(wizard.getByText(ANNOTATION_COPY_TEXTS.selectExistingName)).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Copy only to slides that have a set of this name').uncheck();
  await expect(next).toHaveText(ANNOTATION_COPY_TEXTS.startCopy);
  await shot('annotation-copy-wizard');
  await next.click();
  await expect(wizard.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(wizard.getByText('Copied to 1 slide')).toBeVisible({ timeout: 30_000 });
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  const copied = await apiCall<AnnotationSet[]>(
    'GET',
    `/v1/projects/${project.id}/slides/${fluorescence}/annotation-sets`,
    { token: admin },
  );
  expect(copied.map((s) => s.name)).toContain('Block set');
});

test('Edit Metadata: an FOV given a placement delivery and a class, one cleared; other classes read-only', async ({
  page,
  shot,
}) => {
  const { regions } = await openNewSet(page, USERS.writer);
  const at = await centre(page);
  await page.getByRole('button', { name: 'Field of view' }).click();
  await page.mouse.click(at(-150, 0).x, at().y);
  await expect.poll(async () => (await regions()).length).toBe(1);
  await page.getByRole('button', { name: 'Drawing' }).click();
  await page.getByRole('group', { name: 'Drawing settings' }).getByRole('button', { name: 'Tumor' }).click();
  await drawLoop(page, 50, 150);
  await expect.poll(async () => (await regions()).length).toBe(2);
  await page.getByRole('button', { name: 'Drawing' }).click();

  // Two selected: Edit Metadata needs exactly one.
  const menu = page.getByRole('menu', { name: 'Annotation menu' });
  await page.mouse.click(at(-150, 0).x, at().y);
  await page.keyboard.down('Shift');
  await page.mouse.click(at(150, 0).x, at().y);
  await page.keyboard.up('Shift');
  await page.mouse.click(at(150, 0).x, at().y, { button: 'right' });
  await expect(menu.getByRole('menuitem', { name: 'Edit Metadata' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await page.mouse.click(at(-150, 0).x, at().y);
  await page.mouse.click(at(-150, 0).x, at().y, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Edit Metadata' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Metadata' });
  await dialog.getByLabel('FOV Placement Delivery', { exact: true }).fill('Manual');
  await dialog.getByLabel('FOV Class', { exact: true }).fill('Hotspot');
  await shot('annotation-tools-edit-metadata');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Annotation metadata saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const fov = async () => (await regions()).find((r) => r.properties.annotationClass === 'FOV')!;
  expect((await fov()).properties).toMatchObject({ fovPlacementDelivery: 'Manual', fovClass: 'Hotspot' });

  // Opened again it shows what is stored; a field cleared goes back to its default.
  await page.mouse.click(at(-150, 0).x, at().y, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Edit Metadata' }).click();
  await expect(dialog.getByLabel('FOV Class', { exact: true })).toHaveValue('Hotspot');
  await dialog.getByRole('button', { name: 'Clear FOV Class' }).click();
  await expect(dialog.getByLabel('FOV Class', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await fov()).properties).not.toHaveProperty('fovClass');
  expect((await fov()).properties).toMatchObject({ fovPlacementDelivery: 'Manual' });

  // A Tumor outline has no editable metadata: the fields are greyed and say why; Cancel keeps it as it was.
  await page.mouse.click(at(150, 0).x, at().y);
  await page.mouse.click(at(150, 0).x, at().y, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Edit Metadata' }).click();
  await expect(dialog.getByText(ANNOTATION_METADATA_MESSAGES.notEditable)).toBeVisible();
  await expect(dialog.getByLabel('FOV Class', { exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
