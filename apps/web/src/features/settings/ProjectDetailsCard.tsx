/** Facts about the project that are not settings: its id (for API users), slide count and creation date. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { Project } from '@tessera/contract';
import { projectRoleLabel, slideCountLabel } from '../projects/index.ts';

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={
          mono
            ? {
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                fontSize: 12.5,
                wordBreak: 'break-all',
              }
            : undefined
        }
      >
        {value}
      </Typography>
    </Box>
  );
}

export function ProjectDetailsCard({ project }: { project: Project }) {
  return (
    <Card>
      <CardContent sx={{ pb: '16px !important' }}>
        <Typography variant="subtitle2" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <InfoOutlined fontSize="small" color="primary" />
          Details
        </Typography>
        <Fact label="Your role" value={projectRoleLabel(project.role)} />
        <Fact label="Slides" value={slideCountLabel(project.slideCount)} />
        <Fact
          label="Created"
          value={new Date(project.createdAt).toLocaleDateString('en-GB', {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
          })}
        />
        <Fact label="Project ID" value={project.id} mono />
      </CardContent>
    </Card>
  );
}
