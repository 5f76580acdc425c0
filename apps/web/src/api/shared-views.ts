/** Shared filter views (spec 1 §7 "Shared filters storage"): save the slide table's view, read one by its hash. */
import { sharedViews, type SharedView } from '@tessera/contract';
import { call } from './client.ts';

/** Saves the view and answers its hash; the same view saved again answers the same hash. */
export const saveSharedView = (projectId: string, view: SharedView) =>
  call(sharedViews.saveSharedView, {
    params: { projectId },
    body: { type: sharedViews.METADATA_FILTERS_CONFIG, value: view },
  });

/** The view a share link names, with older filters already converted to lists of conditions. */
export const fetchSharedView = async (
  projectId: string,
  hash: string,
  signal?: AbortSignal,
): Promise<SharedView> =>
  (await call(sharedViews.getSharedView, { params: { projectId, hash }, signal })).value;
