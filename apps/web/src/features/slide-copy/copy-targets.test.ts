import { describe, expect, it } from 'vitest';
import type { Project } from '@tessera/contract';
import { copyTargetsOf } from './copy-targets.ts';

const project = (id: string, role: Project['role']): Project => ({
  id: id.repeat(24),
  name: `P${id}`,
  summary: '',
  folderId: '',
  isHome: false,
  role,
  slideCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('copyTargetsOf', () => {
  it('offers the other projects where the user may add slides', () => {
    const projects = [
      project('a', 'projectDataOwner'),
      project('b', 'projectWrite'),
      project('c', 'projectRead'),
    ];
    expect(copyTargetsOf(projects, [], 'a'.repeat(24)).map((t) => t.name)).toEqual(['Pb']);
  });

  it('a system role that may upload anywhere sees every other project', () => {
    const projects = [project('a', null), project('b', null)];
    const targets = copyTargetsOf(projects, ['portalDataAdmin'], 'a'.repeat(24));
    expect(targets.map((t) => t.name)).toEqual(['Pb']);
    // …but manages no annotations there.
    expect(targets[0]!.permissions.has('annotationsManage')).toBe(false);
  });
});
