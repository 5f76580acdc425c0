/**
 * /projects/{projectId}/slides: the project's home. It shows the project and its slides as thumbnails,
 * or says that it holds none; the slide metadata table (its own issue) replaces the gallery.
 */
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import { EmptyState } from '../shell/EmptyState.tsx';
import { useCurrentProject } from './current-project.tsx';
import { SlideGallery } from '../slides/SlideGallery.tsx';
import { ProjectHeader, slideCountLabel } from './ProjectHeader.tsx';

export function ProjectSlidesPage() {
  const { project } = useCurrentProject();
  return (
    <>
      <ProjectHeader
        project={project}
        actions={
          <Button
            component={RouterLink}
            to={`/projects/${project.id}/settings#general`}
            startIcon={<SettingsOutlined />}
            variant="outlined"
          >
            Settings
          </Button>
        }
      />
      <Paper variant="outlined">
        {project.slideCount === 0 ? (
          <EmptyState
            icon={<PhotoLibraryOutlined />}
            title="No slides in this project yet"
            description={`${slideCountLabel(project.slideCount)} in ${project.name}.`}
          />
        ) : (
          <SlideGallery projectId={project.id} />
        )}
      </Paper>
    </>
  );
}
