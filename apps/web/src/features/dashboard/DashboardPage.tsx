/** /dashboard (spec 1 §2): the user's projects as cards, with search and the create-project action. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { useProjects } from '../../api/projects.ts';
import { messageOf } from '../../api/queries.ts';
import { useAuth } from '../../app/auth.tsx';
import { useGlobalPermissions } from '../../app/permissions.ts';
import {
  CreateProjectDialog,
  filterProjects,
  LANDING_MESSAGES,
  PROJECT_LIST_MESSAGES,
} from '../projects/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { ProjectCard } from './ProjectCard.tsx';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
} as const;

export function DashboardPage() {
  const { me } = useAuth();
  const projects = useProjects();
  const canCreate = useGlobalPermissions().has('projectCreate');
  const [isCreating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const filtered = filterProjects(projects.data ?? [], 'all', search);
  const hasProjects = (projects.data?.length ?? 0) > 0;

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'flex-end' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1">
            {me ? `Welcome, ${me.username}` : 'Dashboard'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {projects.data
              ? `You have access to ${projects.data.length} ${projects.data.length === 1 ? 'project' : 'projects'}.`
              : 'Your projects'}
          </Typography>
        </Box>
        {hasProjects && (
          <SearchField
            label="Search projects"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ width: { xs: '100%', sm: 280 }, bgcolor: 'background.paper' }}
          />
        )}
        {canCreate && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            Create project
          </Button>
        )}
      </Box>

      {projects.isPending ? (
        <Box sx={GRID} aria-label={LANDING_MESSAGES.loading}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={168} />
          ))}
        </Box>
      ) : projects.isError ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<CloudOffOutlined />}
            title={`Projects load failed: ${messageOf(projects.error)}`}
          />
        </Paper>
      ) : filtered.emptyText ? (
        <Paper variant="outlined">
          {hasProjects ? (
            <EmptyState icon={<SearchOffOutlined />} title={PROJECT_LIST_MESSAGES.noMatch} />
          ) : (
            <EmptyState
              icon={<FolderOpenOutlined />}
              title={PROJECT_LIST_MESSAGES.none}
              description={LANDING_MESSAGES.noProjects}
            />
          )}
        </Paper>
      ) : (
        <Box sx={GRID}>
          {filtered.projects.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </Box>
      )}
      <CreateProjectDialog open={isCreating} onClose={() => setCreating(false)} />
    </>
  );
}
