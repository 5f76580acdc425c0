/**
 * Projects: list, create, update (spec 1 §5, §7). Names are trimmed and unique case-insensitively;
 * an update writes only the fields that changed.
 */
import { ERROR_CODES, type Project } from '@tessera/contract';
import {
  canSeeAllProjects,
  checkFolderId,
  checkProjectName,
  checkProjectSummary,
  isProjectRole,
  projectNameKey,
  PROJECT_MESSAGES,
} from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import * as q from './projects.queries.ts';

const toProject = (row: q.ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  summary: row.summary,
  folderId: row.folder_id,
  isHome: row.is_home === 1,
  role: row.role && isProjectRole(row.role) ? row.role : null,
  slideCount: Number(row.slide_count ?? 0),
  createdAt: row.created_at,
});

export async function listProjects(ctx: AppContext, actor: Actor): Promise<Project[]> {
  const rows = await q.findProjectsForUser(ctx.db, actor.userId, canSeeAllProjects(actor.systemRoles));
  return rows.map(toProject);
}

export async function getProject(ctx: AppContext, actor: Actor, projectId: string): Promise<Project> {
  const row = await q.findProjectForUser(ctx.db, projectId, actor.userId);
  if (!row) throw notFound(PROJECT_MESSAGES.notFound, ERROR_CODES.projectNotFound);
  return toProject(row);
}

export async function createProject(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; summary: string },
): Promise<Project> {
  const name = input.name.trim();
  const summary = input.summary.trim();
  const invalid = checkProjectName(name, 'create') ?? checkProjectSummary(summary);
  if (invalid) throw badRequest(invalid);
  const nameKey = projectNameKey(name);
  if (await q.isProjectNameTaken(ctx.db, nameKey))
    throw conflict(PROJECT_MESSAGES.nameInUse(name), ERROR_CODES.projectExists);
  const id = newId();
  try {
    await q.insertProjectWithOwner(
      ctx.db,
      { id, name, nameKey, summary, now: nowIso() },
      { userId: actor.userId, role: 'projectDataOwner' },
    );
  } catch (e) {
    // Two creates racing for one name: the unique index decides; answer as if we had seen it first.
    if (await q.isProjectNameTaken(ctx.db, nameKey))
      throw conflict(PROJECT_MESSAGES.nameInUse(name), ERROR_CODES.projectExists);
    throw e;
  }
  await ctx.audit.record({
    action: 'project.created',
    actorUserId: actor.userId,
    target: id,
    details: { name },
  });
  return getProject(ctx, actor, id);
}

export async function updateProject(
  ctx: AppContext,
  actor: Actor,
  scope: ProjectScope,
  input: {
    name?: string | undefined;
    summary?: string | undefined;
    folderId?: string | undefined;
    isHome?: boolean | undefined;
  },
): Promise<Project> {
  const current = await getProject(ctx, actor, scope.id);
  const fields: Parameters<typeof q.updateProjectFields>[2] = {};
  if (input.name !== undefined && input.name.trim() !== current.name) {
    const name = input.name.trim();
    const invalid = checkProjectName(name, 'settings');
    if (invalid) throw badRequest(invalid);
    const nameKey = projectNameKey(name);
    if (await q.isProjectNameTaken(ctx.db, nameKey, scope.id))
      throw conflict(PROJECT_MESSAGES.nameRefused(name), ERROR_CODES.projectExists);
    fields.name = name;
    fields.name_key = nameKey;
  }
  if (input.summary !== undefined && input.summary.trim() !== current.summary) {
    const summary = input.summary.trim();
    const invalid = checkProjectSummary(summary);
    if (invalid) throw badRequest(invalid);
    fields.summary = summary;
  }
  if (input.folderId !== undefined && input.folderId.trim() !== current.folderId) {
    const folderId = input.folderId.trim();
    const invalid = checkFolderId(folderId);
    if (invalid) throw badRequest(invalid);
    if (folderId !== '' && !(await q.isKnownFolderId(ctx.db, folderId)))
      throw badRequest(`Folder ID ${folderId} does not exist.`);
    fields.folder_id = folderId;
  }
  if (input.isHome !== undefined && input.isHome !== current.isHome) {
    if (!scope.permissions.has('projectSettingsSetIsHome'))
      throw forbidden('You are not allowed to change the home project setting');
    fields.is_home = input.isHome ? 1 : 0;
  }
  if (Object.keys(fields).length === 0) return current;
  await q.updateProjectFields(ctx.db, scope.id, fields, nowIso());
  await ctx.audit.record({
    action: 'project.updated',
    actorUserId: actor.userId,
    target: scope.id,
    details: { fields: Object.keys(fields) },
  });
  return getProject(ctx, actor, scope.id);
}

export const listFolderIds = (ctx: AppContext): Promise<string[]> => q.findFolderIds(ctx.db);
