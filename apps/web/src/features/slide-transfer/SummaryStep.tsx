/**
 * Page 2, Summary (spec 1 §4): the notice that transfers may take up to 15 minutes to appear on the
 * server, then each submitted job — one per kind chosen — followed to what it wrote, with the slides it
 * did not write and why. A refused submission says 'Failed to submit job: {message}'.
 */
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { transfers } from '@tessera/contract';
import { TRANSFER_TEXTS, transferSummary, type TransferType } from '@tessera/domain';
import { JobProgress, SlideOutcomes } from '../jobs/index.ts';

export type TransferSubmission =
  | { type: TransferType; state: 'submitting' }
  | { type: TransferType; state: 'submitted'; jobId: string; displayPath: string }
  | { type: TransferType; state: 'failed'; message: string };

export function SummaryStep({
  projectId,
  submissions,
}: {
  projectId: string;
  submissions: TransferSubmission[];
}) {
  return (
    <Stack spacing={3}>
      <Alert severity="info">{TRANSFER_TEXTS.notice}</Alert>
      {submissions.map((s) => (
        <Stack key={s.type} spacing={1}>
          <Typography variant="subtitle2">{TRANSFER_TEXTS.typeLabels[s.type]}</Typography>
          {s.state === 'submitting' && <LinearProgress aria-label="Submitting the transfer" />}
          {s.state === 'failed' && <Alert severity="error">{s.message}</Alert>}
          {s.state === 'submitted' && (
            <JobProgress projectId={projectId} jobId={s.jobId} runningText={`Writing into ${s.displayPath}…`}>
              {(answer) => <TransferOutcome answer={answer} />}
            </JobProgress>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function TransferOutcome({ answer }: { answer: unknown }) {
  const result = transfers.TransferResult.safeParse(answer);
  if (!result.success) return <Alert severity="error">The transfer's result could not be read</Alert>;
  const { type, displayPath, slides } = result.data;
  const notWritten = slides.filter((s) => s.outcome !== 'written');
  return (
    <Stack spacing={1}>
      <Alert severity={notWritten.some((s) => s.outcome === 'failed') ? 'warning' : 'success'}>
        {`${transferSummary(type, slides)} into ${displayPath}`}
      </Alert>
      <SlideOutcomes
        label={`Slides not written (${TRANSFER_TEXTS.typeLabels[type]})`}
        rows={notWritten.map((s) => ({
          slideId: s.slideId,
          name: s.fileName || s.slideId,
          outcome: s.outcome === 'skipped' ? 'Already there' : 'Failed',
          reason: s.reason,
        }))}
      />
    </Stack>
  );
}
