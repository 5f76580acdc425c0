import { z } from 'zod';
import { SafeText } from './text.ts';
import { PROJECT_ROLES, PROJECT_NAME_MAX, PROJECT_SUMMARY_MAX } from '@tessera/domain';
import { defineRoute, authenticated, globalPermission, projectPermission } from './route.ts';

export const Id = z.string().regex(/^[0-9a-f]{24}$/, 'Expected a 24-character id');
export const ProjectRoleSchema = z.enum(PROJECT_ROLES);
export const ProjectParams = z.object({ projectId: Id });

export const Project = z
  .object({
    id: Id,
    name: z.string(),
    summary: z.string(),
    folderId: z.string(),
    isHome: z.boolean(),
    /** The current user's role in the project; null when seen through a system role only. */
    role: ProjectRoleSchema.nullable(),
    slideCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

// Lengths are checked again after trimming by the domain rules, which carry the spec's messages.
const name = SafeText.max(PROJECT_NAME_MAX * 4);
const summary = SafeText.max(PROJECT_SUMMARY_MAX * 4);

/** GET /v1/projects (fixed interface): the projects the user can access, with the user's role. */
export const listProjects = defineRoute({
  method: 'GET',
  path: '/v1/projects',
  summary: 'Projects the user can access',
  tags: ['projects'],
  access: authenticated,
  response: z.array(Project),
});

/** POST /v1/projects (fixed interface). */
export const createProject = defineRoute({
  method: 'POST',
  path: '/v1/projects',
  summary: 'Create a project; the creator becomes its data owner',
  tags: ['projects'],
  access: globalPermission('projectCreate'),
  body: z.object({ name, summary: summary.default('') }),
  response: Project,
  status: 201,
});

export const getProject = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId',
  summary: 'One project',
  tags: ['projects'],
  access: projectPermission(null),
  params: ProjectParams,
  response: Project,
});

/** Update of changed fields only. isHome additionally needs projectSettingsSetIsHome (checked in the service). */
export const updateProject = defineRoute({
  method: 'PATCH',
  path: '/v1/projects/:projectId',
  summary: 'Update the changed fields of a project',
  tags: ['projects'],
  access: projectPermission('projectSettingsManage'),
  params: ProjectParams,
  body: z
    .object({
      name: name.optional(),
      summary: summary.optional(),
      folderId: z.string().max(16).optional(),
      isHome: z.boolean().optional(),
    })
    .strict(),
  response: Project,
});

export const listFolderIds = defineRoute({
  method: 'GET',
  path: '/v1/folder-ids',
  summary: 'The folder ids a project can be filed under',
  tags: ['projects'],
  access: authenticated,
  response: z.array(z.string()),
});
