import { describe, expect, it } from 'vitest';
import type { Project } from '@tessera/contract';
import { filterProjects, PROJECT_LIST_MESSAGES } from './project-filter.ts';

const project = (name: string, isHome: boolean, summary = ''): Project => ({
  id: name.padEnd(24, '0').slice(0, 24),
  name,
  summary,
  folderId: '',
  isHome,
  role: 'projectRead',
  slideCount: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
});

const all = [
  project('Lung study', false, 'NSCLC biopsies'),
  project('Breast cohort', true),
  project('Colon', false),
];

describe('project selector filter', () => {
  it('lists all or only the home projects', () => {
    expect(filterProjects(all, 'all', '').projects.map((p) => p.name)).toEqual([
      'Lung study',
      'Breast cohort',
      'Colon',
    ]);
    expect(filterProjects(all, 'home', '').projects.map((p) => p.name)).toEqual(['Breast cohort']);
  });

  it('searches name and summary case-insensitively', () => {
    expect(filterProjects(all, 'all', '  LUNG ').projects.map((p) => p.name)).toEqual(['Lung study']);
    expect(filterProjects(all, 'all', 'nsclc').projects.map((p) => p.name)).toEqual(['Lung study']);
  });

  it('says there are no projects when the filter is empty, whatever the search', () => {
    const onlyOther = [project('Colon', false)];
    expect(filterProjects(onlyOther, 'home', '').emptyText).toBe(PROJECT_LIST_MESSAGES.none);
    expect(filterProjects(onlyOther, 'home', 'x').emptyText).toBe(PROJECT_LIST_MESSAGES.none);
    expect(filterProjects([], 'all', '').emptyText).toBe(PROJECT_LIST_MESSAGES.none);
  });

  it('says the search matched nothing', () => {
    const r = filterProjects(all, 'all', 'prostate');
    expect(r.projects).toEqual([]);
    expect(r.emptyText).toBe(PROJECT_LIST_MESSAGES.noMatch);
  });
});
