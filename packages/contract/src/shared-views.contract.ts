/**
 * Shared filter views (spec 1 §2 "Shared filter link", §3 "Saved shared view", §7 "Shared filters
 * storage"): the slide metadata table's search text, filter model and column state saved under a
 * content hash, which the share link carries as `?smf={hash}`.
 */
import { z } from 'zod';
import { GlobalSearchText } from './text.ts';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';
import { FILTER_BODY_LIMIT_BYTES, FilterModel } from './slide-grid.contract.ts';

/** The one kind of view the portal shares so far (spec 1 §7). */
export const METADATA_FILTERS_CONFIG = 'metadata filters config';
const SharedViewType = z.literal(METADATA_FILTERS_CONFIG);

/** The grid's column state as the web keeps it; bounded like the per-user saved column state. */
const ColumnState = z
  .unknown()
  .refine((v) => JSON.stringify(v ?? null).length <= 65_536, 'The column state is too large');

/**
 * A saved shared view (spec 1 §3). The filter model also accepts the older condition1/condition2 form;
 * the server answers it converted to a list of conditions.
 */
export const SharedView = z
  .object({
    globalSearchText: GlobalSearchText,
    filterModel: FilterModel,
    columnState: ColumnState,
  })
  .meta({ id: 'SharedView' });
export type SharedView = z.infer<typeof SharedView>;

/** 22 base64url characters: the first 132 bits of the view's SHA-256. */
export const SharedViewHash = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'A shared view hash is 22 base64url characters');

/** Saves a view and answers its hash; the same view saved again gets the same hash. */
export const saveSharedView = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/shared-views',
  summary: 'Saves a shared filter view of the slide table and answers the hash its link carries',
  tags: ['slide table'],
  access: projectPermission('exportShareFilters'),
  params: z.object({ projectId: Id }),
  body: z.object({ type: SharedViewType, value: SharedView }).strict(),
  bodyLimitBytes: FILTER_BODY_LIMIT_BYTES,
  response: z.object({ hash: SharedViewHash }),
});

/** Reads a view of this project by its hash (any member may open a shared link). */
export const getSharedView = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/shared-views/:hash',
  summary: 'A shared filter view of this project, with older filter forms converted to lists of conditions',
  tags: ['slide table'],
  access: projectPermission(null),
  params: z.object({ projectId: Id, hash: SharedViewHash }),
  response: z.object({ type: SharedViewType, value: SharedView }),
});
