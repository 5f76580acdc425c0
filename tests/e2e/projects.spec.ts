/**
 * Projects (spec 1 §2, §5, §8): the Create project dialog with every validation message, the project
 * selector, and the settings General tab with its own messages, dirty-only Save/Cancel and the name
 * the server refused. Signed in as the administrator (projectCreate, projectSettingsManage, isHome).
 */
import { test, expect } from './fixtures.ts';
import { createProject } from './support/api.ts';
import { signInPage, USERS } from './support/users.ts';
import { snackbar } from './support/ui.ts';

const stamp = () => Date.now().toString(36);

test('create project: every validation message, a taken name, then a trimmed new project opens', async ({
  page,
  shot,
}) => {
  const tokens = await signInPage(page, USERS.admin);
  await createProject(
    tokens.accessToken,
    `Lung cohort ${stamp()}`,
    'Adenocarcinoma resections, H&E and IHC.',
  );
  await createProject(tokens.accessToken, `Breast TMA ${stamp()}`, 'Tissue microarrays for HER2 scoring.');

  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Demo project' }).or(page.getByText('Demo project')).first(),
  ).toBeVisible();
  await shot('dashboard');

  await page.getByRole('button', { name: 'Create project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Name');
  const submit = dialog.getByRole('button', { name: 'Create project' });

  await submit.click();
  await expect(dialog.getByText('Enter a name for the project')).toBeVisible();
  await name.fill('   ');
  await submit.click();
  await expect(dialog.getByText('Enter a name for the project')).toBeVisible();
  await name.fill('ab');
  await submit.click();
  await expect(dialog.getByText('Project name must be at least 3 characters long')).toBeVisible();
  await name.fill('x'.repeat(71));
  await submit.click();
  await expect(dialog.getByText('Project name must be at most 70 characters long')).toBeVisible();
  await name.fill('Valid name');
  await dialog.getByLabel('Summary').fill('s'.repeat(1001));
  await submit.click();
  await expect(dialog.getByText('Project summary must be at most 1000 characters long')).toBeVisible();
  await dialog.getByLabel('Summary').fill('  Colon biopsies from the 2026 screening study.  ');

  // The server's answer for a taken name (case-insensitive) lands on the name field (spec 1 §8).
  await name.fill('demo PROJECT');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/v1/projects') && r.request().method() === 'POST',
  );
  await submit.click();
  expect((await refused).status()).toBe(409);
  await expect(dialog.getByText('Project name "demo PROJECT" is in use. Choose another name')).toBeVisible();

  const newName = `Colon screening ${stamp()}`;
  await name.fill(`   ${newName}   `);
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f]{24}\/slides$/);
  await expect(page.getByRole('heading', { name: newName, exact: true })).toBeVisible();
  await expect(
    page.getByText('Colon biopsies from the 2026 screening study.', { exact: true }),
  ).toBeVisible();
  await expect(snackbar(page).getByText(`Project "${newName}" created`)).toBeVisible();
});

test('project selector: both filters, the search box and its empty texts; picking keeps the page', async ({
  page,
  shot,
}) => {
  const tokens = await signInPage(page, USERS.admin);
  const target = await createProject(tokens.accessToken, `Selector target ${stamp()}`);
  await page.goto('/');
  await expect(page).toHaveURL(/\/projects\/[0-9a-f]{24}\/slides$/);

  await page.getByRole('button', { name: /^Project: .*\. Change project$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select project' });
  await expect(dialog.getByRole('list', { name: 'Projects' })).toBeVisible();
  await expect(dialog.getByText('Demo project')).toBeVisible();
  await shot('project-selector');

  const search = dialog.getByRole('textbox', { name: 'Search projects' });
  await search.fill('no such project anywhere');
  await expect(dialog.getByText('Sorry, no projects matched your search')).toBeVisible();
  await search.fill('');
  await dialog.getByRole('button', { name: 'Home Projects' }).click();
  await expect(dialog.getByText('No project found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Projects', exact: true }).click();

  await search.fill(target.name.slice(0, 15));
  await dialog.getByText(target.name).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${target.id}/slides$`));
  await expect(page.getByRole('heading', { name: target.name, exact: true })).toBeVisible();
});

test('project settings: messages, the refused name, dirty-only Save/Cancel, and a saved update', async ({
  page,
  shot,
}) => {
  const tokens = await signInPage(page, USERS.admin);
  const taken = await createProject(tokens.accessToken, `Taken name ${stamp()}`);
  const project = await createProject(tokens.accessToken, `Settings e2e ${stamp()}`, 'Before the update.');

  // An unknown hash becomes #general (spec 1 §2).
  await page.goto(`/projects/${project.id}/settings#nonsense`);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings#general$`));
  const form = page.getByRole('form', { name: 'General settings' });
  const name = form.getByLabel('Name');
  const save = form.getByRole('button', { name: 'Save' });
  const cancel = form.getByRole('button', { name: 'Cancel' });
  await expect(name).toHaveValue(project.name);
  await expect(save).toBeDisabled();
  await expect(cancel).toBeDisabled();

  await name.fill('');
  await expect(form.getByText('Enter a name for the project')).toBeVisible();
  await name.fill('ab');
  await expect(form.getByText('Project name must be at least 3 characters in length.')).toBeVisible();
  await name.fill('y'.repeat(71));
  await expect(form.getByText('Project name must be at most 70 characters long')).toBeVisible();
  await expect(save).toBeEnabled();
  await cancel.click();
  await expect(name).toHaveValue(project.name);
  await expect(save).toBeDisabled();

  // The server refuses a taken name; typing that name again is refused at once (spec 1 §5, §8).
  await name.fill(taken.name);
  await save.click();
  const refusal = `The project name: ${taken.name} is already in use. Please select a different name for this project.`;
  await expect(form.getByText(refusal)).toBeVisible();
  await expect(snackbar(page).getByText(/^Project update failed: /)).toBeVisible();
  await name.fill(`${taken.name}x`);
  await expect(form.getByText(refusal)).toBeHidden();
  await name.fill(taken.name.toUpperCase());
  await expect(
    form.getByText(
      `The project name: ${taken.name.toUpperCase()} is already in use. Please select a different name for this project.`,
    ),
  ).toBeVisible();

  const newName = `Renamed e2e ${stamp()}`;
  await name.fill(`  ${newName} `);
  await form.getByLabel('Summary').fill('After the update: slides re-scanned at 40x.');
  await form.getByLabel('Folder ID').click();
  await page.getByRole('option', { name: '2001' }).click();
  await form.getByLabel('Home project').check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/v1/projects/${project.id}`) && r.request().method() === 'PATCH',
  );
  await save.click();
  const patch = await saved;
  expect(patch.status()).toBe(200);
  // Only the changed fields travel, trimmed (spec 1 §7 Update project).
  expect(patch.request().postDataJSON()).toEqual({
    name: newName,
    summary: 'After the update: slides re-scanned at 40x.',
    folderId: '2001',
    isHome: true,
  });
  await expect(snackbar(page).getByText('Project settings saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(name).toHaveValue(newName);
  await expect(form.getByLabel('Folder ID')).toHaveValue('2001');
  await expect(form.getByLabel('Home project')).toBeChecked();
  await expect(page.getByText('admin@tessera.test')).toBeVisible(); // the Project admins card has loaded
  await shot('settings-general');
});
