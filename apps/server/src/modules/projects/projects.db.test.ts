import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/harness.ts';

describeEachDialect('projects', (t) => {
  it('creates a project with trimmed values and lists it with the creator as data owner', async () => {
    const user = await t().createUser();
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/projects',
      payload: { name: '  Lung study  ', summary: ' A summary ' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Lung study', summary: 'A summary', role: 'projectDataOwner' });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    const list = await t().request(user, { method: 'GET', url: '/v1/projects' });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: created.id, name: 'Lung study', role: 'projectDataOwner' }),
    ]);
  });

  it('refuses a name in use, case-insensitively, with the spec message', async () => {
    const user = await t().createUser();
    await t().request(user, {
      method: 'POST',
      url: '/v1/projects',
      payload: { name: 'Kidney cohort', summary: '' },
    });
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/projects',
      payload: { name: ' KIDNEY cohort', summary: '' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PROJECT_ALREADY_EXISTS',
      message: 'Project name "KIDNEY cohort" is in use. Choose another name',
    });
  });

  it.each([
    ['', 'Enter a name for the project'],
    ['   ', 'Enter a name for the project'],
    ['ab', 'Project name must be at least 3 characters long'],
    ['x'.repeat(71), 'Project name must be at most 70 characters long'],
  ])('refuses the name %j with %j and creates nothing', async (name, message) => {
    const user = await t().createUser();
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/projects',
      payload: { name, summary: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t().request(user, { method: 'GET', url: '/v1/projects' })).json()).toEqual([]);
  });

  it('refuses a summary over 1000 characters', async () => {
    const user = await t().createUser();
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/projects',
      payload: { name: 'Long summary', summary: 'y'.repeat(1001) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs projectCreate: an external user is refused', async () => {
    const user = await t().createUser({ systemRoles: ['externalUser'] });
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/projects',
      payload: { name: 'Not mine', summary: '' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('updates changed fields only and refuses a taken name with the settings message', async () => {
    const admin = await t().createUser();
    const other = await t().createProject({ name: 'Taken name' });
    const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
    const taken = await t().request(admin, {
      method: 'PATCH',
      url: `/v1/projects/${p.id}`,
      payload: { name: 'taken NAME' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'The project name: taken NAME is already in use. Please select a different name for this project.',
    );
    const ok = await t().request(admin, {
      method: 'PATCH',
      url: `/v1/projects/${p.id}`,
      payload: { summary: 'New summary' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: p.name, summary: 'New summary' });
    expect(other.id).not.toBe(p.id);
  });

  it('validates folderId: 4 digits or empty', async () => {
    const admin = await t().createUser();
    const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
    const bad = await t().request(admin, {
      method: 'PATCH',
      url: `/v1/projects/${p.id}`,
      payload: { folderId: '12a4' },
    });
    expect(bad.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Folder ID must consist of 4 numerical digits.',
    });
  });

  it('isHome needs projectSettingsSetIsHome, which a projectAdmin lacks', async () => {
    const admin = await t().createUser();
    const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
    const res = await t().request(admin, {
      method: 'PATCH',
      url: `/v1/projects/${p.id}`,
      payload: { isHome: true },
    });
    expect(res.statusCode).toBe(403);
    const su = await t().createUser({ systemRoles: ['systemSuperUser'] });
    const ok = await t().request(su, {
      method: 'PATCH',
      url: `/v1/projects/${p.id}`,
      payload: { isHome: true },
    });
    expect(ok.json()).toMatchObject({ isHome: true });
  });

  it('hides projects from non-members: Project could not be found', async () => {
    const stranger = await t().createUser();
    const p = await t().createProject();
    const res = await t().request(stranger, { method: 'GET', url: `/v1/projects/${p.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'PROJECT_NOT_FOUND', message: 'Project could not be found' });
  });

  it('answers 400 for a malformed project id and 401 without a token', async () => {
    const user = await t().createUser();
    expect((await t().request(user, { method: 'GET', url: '/v1/projects/not-an-id' })).statusCode).toBe(404);
    expect((await t().request(null, { method: 'GET', url: '/v1/projects' })).statusCode).toBe(401);
  });
});
