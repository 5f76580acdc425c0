/** The File Name cell: the name, and a link to view the slide. */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { Row } from '../../grid/types.ts';
import { viewerPath } from '../projects/index.ts';

export function FileNameCell({ projectId, row }: { projectId: string; row: Row }) {
  const slideId = String(row.slideId ?? row.id);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, gap: 0.5, width: '100%' }}>
      <Box
        component="span"
        title={String(row.fileName)}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 }}
      >
        {String(row.fileName)}
      </Box>
      <IconButton
        size="small"
        component={RouterLink}
        to={viewerPath(projectId, slideId)}
        aria-label={`View slide ${String(row.fileName)}`}
        sx={{ p: 0.25 }}
        onMouseDown={(e: React.MouseEvent) => e.stopPropagation()}
      >
        <OpenInNew sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );
}
