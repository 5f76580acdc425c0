/**
 * The navigation bar (spec 1 §2): logo, project selector, Browse menu (slidesBrowse), Create project
 * (projectCreate), the Jobs button with its panel (jobsManage), the upload button with its panel
 * (slideUpload), help menu and account menu.
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { useProject, useProjects } from '../../api/projects.ts';
import { useGlobalPermissions } from '../../app/permissions.ts';
import { CreateProjectDialog, projectIdOfPath, projectSlidesPath } from '../projects/index.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { BrowseMenu } from './BrowseMenu.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import { LogoMark } from '../../ui/Logo.tsx';
import { ProjectSelector } from './ProjectSelector.tsx';
import { JobsButton } from '../jobs/index.ts';
import { UploadButton } from '../uploads/index.ts';

export function Navbar() {
  const { pathname } = useLocation();
  const projects = useProjects();
  const permissions = useGlobalPermissions();
  const [isCreating, setCreating] = useState(false);
  const projectId = projectIdOfPath(pathname);
  // The project page loads the project itself; this reads the same cache entry.
  const routeProject = useProject(projectId ?? undefined).data;
  const current = routeProject ?? projects.data?.find((p) => p.id === projectId);
  const home = current ? projectSlidesPath(current.id) : '/dashboard';

  return (
    <AppBar position="sticky" elevation={0} sx={{ borderBottom: '1px solid rgba(0,0,0,0.12)' }}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1.5 }, px: { xs: 1, sm: 3 }, minHeight: { xs: 60, sm: 64 } }}>
        <Box
          component={RouterLink}
          to={home}
          aria-label={current ? `Tessera: ${current.name} slides` : 'Tessera: dashboard'}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'inherit',
            textDecoration: 'none',
            borderRadius: 1,
            pr: 1,
          }}
        >
          <LogoMark />
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 700, letterSpacing: '-0.01em', display: { xs: 'none', sm: 'block' } }}
          >
            Tessera
          </Typography>
        </Box>
        <Box
          sx={{
            width: '1px',
            alignSelf: 'stretch',
            my: 2,
            bgcolor: 'rgba(255,255,255,0.2)',
            display: { xs: 'none', sm: 'block' },
          }}
        />
        <ProjectSelector projects={projects.data} current={current} />
        <Tooltip title="Dashboard">
          <IconButton component={RouterLink} to="/dashboard" color="inherit" aria-label="Dashboard">
            <DashboardOutlined />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        {permissions.has('slidesBrowse') && (
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <BrowseMenu />
          </Box>
        )}
        {permissions.has('projectCreate') && (
          <Tooltip title="Create project">
            <IconButton
              color="inherit"
              aria-label="Create project"
              onClick={() => setCreating(true)}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <AddOutlined />
            </IconButton>
          </Tooltip>
        )}
        {permissions.has('projectCreate') && (
          <Button
            color="inherit"
            startIcon={<AddOutlined />}
            onClick={() => setCreating(true)}
            sx={{
              display: { xs: 'none', md: 'inline-flex' },
              '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' },
            }}
          >
            Create project
          </Button>
        )}
        {permissions.has('jobsManage') && <JobsButton />}
        <UploadButton project={current} />
        <HelpMenu />
        <AccountMenu />
      </Toolbar>
      <CreateProjectDialog open={isCreating} onClose={() => setCreating(false)} />
    </AppBar>
  );
}
