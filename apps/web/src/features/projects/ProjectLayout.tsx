/**
 * The frame of every /projects/{projectId}/… page: loads the project, answers 'Project could not be
 * found' for an unknown id (or one the user cannot see), remembers it as the user's current project and
 * hands it and the user's permissions in it to the page below.
 */
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, Outlet, useParams } from 'react-router';
import Button from '@mui/material/Button';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import FolderOffOutlined from '@mui/icons-material/FolderOffOutlined';
import { PROJECT_MESSAGES } from '@tessera/domain';
import { ApiError } from '../../api/client.ts';
import { isProjectId, useProject } from '../../api/projects.ts';
import { messageOf } from '../../api/queries.ts';
import { useAuth } from '../../app/auth.tsx';
import { useProjectPermissions } from '../../app/permissions.ts';
import { PageLoading, PageMessage } from '../../ui/PageMessage.tsx';
import { CurrentProjectContext } from './current-project.tsx';
import { rememberProject } from './last-project.ts';

export function ProjectLayout() {
  const { projectId } = useParams();
  const { me } = useAuth();
  const query = useProject(projectId);
  const project = query.data;
  const permissions = useProjectPermissions(project);
  const current = useMemo(() => (project ? { project, permissions } : null), [project, permissions]);
  const userId = me?.id;

  useEffect(() => {
    if (userId && project) rememberProject(userId, project.id);
  }, [userId, project]);

  const isNotFound =
    !isProjectId(projectId) || (query.error instanceof ApiError && query.error.status === 404);
  if (isNotFound)
    return (
      <PageMessage
        icon={<FolderOffOutlined />}
        title={PROJECT_MESSAGES.notFound}
        description="It may have been removed, or you are not a member of it."
        action={
          <Button component={RouterLink} to="/dashboard" variant="outlined">
            Go to dashboard
          </Button>
        }
      />
    );
  if (query.isError)
    return (
      <PageMessage
        icon={<CloudOffOutlined />}
        title="The project could not be loaded"
        description={messageOf(query.error)}
      />
    );
  if (!current) return <PageLoading label="Loading project" />;
  return (
    <CurrentProjectContext.Provider value={current}>
      <Outlet />
    </CurrentProjectContext.Provider>
  );
}
