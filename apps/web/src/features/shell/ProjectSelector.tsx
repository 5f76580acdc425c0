/** The navbar button that names the current project and opens the project selector. */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import UnfoldMoreOutlined from '@mui/icons-material/UnfoldMoreOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import type { Project } from '@tessera/contract';
import { switchProjectPath } from '../projects/index.ts';
import { ProjectSelectorDialog } from './ProjectSelectorDialog.tsx';

interface Props {
  projects: readonly Project[] | undefined;
  current: Project | undefined;
}

export function ProjectSelector({ projects, current }: Props) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const pick = (project: Project) => {
    setOpen(false);
    navigate(switchProjectPath(location, project.id));
  };
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        color="inherit"
        aria-haspopup="dialog"
        aria-label={current ? `Project: ${current.name}. Change project` : 'Select project'}
        startIcon={<FolderOutlined />}
        endIcon={<UnfoldMoreOutlined />}
        sx={{
          bgcolor: 'rgba(255,255,255,0.1)',
          border: '1px solid rgba(255,255,255,0.18)',
          px: 1.5,
          minWidth: 0,
          maxWidth: { xs: 150, sm: 320 },
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          fontWeight: 500,
          '&:hover': { bgcolor: 'rgba(255,255,255,0.18)' },
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current?.name ?? 'Select project'}
        </Box>
      </Button>
      <ProjectSelectorDialog
        open={open}
        onClose={() => setOpen(false)}
        projects={projects}
        currentProjectId={current?.id ?? null}
        onPick={pick}
      />
    </>
  );
}
