/**
 * A job's details from the Jobs panel: its output log (spec 1 §7, polled while open), the file it wrote
 * when there is one, and Cancel while it is queued or running (its creator's; the server checks).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { jobs } from '@tessera/contract';
import { JOBS_PANEL_TEXTS } from '@tessera/domain';
import { downloadJobFile, useCancelJob, useJobLog } from '../../api/jobs.ts';
import { useNotify } from '../../app/notify.tsx';
import { JobStateChip } from './JobStateChip.tsx';

export function JobDetailsDialog({ job, onClose }: { job: jobs.PanelJob | null; onClose: () => void }) {
  const log = useJobLog(job?.id ?? null);
  const cancel = useCancelJob();
  const notify = useNotify();
  if (!job) return null;
  const lines = log.data?.lines ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {job.jobName}
        <JobStateChip state={job.state} />
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {[job.inputDescription, job.projectName].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Output log
        </Typography>
        <Typography
          component="pre"
          aria-label="Output log"
          sx={{
            fontFamily: 'monospace',
            fontSize: 13,
            bgcolor: 'grey.100',
            p: 1.5,
            borderRadius: 1,
            maxHeight: 320,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
          }}
        >
          {lines.length
            ? lines.map((l) => `${l.at.slice(11, 19)}  ${l.line}`).join('\n')
            : 'Nothing logged yet.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        {job.artifactsUrl && (
          <Button
            onClick={() =>
              void downloadJobFile(job.artifactsUrl!, job.outputDescription || 'download').catch((e: Error) =>
                notify(e.message, 'error'),
              )
            }
          >
            Download file
          </Button>
        )}
        {job.isCancellable && (
          <Button
            color="error"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(job.id, {
                onSuccess: onClose,
                onError: (e) => notify(JOBS_PANEL_TEXTS.cancelFailed(e.message), 'error'),
              })
            }
          >
            Cancel job
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
