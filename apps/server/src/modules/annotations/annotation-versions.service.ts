/**
 * Version collections and the version download (spec 2 §3 "Version", §4 "Annotation set versions";
 * spec 3 §5; issue #13). A collection tags a version the set has made; the download hands the version
 * to the download-annotation-version job, whose file the jobs routes serve.
 */
import { ERROR_CODES, type VersionCollection } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { isUniqueViolation, nowIso } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { jobArtifactDir } from '../../jobs/job-artifacts.ts';
import { linkedSetOf, readableSetOf } from './annotation-sets.service.ts';
import * as q from './annotation-versions.queries.ts';

const collectionOf = (row: q.CollectionRow): VersionCollection => ({
  id: row.id,
  tag: row.tag,
  version: row.version,
  createdAt: row.created_at,
});

export async function listCollections(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  page: { page: number; pageSize: number },
): Promise<{ collections: VersionCollection[]; total: number }> {
  const set = await linkedSetOf(ctx.db, project, setId);
  if (page.page * page.pageSize > Number.MAX_SAFE_INTEGER) throw badRequest('The page is out of range');
  const { rows, total } = await q.findCollectionPage(ctx.db, set.id, {
    offset: page.page * page.pageSize,
    limit: page.pageSize,
  });
  return { collections: rows.map(collectionOf), total };
}

export async function createCollection(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  version: number,
  tag: string,
): Promise<VersionCollection> {
  const set = await readableSetOf(ctx.db, project, setId, version);
  const row = { id: newId(), set_id: set.id, version, tag, created_at: nowIso() };
  try {
    await q.insertCollection(ctx.db, row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Version ${version} is already tagged "${tag}"`, ERROR_CODES.versionTagInUse);
    throw error;
  }
  return collectionOf(row);
}

export async function deleteCollection(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  collectionId: string,
): Promise<void> {
  const set = await linkedSetOf(ctx.db, project, setId);
  if (!(await q.deleteCollection(ctx.db, set.id, collectionId)))
    throw notFound(`Version collection ${collectionId} not found`, ERROR_CODES.versionCollectionNotFound);
}

/** Queues the download of a made version (spec 3 §5); the notice and the jobs panel follow it. */
export async function queueVersionDownload(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  version: number,
): Promise<{ jobId: string }> {
  const set = await readableSetOf(ctx.db, project, setId, version);
  const job = await ctx.jobs.enqueue(
    'download-annotation-version',
    {
      projectId: project.id,
      slideId: set.slideId,
      setId: set.id,
      setName: set.name,
      setVersion: version,
      username: actor.username,
      artifactDir: jobArtifactDir(ctx.config.dataDir),
    },
    { projectId: project.id, createdBy: actor.userId },
  );
  return { jobId: job.id };
}
