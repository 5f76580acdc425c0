/** Page 4, Import (spec 1 §4): the import's progress (about every total/200 slides), then its summary. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { CsvImportReport } from '@tessera/contract';
import { countOf } from './PreviewStep.tsx';

export type Run =
  | { state: 'running'; done: number; total: number }
  | { state: 'finished'; report: CsvImportReport }
  | { state: 'failed'; message: string };

export function ImportStep({ run }: { run: Run }) {
  if (run.state === 'failed') return <Alert severity="error">{run.message}</Alert>;
  if (run.state === 'running') {
    const percent = run.total ? (run.done / run.total) * 100 : 0;
    return (
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {run.total
            ? `Importing: ${run.done.toLocaleString('en')} of ${run.total.toLocaleString('en')} slides`
            : 'Importing…'}
        </Typography>
        <LinearProgress
          variant={run.total ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label="Import progress"
        />
      </Box>
    );
  }
  const { report } = run;
  return (
    <Alert severity={report.incorrect ? 'warning' : 'success'}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        Import finished: {countOf(report.cells, 'value')} of {countOf(report.slides, 'slide')} changed.
      </Typography>
      <Typography variant="body2">
        {report.correct.toLocaleString('en')} of {countOf(report.lines, 'line')} imported
        {report.incorrect
          ? `; ${countOf(report.incorrect, 'line')} with errors ${report.incorrect === 1 ? 'was' : 'were'} left out.`
          : '.'}{' '}
        Undo in the table's toolbar takes the import back until the page is left or reloaded.
      </Typography>
    </Alert>
  );
}
