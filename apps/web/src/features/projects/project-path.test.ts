import { describe, expect, it } from 'vitest';
import { isViewerPath, projectIdOfPath, switchProjectPath } from './project-path.ts';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

describe('switching projects keeps the rest of the path', () => {
  it('keeps the sub-path and the hash', () => {
    expect(switchProjectPath({ pathname: `/projects/${A}/settings`, hash: '#members' }, B)).toBe(
      `/projects/${B}/settings#members`,
    );
    expect(switchProjectPath({ pathname: `/projects/${A}/slides`, hash: '' }, B)).toBe(
      `/projects/${B}/slides`,
    );
  });

  it("goes to the project's slides from outside a project or from its bare path", () => {
    expect(switchProjectPath({ pathname: '/dashboard', hash: '' }, B)).toBe(`/projects/${B}/slides`);
    expect(switchProjectPath({ pathname: `/projects/${A}`, hash: '#x' }, B)).toBe(`/projects/${B}/slides`);
    expect(switchProjectPath({ pathname: `/projects/${A}/`, hash: '' }, B)).toBe(`/projects/${B}/slides`);
  });

  it("goes to the project's slides from a slide of the other project's viewer", () => {
    const viewer = { pathname: `/projects/${A}/slide/${'c'.repeat(24)}`, hash: '' };
    expect(isViewerPath(viewer.pathname)).toBe(true);
    expect(isViewerPath(`/projects/${A}/slides`)).toBe(false);
    expect(switchProjectPath(viewer, B)).toBe(`/projects/${B}/slides`);
  });

  it('reads the project id of a path', () => {
    expect(projectIdOfPath(`/projects/${A}/settings`)).toBe(A);
    expect(projectIdOfPath('/projects')).toBeNull();
    expect(projectIdOfPath('/profile')).toBeNull();
  });
});

describe('landing project', () => {
  it('prefers the remembered project the user still has, else the first', async () => {
    const { landingProjectId } = await import('./last-project.ts');
    const list = [{ id: A }, { id: B }];
    expect(landingProjectId(list, B)).toBe(B);
    expect(landingProjectId(list, 'c'.repeat(24))).toBe(A);
    expect(landingProjectId(list, null)).toBe(A);
    expect(landingProjectId([], B)).toBeNull();
  });
});
