/**
 * Project tool configs (spec 2 §7 "Other"): the settings the viewer's cell marker panel, SAM panel and
 * multi-view start from. The server answers the documented default while a project has stored none,
 * so a config is always there once read; a failed read is said ('Configuration fetch failed: …', spec 2
 * §8) and the caller goes on with the default.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolConfigs } from '@tessera/contract';
import {
  DEFAULT_TOOL_CONFIGS,
  toolConfigOrDefault,
  VIEWER_MESSAGES,
  type ToolConfig,
  type ToolConfigId,
} from '@tessera/domain';
import { useNotify } from '../app/notify.tsx';
import { call } from './client.ts';
import { messageOf, queryKeys } from './queries.ts';

/**
 * The project's config `configId`; `config` is the default until it is read and when reading failed
 * (`query` tells which). Mount it once per page: each mount says a failure.
 */
export const toolConfigQuery = <Id extends ToolConfigId>(projectId: string, configId: Id) =>
  queryOptions({
    queryKey: queryKeys.toolConfig(projectId, configId),
    queryFn: async ({ signal }) =>
      toolConfigOrDefault(
        configId,
        (await call(toolConfigs.getToolConfig, { params: { projectId, configId }, signal })).config,
      ),
    // A project's tool configs change when someone edits them, not while a viewer is open.
    staleTime: 5 * 60_000,
  });

export function useToolConfig<Id extends ToolConfigId>(projectId: string, configId: Id) {
  const notify = useNotify();
  const query = useQuery(toolConfigQuery(projectId, configId));
  const error = query.error;
  useEffect(() => {
    if (error) notify(VIEWER_MESSAGES.configurationFetchFailed(messageOf(error)), 'error');
  }, [error, notify]);
  const config: ToolConfig<Id> = query.data ?? DEFAULT_TOOL_CONFIGS[configId];
  return { config, query };
}
