/**
 * Paths under a project. Picking another project keeps the rest of the current path and its hash
 * (spec 1 §2: /projects/A/settings#members → /projects/B/settings#members). The query string is
 * dropped: it carries state of the old project (a shared filter link, a selection) that means nothing
 * in the new one.
 */
import { isViewerPath } from '../../app/viewer-path.ts';

const PROJECT_PATH = /^\/projects\/([^/]+)(\/.*)?$/;

export const projectSlidesPath = (projectId: string): string => `/projects/${projectId}/slides`;

export { isViewerPath, viewerPath } from '../../app/viewer-path.ts';

/** The project id of a path under /projects/{id}, or null. */
export function projectIdOfPath(pathname: string): string | null {
  return PROJECT_PATH.exec(pathname)?.[1] ?? null;
}

export function switchProjectPath(location: { pathname: string; hash: string }, projectId: string): string {
  const match = PROJECT_PATH.exec(location.pathname);
  const rest = match?.[2];
  // A slide belongs to its project: another project's viewer would not find it.
  if (!match || !rest || rest === '/' || isViewerPath(location.pathname)) return projectSlidesPath(projectId);
  return `/projects/${projectId}${rest}${location.hash}`;
}
