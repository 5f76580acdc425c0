/**
 * Role gating of the shell (spec 1 §2, §6): Create project needs projectCreate; the Browse menu needs
 * slidesBrowse; the settings Members tab is disabled without projectMembersView — for a Workflow User
 * and for an External User alike.
 */
import { test, expect } from './fixtures.ts';
import { addMembers, createProject, listProjects } from './support/api.ts';
import { signInPage, tokensFor, USERS } from './support/users.ts';

const membersTab = (page: import('@playwright/test').Page) => page.getByRole('tab', { name: 'Members' });

test('administrator: Create project shows and the Members tab opens', async ({ page }) => {
  const tokens = await signInPage(page, USERS.admin);
  const demo = (await listProjects(tokens.accessToken)).find((p) => p.name === 'Demo project')!;
  await page.goto(`/projects/${demo.id}/settings#general`);
  await expect(page.getByRole('button', { name: 'Create project' })).toBeVisible();
  await membersTab(page).click();
  await expect(page).toHaveURL(/#members$/);
  await expect(page.getByRole('table', { name: 'Project members' })).toBeVisible();
  // slidesBrowse: both search sources are offered; their screens arrive with the search issue.
  await page.getByRole('button', { name: 'Browse' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Portal slides', 'R&D Imaging Platform slides']);
  await page.getByRole('menuitem', { name: 'Portal slides' }).click();
  await expect(page).toHaveURL(/\/browse\/portal$/);
  await expect(page.getByText('Invalid URL')).toBeVisible();
});

test('external user: no Create project, and the Members tab is disabled with the reason', async ({
  page,
}) => {
  const tokens = await signInPage(page, USERS.guest);
  const demo = (await listProjects(tokens.accessToken)).find((p) => p.name === 'Demo project')!;
  expect(demo.role).toBe('projectExternal');
  await page.goto(`/projects/${demo.id}/settings#members`);
  // Without projectMembersView the #members hash is not honoured either.
  await expect(page).toHaveURL(/#general$/);
  await expect(page.getByRole('form', { name: 'General settings' })).toBeVisible();
  await expect(membersTab(page)).toBeDisabled();
  await membersTab(page).locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Current user is not allowed to view project members');
  await expect(page.getByRole('button', { name: 'Create project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Browse' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Account: / })).toContainText('External User');
});

test('workflow user: Create project shows (internal user) but the Members tab is disabled', async ({
  page,
}) => {
  const admin = await tokensFor(USERS.admin);
  await tokensFor(USERS.projectAdmin);
  const project = await createProject(admin.accessToken, `Workflow e2e ${Date.now().toString(36)}`);
  await addMembers(admin.accessToken, project.id, [USERS.projectAdmin], 'projectWorkflowUser');

  await signInPage(page, USERS.projectAdmin);
  await page.goto(`/projects/${project.id}/settings`);
  await expect(page).toHaveURL(/#general$/);
  await expect(
    page.getByText('No edit permission. Project admins and data owners can change these settings.'),
  ).toBeVisible();
  await expect(membersTab(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create project' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Browse' })).toBeVisible();
});
