/**
 * Version collections and the version download (spec 2 §3 "Version", §4 "Annotation set versions", §7;
 * spec 3 §5 "Annotation actions"; issue #13). A collection tags one made version of a set ("ground
 * truth", "reviewed"); the version box lists them beside the version. The download queues a job that
 * writes the version as a QuPath GeoJSON file, fetched from the job once it has succeeded.
 * Making and listing versions themselves are annotations.contract.ts's fixed routes.
 */
import { z } from 'zod';
import { ANNOTATION_VERSIONS_PAGE_SIZE, versionTagSchema } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const SetParams = z.object({ projectId: Id, setId: Id });
const VersionParams = SetParams.extend({ version: z.coerce.number().int().min(1).max(2_000_000_000) });

export const VersionCollection = z
  .object({ id: Id, tag: z.string(), version: z.number().int(), createdAt: z.string() })
  .meta({ id: 'VersionCollection' });
export type VersionCollection = z.infer<typeof VersionCollection>;

/** GET the set's version collections, newest first, 10 to a page by default (spec 2 §9). */
export const listVersionCollections = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/version-collections',
  summary: "An annotation set's version collections",
  tags: ['annotations'],
  access: projectPermission(null),
  params: SetParams,
  query: z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(ANNOTATION_VERSIONS_PAGE_SIZE),
  }),
  response: z.object({ collections: z.array(VersionCollection), total: z.number().int() }),
});

/** POST tags a made version: 404 for a version the set has not made, 409 for a tag it already has. */
export const createVersionCollection = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/versions/:version/collections',
  summary: 'Tag a version of an annotation set',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: VersionParams,
  body: z.object({ tag: versionTagSchema }).strict(),
  response: VersionCollection,
  status: 201,
});

export const deleteVersionCollection = defineRoute({
  method: 'DELETE',
  path: '/v1/projects/:projectId/annotation-sets/:setId/version-collections/:collectionId',
  summary: 'Remove a tag from a version',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams.extend({ collectionId: Id }),
  response: z.null(),
  status: 204,
});

/**
 * POST queues the download of a made version (spec 3 §5: payload slideId, setName, setVersion,
 * projectId, username): a job writing the version as QuPath GeoJSON; `GET …/jobs/{jobId}/artifact`
 * fetches the file once the job has succeeded. Reading the set is all it needs, as the GeoJSON route.
 */
export const downloadAnnotationSetVersion = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/annotation-sets/:setId/versions/:version/download',
  summary: 'Queue the download of an annotation set version',
  tags: ['annotations'],
  access: projectPermission(null),
  params: VersionParams,
  response: z.object({ jobId: Id }),
  status: 201,
});
