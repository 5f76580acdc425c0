/** One project on the dashboard: name, summary, the user's role and the slide count. */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import type { Project } from '@tessera/contract';
import { projectRoleLabel, projectSlidesPath, slideCountLabel } from '../projects/index.ts';

export function ProjectCard({ project }: { project: Project }) {
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': { borderColor: 'primary.light', boxShadow: 2 },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={projectSlidesPath(project.id)}
        sx={{
          height: '100%',
          p: 2.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            noWrap
            sx={{ flex: 1, minWidth: 0 }}
            title={project.name}
          >
            {project.name}
          </Typography>
          {project.isHome && <HomeOutlined fontSize="small" color="action" titleAccess="Home project" />}
        </Stack>
        <Typography
          variant="body2"
          color={project.summary ? 'text.secondary' : 'text.disabled'}
          sx={{
            flex: 1,
            minHeight: 60,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {project.summary || 'No summary'}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <Chip size="small" label={projectRoleLabel(project.role)} color="primary" variant="outlined" />
          <Box sx={{ flex: 1 }} />
          <PhotoLibraryOutlined sx={{ fontSize: 18, color: 'text.secondary' }} />
          <Typography variant="body2" color="text.secondary">
            {slideCountLabel(project.slideCount)}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
