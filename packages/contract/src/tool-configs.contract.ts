/**
 * Project tool configs by config id (spec 2 §7 "Other", spec 3 §7 "Settings and configuration"): the
 * settings the viewer's cell marker panel, SAM panel and multi-view start from, per project.
 */
import { z } from 'zod';
import { toolConfigSchema } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { SafeText } from './text.ts';
import { Id } from './projects.contract.ts';

/**
 * The config id is checked by the service, not here, so an unknown id is a 404 TOOL_CONFIG_NOT_FOUND
 * naming the ids there are rather than a validation error.
 */
const ConfigParams = z.object({ projectId: Id, configId: SafeText.min(1).max(64) });

export const ToolConfig = toolConfigSchema.meta({
  id: 'ToolConfig',
  description: 'One of the config shapes, by configId (packages/domain tool-configs.ts)',
});

export const ToolConfigAnswer = z
  .object({ configId: z.string(), config: ToolConfig, isDefault: z.boolean() })
  .meta({ id: 'ToolConfigAnswer' });
export type ToolConfigAnswer = z.infer<typeof ToolConfigAnswer>;

/** The project's config, or the documented default for the id while none is stored (isDefault). */
export const getToolConfig = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/tool-configs/:configId',
  summary: "A project's tool config",
  tags: ['tool configs'],
  access: projectPermission(null),
  params: ConfigParams,
  response: ToolConfigAnswer,
});

/**
 * Stores the project's config, checked by the id's own strict schema in the service (400 naming the
 * field). annotationsManage: the panels these configs set up are the annotation tools that permission
 * gates (spec 2 §6), and those who may annotate are the ones who tune their shortcuts and sizes.
 */
export const saveToolConfig = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/tool-configs/:configId',
  summary: "Stores a project's tool config",
  tags: ['tool configs'],
  access: projectPermission('annotationsManage'),
  params: ConfigParams,
  body: z.object({ config: z.unknown() }).strict(),
  response: ToolConfigAnswer,
});
