/**
 * The project selector (spec 1 §2): 'Projects' or 'Home Projects', a 'Search projects' box that
 * settles after 500 ms, rows of 52 px. Picking a project keeps the rest of the current path.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import type { Project } from '@tessera/contract';
import {
  filterProjects,
  PROJECT_LIST_MESSAGES,
  type ProjectFilter,
  projectRoleLabel,
} from '../projects/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoading } from '../../ui/PageMessage.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';

export const PROJECT_SEARCH_DEBOUNCE_MS = 500;
export const PROJECT_ROW_HEIGHT = 52;

interface Props {
  open: boolean;
  onClose: () => void;
  projects: readonly Project[] | undefined;
  currentProjectId: string | null;
  onPick: (project: Project) => void;
}

export function ProjectSelectorDialog({ open, onClose, projects, currentProjectId, onPick }: Props) {
  const [filter, setFilter] = useState<ProjectFilter>('all');
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, PROJECT_SEARCH_DEBOUNCE_MS);
  const shown = filterProjects(projects ?? [], filter, settledSearch);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: { onExited: () => setSearch('') },
        paper: { sx: { minHeight: 'min(360px, 85vh)', maxHeight: 'min(640px, 85vh)' } },
      }}
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>Select project</Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end" size="small">
          <CloseOutlined fontSize="small" />
        </IconButton>
      </DialogTitle>
      <Box sx={{ px: 3, pb: 2, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_, value: ProjectFilter | null) => value && setFilter(value)}
          aria-label="Project filter"
        >
          <ToggleButton value="all" sx={{ px: 2, textTransform: 'none' }}>
            Projects
          </ToggleButton>
          <ToggleButton value="home" sx={{ px: 2, textTransform: 'none' }}>
            Home Projects
          </ToggleButton>
        </ToggleButtonGroup>
        <SearchField
          label="Search projects"
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            // Enter opens the single best match, so keyboard users can switch with: type, Enter.
            if (e.key !== 'Enter') return;
            // Without this the Enter's keypress lands on the selector button, focused again as the
            // dialog closes, and opens the dialog once more.
            e.preventDefault();
            const best = filterProjects(projects ?? [], filter, search).projects[0];
            if (best) onPick(best);
          }}
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Box>
      <DialogContent dividers sx={{ p: 0 }}>
        {!projects ? (
          <PageLoading label="Loading projects" />
        ) : shown.emptyText ? (
          <EmptyState
            dense
            icon={
              shown.emptyText === PROJECT_LIST_MESSAGES.noMatch ? (
                <SearchOffOutlined />
              ) : (
                <FolderOpenOutlined />
              )
            }
            title={shown.emptyText}
          />
        ) : (
          <List disablePadding aria-label="Projects">
            {shown.projects.map((p) => (
              <ListItemButton
                key={p.id}
                selected={p.id === currentProjectId}
                onClick={() => onPick(p)}
                sx={{ height: PROJECT_ROW_HEIGHT, px: 3, gap: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <ListItemText
                  primary={p.name}
                  slotProps={{
                    primary: { noWrap: true, sx: { fontWeight: p.id === currentProjectId ? 600 : 500 } },
                  }}
                  sx={{ minWidth: 0 }}
                />
                {p.isHome && <HomeOutlined fontSize="small" color="action" titleAccess="Home project" />}
                <Chip size="small" label={projectRoleLabel(p.role)} variant="outlined" />
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ width: 64, textAlign: 'right', flex: 'none' }}
                >
                  {p.slideCount.toLocaleString('en')} {p.slideCount === 1 ? 'slide' : 'slides'}
                </Typography>
                <CheckOutlined
                  fontSize="small"
                  color="primary"
                  sx={{ visibility: p.id === currentProjectId ? 'visible' : 'hidden' }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
