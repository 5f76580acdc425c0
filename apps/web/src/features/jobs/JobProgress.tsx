/**
 * A job a wizard submitted, followed to its end (spec 1 §4 wizards' last pages): a progress bar while
 * it waits or runs — it goes on when the wizard closes, and the Jobs panel follows it —, its error if it
 * failed, else what `children` makes of its result.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useProjectJob } from '../../api/jobs.ts';
import { messageOf } from '../../api/queries.ts';

interface Props {
  projectId: string;
  jobId: string;
  /** What the bar says while the job runs ('Copying slides…'). */
  runningText: string;
  children: (result: unknown) => ReactNode;
}

export function JobProgress({ projectId, jobId, runningText, children }: Props) {
  const job = useProjectJob(projectId, jobId);
  if (job.isError) return <Alert severity="error">{messageOf(job.error)}</Alert>;
  const state = job.data?.state;
  if (!job.data || state === 'queued' || state === 'running')
    return (
      <Stack spacing={1} aria-live="polite">
        <Typography>{state === 'running' ? runningText : 'Waiting for the job to start…'}</Typography>
        <LinearProgress
          variant={state === 'running' ? 'determinate' : 'indeterminate'}
          value={job.data?.progress ?? 0}
          aria-label={runningText}
        />
        <Typography variant="body2" color="text.secondary">
          The job goes on when this window is closed: the Jobs panel follows it.
        </Typography>
      </Stack>
    );
  if (state !== 'succeeded')
    return <Alert severity="error">{job.data.errorMessage ?? `The job was ${state}`}</Alert>;
  return <>{children(job.data.result)}</>;
}
