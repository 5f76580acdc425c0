/**
 * / (spec 1 §2): waits for the project list, then opens the slides of the current project (the one
 * last opened) or of the first project.
 */
import { useState } from 'react';
import { Navigate } from 'react-router';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import { MANUAL_NOT_READ_CODE } from '@tessera/domain';
import { ApiError } from '../../api/client.ts';
import { useProjects } from '../../api/projects.ts';
import { useAuth } from '../../app/auth.tsx';
import { useGlobalPermissions } from '../../app/permissions.ts';
import { PageLoading, PageMessage } from '../../ui/PageMessage.tsx';
import { CreateProjectDialog } from './CreateProjectDialog.tsx';
import { LANDING_MESSAGES } from './landing-messages.ts';
import { landingProjectId, lastProject } from './last-project.ts';
import { projectSlidesPath } from './project-path.ts';

export function LandingPage() {
  const { me } = useAuth();
  const projects = useProjects();
  const canCreate = useGlobalPermissions().has('projectCreate');
  const [isCreating, setCreating] = useState(false);

  // Until the user confirms the manual the blocking dialog explains the wait; the system is not down.
  const isWaitingForManual =
    projects.error instanceof ApiError && projects.error.code === MANUAL_NOT_READ_CODE;
  if (projects.isPending || isWaitingForManual) return <PageLoading label={LANDING_MESSAGES.loading} />;
  if (projects.isError)
    return <PageMessage icon={<CloudOffOutlined />} title={LANDING_MESSAGES.unavailable} />;
  const target = landingProjectId(projects.data, me ? lastProject(me.id) : null);
  if (target) return <Navigate to={projectSlidesPath(target)} replace />;
  return (
    <>
      <PageMessage
        icon={<FolderOpenOutlined />}
        title={LANDING_MESSAGES.noProjects}
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              Create project
            </Button>
          )
        }
      />
      <CreateProjectDialog open={isCreating} onClose={() => setCreating(false)} />
    </>
  );
}
