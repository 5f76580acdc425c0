/**
 * A deep link into the viewer asks for its slide's details and equalization at once, beside the sign-in
 * check and the project that the screens around the viewer wait for: when the viewer mounts they are
 * there, and its first tiles are asked for that much sooner (`npm run bench -- viewer`: open). Only with a
 * stored session: without one the sign-in page comes first, and signing in clears the cache anyway.
 */
import type { QueryClient } from '@tanstack/react-query';
import { effectivePresetQuery } from './equalization.ts';
import { loadSession } from './session-store.ts';
import { slideDetailsQuery } from './slide-viewer.ts';

export function prefetchViewerData(client: QueryClient, projectId: string, slideId: string): void {
  if (!loadSession()) return;
  void client.prefetchQuery(slideDetailsQuery(projectId, slideId));
  void client.prefetchQuery(effectivePresetQuery(projectId, slideId));
}
