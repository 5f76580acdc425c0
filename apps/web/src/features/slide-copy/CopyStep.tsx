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
import { slideCopy } from '@tessera/contract';
import { slideCopySummary } from '@tessera/domain';
import { JobProgress, SlideOutcomes } from '../jobs/index.ts';

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
  if (submission.state === 'failed') return <Alert severity="error">{submission.message}</Alert>;
  if (submission.state === 'submitting') return <LinearProgress aria-label="Submitting the copy" />;
  return (
    <JobProgress projectId={projectId} jobId={submission.jobId} runningText="Copying slides…">
      {(answer) => <CopyResult answer={answer} targetName={targetName} onLeave={onLeave} />}
    </JobProgress>
  );
}

function CopyResult({
  answer,
  targetName,
  onLeave,
}: {
  answer: unknown;
  targetName: string;
  onLeave: () => void;
}) {
  const result = slideCopy.CopySlidesResult.safeParse(answer);
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
      <SlideOutcomes
        label="Slides not copied"
        rows={notCopied.map((s) => ({
          slideId: s.slideId,
          name: s.fileName || s.slideId,
          outcome: s.outcome === 'skipped' ? 'Already there' : 'Failed',
          reason: s.reason,
        }))}
      />
    </Stack>
  );
}
