/**
 * Project tool configs (spec 2 §7 "Other", spec 3 §7): a project's config by id, or the domain's
 * default while none is stored; saving checks the config with the id's own strict schema.
 */
import {
  DEFAULT_TOOL_CONFIGS,
  isToolConfigId,
  TOOL_CONFIG_MESSAGES,
  TOOL_CONFIG_SCHEMAS,
  toolConfigOrDefault,
  type ToolConfigId,
} from '@tessera/domain';
import { ERROR_CODES, type toolConfigs } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { badRequest, notFound } from '../../errors.ts';
import * as q from './tool-configs.queries.ts';

type ToolConfigAnswer = toolConfigs.ToolConfigAnswer;

/** The id, or 404 TOOL_CONFIG_NOT_FOUND naming the ids there are. */
function configIdOf(configId: string): ToolConfigId {
  if (!isToolConfigId(configId))
    throw notFound(TOOL_CONFIG_MESSAGES.notFound(configId), ERROR_CODES.toolConfigNotFound);
  return configId;
}

export async function getToolConfig(
  ctx: AppContext,
  project: ProjectScope,
  configIdText: string,
): Promise<ToolConfigAnswer> {
  const configId = configIdOf(configIdText);
  const row = await q.findToolConfig(ctx.db, project.id, configId);
  if (!row) return { configId, config: DEFAULT_TOOL_CONFIGS[configId], isDefault: true };
  let stored: unknown;
  try {
    stored = JSON.parse(row.config);
  } catch {
    stored = undefined; // a damaged row answers the default rather than lock the viewer out
  }
  const config = toolConfigOrDefault(configId, stored);
  return { configId, config, isDefault: config === DEFAULT_TOOL_CONFIGS[configId] };
}

export async function saveToolConfig(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  configIdText: string,
  body: { config?: unknown },
): Promise<ToolConfigAnswer> {
  const configId = configIdOf(configIdText);
  const parsed = TOOL_CONFIG_SCHEMAS[configId].safeParse(body.config);
  if (!parsed.success) {
    // Worded like the contract's validation answers: "config.mappedShortcuts.q: …".
    const issue = parsed.error.issues[0];
    const where = ['config', ...(issue?.path ?? [])].map(String).join('.');
    throw badRequest(`${where}: ${issue?.message ?? 'Invalid config'}`);
  }
  await q.upsertToolConfig(ctx.db, {
    project_id: project.id,
    config_id: configId,
    config: JSON.stringify(parsed.data),
    updated_by: actor.userId,
    updated_at: nowIso(),
  });
  return { configId, config: parsed.data, isDefault: false };
}
