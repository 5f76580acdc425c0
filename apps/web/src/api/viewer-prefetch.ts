/**
 * A deep link into the viewer asks at once for what the viewer and the screens around it will read: the
 * signed-in user, the projects and the project (the shell and the project frame), the slide's details
 * and equalization, the project's annotation classes and the viewer's tool configs, the slide's
 * annotation sets, and the cell markers of the set the address names (early-answers.ts). Asked in turn,
 * each screen would ask only once the one around it had its answers: a chain of round trips before the
 * first tile or marker (`npm run bench -- viewer`, `annotation-render`). Only with a stored session:
 * without one the sign-in page comes first, and signing in clears the cache anyway. A prefetch that fails
 * is asked again by the screen that needs it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { slideAnnotationSetsQuery } from './annotation-sets.ts';
import { annotationClassesQuery } from './annotation-classes.ts';
import { prefetchCellMarkers } from './early-answers.ts';
import { effectivePresetQuery } from './equalization.ts';
import { meQuery } from './me.ts';
import { projectQuery, projectsQuery } from './projects.ts';
import { loadSession } from './session-store.ts';
import { slideDetailsQuery } from './slide-viewer.ts';
import { toolConfigQuery } from './tool-configs.ts';

export function prefetchViewerData(
  client: QueryClient,
  { projectId, slideId }: { projectId: string; slideId: string },
  search: string,
): void {
  if (!loadSession()) return;
  void client.prefetchQuery(meQuery);
  void client.prefetchQuery(projectsQuery);
  void client.prefetchQuery(projectQuery(projectId));
  void client.prefetchQuery(slideDetailsQuery(projectId, slideId));
  void client.prefetchQuery(effectivePresetQuery(projectId, slideId));
  void client.prefetchQuery(annotationClassesQuery(projectId));
  void client.prefetchQuery(toolConfigQuery(projectId, 'multiViewGeneral'));
  void client.prefetchQuery(toolConfigQuery(projectId, 'cellMarkerPanel'));
  void client.prefetchQuery(slideAnnotationSetsQuery(projectId, slideId));
  prefetchCellMarkers(projectId, new URLSearchParams(search));
}
