/** The project selector's list (spec 1 §2): the 'Projects' or 'Home Projects' filter, then the search text. */
import type { Project } from '@tessera/contract';

export type ProjectFilter = 'all' | 'home';

export const PROJECT_LIST_MESSAGES = {
  none: 'No project found',
  noMatch: 'Sorry, no projects matched your search',
} as const;

export interface FilteredProjects {
  projects: Project[];
  /** The empty text to show, or null when the list has rows. */
  emptyText: string | null;
}

/** Search matches the name or the summary, case-insensitively, ignoring surrounding spaces. */
export function filterProjects(
  all: readonly Project[],
  filter: ProjectFilter,
  search: string,
): FilteredProjects {
  const inFilter = filter === 'home' ? all.filter((p) => p.isHome) : [...all];
  if (inFilter.length === 0) return { projects: [], emptyText: PROJECT_LIST_MESSAGES.none };
  const text = search.trim().toLocaleLowerCase();
  if (!text) return { projects: inFilter, emptyText: null };
  const matched = inFilter.filter(
    (p) => p.name.toLocaleLowerCase().includes(text) || p.summary.toLocaleLowerCase().includes(text),
  );
  return { projects: matched, emptyText: matched.length ? null : PROJECT_LIST_MESSAGES.noMatch };
}
