/**
 * Page 2, Copy Slides (spec 1 §4): the submitted job's progress, then what became of the slides — the
 * summary line and every slide that was not copied, with why. A refused submission says
 * 'Failed to submit copy slides job: {message}'.
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { slideCopy } from '@tessera/contract';
import { slideCopySummary } from '@tessera/domain';
import { useProjectJob } from '../../api/jobs.ts';
import { messageOf } from '../../api/queries.ts';

/** Slides not copied listed at most (the rest are counted). */
const LISTED = 200;

export type Submission =
  | { state: 'submitting' }
  | { state: 'submitted'; jobId: string }
  | { state: 'failed'; message: string };

interface Props {
  projectId: string;
  targetName: string;
  submission: Submission;
  /** Leaves the wizard (following the link to the target). */
  onLeave: () => void;
}

export function CopyStep({ projectId, targetName, submission, onLeave }: Props) {
  const jobId = submission.state === 'submitted' ? submission.jobId : null;
  const job = useProjectJob(projectId, jobId);
  if (submission.state === 'failed') return <Alert severity="error">{submission.message}</Alert>;
  if (job.isError) return <Alert severity="error">{messageOf(job.error)}</Alert>;
  const state = job.data?.state;
  if (!job.data || state === 'queued' || state === 'running')
    return (
      <Stack spacing={1} aria-live="polite">
        <Typography>{state === 'running' ? 'Copying slides…' : 'Submitting the copy…'}</Typography>
        <LinearProgress
          variant={state === 'running' ? 'determinate' : 'indeterminate'}
          value={job.data?.progress ?? 0}
          aria-label="Copy progress"
        />
        <Typography variant="body2" color="text.secondary">
          The copy goes on when this window is closed: the Jobs panel follows it.
        </Typography>
      </Stack>
    );
  if (state !== 'succeeded')
    return <Alert severity="error">{job.data.errorMessage ?? `The copy was ${state}`}</Alert>;
  const result = slideCopy.CopySlidesResult.safeParse(job.data.result);
  if (!result.success) return <Alert severity="error">The copy's result could not be read</Alert>;
  const notCopied = result.data.slides.filter((s) => s.outcome !== 'copied');
  const sets = result.data.slides.reduce((n, s) => n + s.annotationSets, 0);
  return (
    <Stack spacing={2}>
      <Alert severity={notCopied.some((s) => s.outcome === 'failed') ? 'warning' : 'success'}>
        {slideCopySummary(result.data.slides)}
        {sets > 0 && ` with ${sets} annotation set${sets === 1 ? '' : 's'}`}
      </Alert>
      <Link component={RouterLink} to={`/projects/${result.data.targetProjectId}/slides`} onClick={onLeave}>
        {`Open ${targetName}`}
      </Link>
      {notCopied.length > 0 && (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label="Slides not copied">
            <TableHead>
              <TableRow>
                <TableCell>Slide</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>Why</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {notCopied.slice(0, LISTED).map((s) => (
                <TableRow key={s.slideId}>
                  <TableCell>{s.fileName || s.slideId}</TableCell>
                  <TableCell>{s.outcome === 'skipped' ? 'Already there' : 'Failed'}</TableCell>
                  <TableCell>{s.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {notCopied.length > LISTED && (
        <Typography variant="body2" color="text.secondary">
          {`…and ${notCopied.length - LISTED} more: the job's log in the Jobs panel lists them all.`}
        </Typography>
      )}
    </Stack>
  );
}
