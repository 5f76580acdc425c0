/**
 * Members in the settings #members tab (spec 1 §5 Members, §8): add an internal and an external user
 * under the external-user rules, change a role, delete with confirmation. The administrator acts; a
 * fresh project per run keeps the member list known.
 */
import { test, expect } from './fixtures.ts';
import { createProject } from './support/api.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';
import { dismissSnackbar, snackbar } from './support/ui.ts';

test('members: add internal and external users under the role rules, change a role, delete with confirmation', async ({
  page,
  shot,
}) => {
  await tokensFor(USERS.writer);
  await tokensFor(USERS.guest);
  const tokens = await signInPage(page, USERS.admin);
  const project = await createProject(tokens.accessToken, `Members e2e ${Date.now().toString(36)}`);

  await page.goto(`/projects/${project.id}/settings#members`);
  const table = page.getByRole('table', { name: 'Project members' });
  await expect(table.getByRole('row').filter({ hasText: USERS.admin })).toContainText('Data Owner');

  // An external user first: Data Owner and Project Admin are not offered, External User is.
  await page.getByRole('button', { name: 'Add members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add members' });
  const users = dialog.getByLabel('Users');
  await users.fill('guest@partner');
  const guestOption = page.getByRole('option', { name: /guest@partner\.example/ });
  await expect(guestOption.getByText('External')).toBeVisible();
  await guestOption.click();
  const role = dialog.getByRole('combobox', { name: 'Role' });
  await role.click();
  const roleList = page.getByRole('listbox');
  await expect(roleList.getByRole('option', { name: 'External User' })).toBeVisible();
  await expect(roleList.getByRole('option', { name: 'Data Owner' })).toHaveCount(0);
  await expect(roleList.getByRole('option', { name: 'Project Admin' })).toHaveCount(0);
  await roleList.getByRole('option', { name: 'External User' }).click();

  // An internal user in the same selection cannot get External User (spec 1 §8).
  await users.fill('writer@');
  await page.getByRole('option', { name: USERS.writer }).click();
  await expect(dialog.getByText('Internal users cannot be assigned the role of External User')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add 2 members' })).toBeDisabled();
  await dialog.getByRole('button', { name: USERS.writer }).locator('svg').click(); // the chip's delete icon
  await expect(dialog.getByText('Internal users cannot be assigned the role of External User')).toBeHidden();
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog).toBeHidden();
  await expect(snackbar(page).getByText(`${USERS.guest} added to ${project.name}`)).toBeVisible();
  const guestRow = table.getByRole('row').filter({ hasText: USERS.guest });
  await expect(guestRow.getByText('External', { exact: true })).toBeVisible();
  await expect(guestRow).toContainText('External User');

  // An internal user: External User is not offered.
  await page.getByRole('button', { name: 'Add members' }).click();
  await users.fill('writer@');
  await page.getByRole('option', { name: USERS.writer }).click();
  await role.click();
  await expect(roleList.getByRole('option', { name: 'External User' })).toHaveCount(0);
  await roleList.getByRole('option', { name: 'Write', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(snackbar(page).getByText(`${USERS.writer} added to ${project.name}`)).toBeVisible();
  const writerRow = table.getByRole('row').filter({ hasText: USERS.writer });
  await expect(writerRow.getByRole('combobox', { name: `Role of ${USERS.writer}` })).toHaveText('Write');

  // Role change of an existing member; an external member cannot become Project Admin.
  await writerRow.getByRole('combobox', { name: `Role of ${USERS.writer}` }).click();
  await roleList.getByRole('option', { name: 'Read', exact: true }).click();
  await expect(snackbar(page).getByText(`${USERS.writer} is now Read`)).toBeVisible();
  await guestRow.getByRole('combobox', { name: `Role of ${USERS.guest}` }).click();
  await expect(roleList.getByRole('option', { name: 'Project Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(roleList).toBeHidden();
  await dismissSnackbar(page);
  await shot('settings-members');

  // Delete: select the row, press Delete, confirm (spec 1 §5).
  await writerRow.getByRole('checkbox', { name: `Select ${USERS.writer}` }).click();
  await writerRow.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete member' });
  await expect(
    confirm.getByText(`This user will be removed from ${project.name} and lose access to it:`),
  ).toBeVisible();
  await expect(confirm.getByText(USERS.writer)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page).getByText(`${USERS.writer} removed from ${project.name}`)).toBeVisible();
  await expect(writerRow).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: USERS.guest })).toHaveCount(1);
});
