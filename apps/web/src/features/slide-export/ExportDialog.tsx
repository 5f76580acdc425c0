/**
 * An export (spec 1 §4 export stages: prompt, then in progress): the prompt says what the file will
 * hold and warns when filters narrow it; the progress reads '{n} of {total} (x failed, y skipped)'
 * while the file streams in, and the browser saves it when it is whole.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EXPORT_MESSAGES, exportStatusText } from '@tessera/domain';
import type { ExportRequest } from '@tessera/contract';
import {
  downloadExport,
  ExportBrokenError,
  saveBlob,
  type ExportFormat,
  type ExportProgress,
} from '../../api/slide-export.ts';
import { messageOf } from '../../api/queries.ts';

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  'metadata-csv': 'Metadata CSV',
  'ido-csv': 'IDO CSV',
  'pyportal-config': 'pyportal config',
};

type Stage =
  | { name: 'prompt' }
  | { name: 'inProgress'; progress: ExportProgress | null }
  | { name: 'done'; progress: ExportProgress; error: string | null };

interface Props {
  projectId: string;
  format: ExportFormat;
  fileName: string;
  request: ExportRequest;
  /** Slides the table shows now, and whether filters or the search narrow them. */
  slideCount: number;
  hasFilters: boolean;
  onClose: () => void;
}

export function ExportDialog({
  projectId,
  format,
  fileName,
  request,
  slideCount,
  hasFilters,
  onClose,
}: Props) {
  const [stage, setStage] = useState<Stage>({ name: 'prompt' });
  const [abort] = useState(() => new AbortController());

  const start = async () => {
    setStage({ name: 'inProgress', progress: null });
    let last: ExportProgress = { done: 0, total: slideCount, skipped: 0 };
    try {
      const blob = await downloadExport(
        projectId,
        format,
        request,
        (p) => setStage({ name: 'inProgress', progress: (last = p) }),
        abort.signal,
      );
      saveBlob(blob, fileName);
      setStage({ name: 'done', progress: last, error: null });
    } catch (error) {
      if (abort.signal.aborted) return;
      const progress = error instanceof ExportBrokenError ? error.progress : last;
      setStage({
        name: 'done',
        progress,
        error: error instanceof ExportBrokenError ? error.message : messageOf(error),
      });
    }
  };

  const close = () => {
    abort.abort();
    onClose();
  };
  const statusOf = (p: ExportProgress, isFinished: boolean) =>
    exportStatusText(p.done, p.total, isFinished ? Math.max(0, p.total - p.skipped - p.done) : 0, p.skipped);

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="export-title">
      <DialogTitle id="export-title">Export {EXPORT_LABELS[format]}</DialogTitle>
      <DialogContent>
        {stage.name === 'prompt' && (
          <>
            <DialogContentText>
              {format === 'metadata-csv'
                ? `${fileName} will hold the ${slideCount.toLocaleString('en')} slides of the table, with its visible columns.`
                : // The IDO CSV and the pyportal config list image files: slides holding metadata only are skipped.
                  `${fileName} will list those of the ${slideCount.toLocaleString('en')} slides of the table whose image file is stored; slides holding metadata only are skipped.`}
            </DialogContentText>
            {hasFilters && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {EXPORT_MESSAGES.filtersActive(slideCount)}
              </Alert>
            )}
          </>
        )}
        {stage.name === 'inProgress' && (
          <>
            <LinearProgress
              variant={stage.progress?.total ? 'determinate' : 'indeterminate'}
              value={
                stage.progress?.total
                  ? ((stage.progress.done + stage.progress.skipped) / stage.progress.total) * 100
                  : 0
              }
              aria-label="Export progress"
            />
            <Typography variant="body2" sx={{ mt: 1 }} role="status">
              {stage.progress ? statusOf(stage.progress, false) : 'Starting…'}
            </Typography>
          </>
        )}
        {stage.name === 'done' && (
          <>
            <Typography variant="body2" role="status">
              {statusOf(stage.progress, true)}
            </Typography>
            {stage.error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {stage.error}
              </Alert>
            ) : (
              <Alert severity="success" sx={{ mt: 2 }}>
                {fileName} was downloaded.
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {stage.name === 'prompt' ? (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="contained" onClick={() => void start()}>
              Export
            </Button>
          </>
        ) : (
          <Button onClick={close}>{stage.name === 'done' ? 'Close' : 'Cancel'}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
