/** The header of a right-side panel (the Upload and Jobs panels): its title and a Close button. */
import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';

export function PanelHeader({ title, onClose }: { title: ReactNode; onClose: () => void }) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      <Tooltip title="Close">
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
