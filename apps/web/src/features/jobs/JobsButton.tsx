/** The navigation bar's Jobs button (spec 1 §2: jobsManage) and the panel it opens. */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import { JobsPanel } from './JobsPanel.tsx';

export function JobsButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Jobs">
        <IconButton color="inherit" aria-label="Jobs" onClick={() => setOpen(true)}>
          <WorkHistoryOutlined />
        </IconButton>
      </Tooltip>
      <JobsPanel open={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
