/**
 * The Jobs panel (spec 1 §2, §3): three quarters of the window from the right, titled 'The table below
 * shows all your background jobs and their status', the grid of the caller's jobs — Job, Input, Output,
 * Project, Progress, State, Created, Error Message, Details — polled while open, so progress moves.
 * Details opens a job's output log, its file when it wrote one, and Cancel while it has not ended.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import type { jobs } from '@tessera/contract';
import { JOBS_GRID_COLUMNS, JOBS_PANEL_TEXTS } from '@tessera/domain';
import { useMyJobs } from '../../api/jobs.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PanelHeader } from '../../ui/PanelHeader.tsx';
import { JobDetailsDialog } from './JobDetailsDialog.tsx';
import { JobStateChip } from './JobStateChip.tsx';

/** Shares of the panel's width, column by column: the grid fits the panel, long texts wrap. */
const COLUMN_WIDTHS = ['10%', '15%', '10%', '11%', '10%', '14%', '11%', '12%', '7%'];

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en', { dateStyle: 'short', timeStyle: 'short' });

export function JobsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const list = useMyJobs(open);
  const [detailsOf, setDetailsOf] = useState<jobs.PanelJob | null>(null);
  const rows = list.data ?? [];
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100vw', md: '75vw' } } } }}
    >
      <Box role="region" aria-label="Jobs" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <PanelHeader title={JOBS_PANEL_TEXTS.title} onClose={onClose} />
        <Box sx={{ flex: 1, overflow: 'auto' }}>
          {list.isPending ? (
            <LinearProgress aria-label="Loading jobs" />
          ) : list.isError ? (
            <Typography color="error" sx={{ p: 2 }}>
              {list.error.message}
            </Typography>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<WorkHistoryOutlined />}
              title={JOBS_PANEL_TEXTS.empty}
              description={JOBS_PANEL_TEXTS.emptyHint}
            />
          ) : (
            <Table size="small" stickyHeader aria-label="Background jobs" sx={{ tableLayout: 'fixed' }}>
              <colgroup>
                {COLUMN_WIDTHS.map((width, i) => (
                  <col key={JOBS_GRID_COLUMNS[i]} style={{ width }} />
                ))}
              </colgroup>
              <TableHead>
                <TableRow>
                  {JOBS_GRID_COLUMNS.map((c) => (
                    <TableCell key={c}>{c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((job) => (
                  <TableRow key={job.id} hover data-testid="job-row">
                    <TableCell sx={{ fontWeight: 500 }}>{job.jobName}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{job.inputDescription}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{job.outputDescription}</TableCell>
                    <TableCell>{job.projectName ?? ''}</TableCell>
                    <TableCell>
                      <Stack direction="row" alignItems="center" spacing={1}>
                        <LinearProgress
                          variant="determinate"
                          value={job.progress}
                          sx={{ flex: 1 }}
                          aria-label={`${job.jobName} progress`}
                        />
                        <Typography variant="caption">{Math.round(job.progress)}%</Typography>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <JobStateChip state={job.state} />
                    </TableCell>
                    <TableCell>{dateTime(job.createdAt)}</TableCell>
                    <TableCell sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
                      {job.errorMessage ?? ''}
                    </TableCell>
                    <TableCell padding="checkbox">
                      <Tooltip title="Details">
                        <IconButton
                          aria-label={`Details of ${job.jobName}`}
                          onClick={() => setDetailsOf(job)}
                        >
                          <InfoOutlined />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      </Box>
      <JobDetailsDialog job={detailsOf} onClose={() => setDetailsOf(null)} />
    </Drawer>
  );
}
