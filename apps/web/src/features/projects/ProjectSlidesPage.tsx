/**
 * /projects/{projectId}/slides: the slide metadata table and, in its second tab, the QC slide metadata
 * table (spec 1 §2). A project change mounts the page anew, so filters start empty (spec 1 §4).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useCurrentProject } from './current-project.tsx';
import { ProjectHeader } from './ProjectHeader.tsx';
import { SlideTable } from '../slides/index.ts';
import type { SlideTableId } from '../../api/slide-table.ts';

export function ProjectSlidesPage() {
  const { project, permissions } = useCurrentProject();
  const [tab, setTab] = useState<SlideTableId>('slideMetadataView');
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
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          height: 'calc(100vh - 210px)',
          minHeight: 420,
          overflow: 'hidden',
        }}
      >
        <Tabs
          value={tab}
          onChange={(_, v: SlideTableId) => setTab(v)}
          aria-label="Slide tables"
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          <Tab value="slideMetadataView" label="Slide metadata" />
          <Tab value="qcSlideMetadataView" label="QC" />
        </Tabs>
        <SlideTable key={`${project.id}:${tab}`} project={project} permissions={permissions} tableId={tab} />
      </Paper>
    </>
  );
}
