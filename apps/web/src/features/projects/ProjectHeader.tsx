/** The title block of a project page: name, summary, the user's role and the slide count. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import type { Project } from '@tessera/contract';
import { projectRoleLabel } from './role-label.ts';

export const slideCountLabel = (count: number): string =>
  `${count.toLocaleString('en')} ${count === 1 ? 'slide' : 'slides'}`;

export function ProjectHeader({
  project,
  title,
  actions,
}: {
  project: Project;
  title?: string;
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', md: 'center' },
        gap: 2,
        flexDirection: { xs: 'column', md: 'row' },
        mb: 3,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {title && (
          <Typography variant="overline" color="text.secondary" component="p">
            {project.name}
          </Typography>
        )}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" noWrap sx={{ minWidth: 0 }}>
            {title ?? project.name}
          </Typography>
          <Chip size="small" label={projectRoleLabel(project.role)} color="primary" variant="outlined" />
          {project.isHome && (
            <Chip size="small" icon={<HomeOutlined />} label="Home project" variant="outlined" />
          )}
          <Typography variant="body2" color="text.secondary">
            {slideCountLabel(project.slideCount)}
          </Typography>
        </Stack>
        {!title && project.summary && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.75, maxWidth: 880, whiteSpace: 'pre-line' }}
          >
            {project.summary}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      )}
    </Box>
  );
}
