/**
 * The slide viewer's path (spec 2 §2), in a module of its own without imports: the router's preloading
 * (app/screens.ts, in the main chunk), the shell and the project paths all read it.
 */
export const viewerPath = (projectId: string, slideId: string): string =>
  `/projects/${projectId}/slide/${slideId}`;

const VIEWER_PATH = /^\/projects\/([^/]+)\/slide\/([^/]+)\/?$/;

/** Whether a path is the slide viewer's, which takes the whole window below the navbar. */
export const isViewerPath = (pathname: string): boolean => VIEWER_PATH.test(pathname);

/** The project and slide of a viewer path; null for other paths and for ones that do not decode. */
export function viewerPathParts(pathname: string): { projectId: string; slideId: string } | null {
  const match = VIEWER_PATH.exec(pathname);
  if (!match) return null;
  try {
    return { projectId: decodeURIComponent(match[1]!), slideId: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
