/**
 * The project's annotation classes in the settings #classes tab (spec 2 §3, spec 1 §7; issue #13 point 1):
 * the administrator adds a cell-marker class, recolours and moves a region class, removes one (the hint
 * says its annotations fall back to the default class), saves, and sees the list again after a reload;
 * a reader sees a list read-only. A fresh project per run keeps the list known.
 */
import { test, expect } from './fixtures.ts';
import { addMembers, apiCall, createProject } from './support/api.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';
import { snackbar } from './support/ui.ts';

test('annotation classes: add, recolour, move, remove and save as an administrator', async ({
  page,
  shot,
}) => {
  const tokens = await signInPage(page, USERS.admin);
  const project = await createProject(tokens.accessToken, `Classes e2e ${Date.now().toString(36)}`);

  await page.goto(`/projects/${project.id}/settings#classes`);
  const table = page.getByRole('table', { name: 'Annotation classes' });
  await expect(table.getByRole('row')).toHaveCount(9); // the header and the eight default classes
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  // A new cell-marker class: refused until it has an id and a name; an id in use is said.
  await page.getByRole('button', { name: 'Add cell marker class' }).click();
  await expect(table.getByText('Required').first()).toBeVisible();
  await expect(save).toBeDisabled();
  await table.getByLabel('Class id of new class').fill('Tumor');
  await expect(page.getByText('The class id "Tumor" is used twice')).toBeVisible();
  await table.getByLabel('Class id of Tumor').last().fill('Macrophage');
  await table.getByLabel('Name of Macrophage').fill('Macrophage');
  await table.getByLabel('Colour of Macrophage').fill('#8e24aa');

  // Stroma moves above Tumor; Exclusion goes (its annotations will be drawn as the default class).
  await table.getByRole('button', { name: 'Move Stroma up' }).click();
  await table.getByRole('button', { name: 'Remove Exclusion' }).click();
  await expect(page.getByText('Annotations of Excl will be drawn as the default class.')).toBeVisible();
  await table.getByLabel('Colour of Stroma').fill('#00897b');
  await shot('settings-annotation-classes');
  await save.click();
  await expect(snackbar(page).getByText('Annotation classes saved')).toBeVisible();
  await expect(save).toBeDisabled();

  const stored = await apiCall<{
    freehandClasses: { classId: string; color: string }[];
    cmaClasses: { classId: string }[];
  }>('GET', `/v1/projects/${project.id}/annotation-classes`, { token: tokens.accessToken });
  expect(stored.freehandClasses.map((c) => c.classId)).toEqual(['FOV', 'ROI', 'Stroma', 'Tumor']);
  expect(stored.freehandClasses[2]!.color).toBe('#00897b');
  expect(stored.cmaClasses.map((c) => c.classId)).toEqual([
    'Tumor cell',
    'Immune cell',
    'Other cell',
    'Macrophage',
  ]);

  // After a reload the saved list is shown; Cancel undoes an unsaved change.
  await page.reload();
  await expect(table.getByLabel('Class id of Macrophage')).toBeDisabled(); // a saved id is fixed
  await table.getByLabel('Name of Macrophage').fill('Macrophages');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByLabel('Name of Macrophage')).toHaveValue('Macrophage');
});

test('annotation classes: a reader sees the list read-only', async ({ page }) => {
  const admin = await tokensFor(USERS.admin);
  const project = await createProject(admin.accessToken, `Classes read e2e ${Date.now().toString(36)}`);
  await addMembers(admin.accessToken, project.id, [USERS.reader], 'projectRead');
  await apiCall('PUT', `/v1/projects/${project.id}/annotation-classes`, {
    token: admin.accessToken,
    body: {
      classes: [
        { classId: 'FOV', name: 'Field of view', color: '#00a0ff', type: 'freehand' },
        { classId: 'Macrophage', name: 'Macrophage', color: '#8e24aa', type: 'cma' },
      ],
    },
  });
  await signInPage(page, USERS.reader);
  await page.goto(`/projects/${project.id}/settings#classes`);
  await expect(
    page.getByText('Only users who manage the project settings can change its classes.'),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Annotation classes' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'Macrophage' })).toContainText('Cell marker');
  await expect(table.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
});
