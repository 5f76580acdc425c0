/**
 * Page 3, Preview (spec 1 §4, §5): the first 10 rows as they will be imported, the server's check of
 * every line (its messages), and the import options. 'Allow import of correct values' is offered only
 * when some lines are bad but not all; while it is off (strict, the default) a file with a bad line is
 * not imported.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MAX_REPORTED_MESSAGES, type CsvImportReport } from '@tessera/contract';
import {
  canStartImport,
  CSV_IMPORT_OPTIONS,
  offersPartialImport,
  type CsvMappingRow,
  type CsvRecord,
  type FieldDescriptor,
} from '@tessera/domain';
import type { ImportOptions } from './import-request.ts';

export type Check =
  | { state: 'checking'; lines: number }
  | { state: 'checked'; report: CsvImportReport }
  | { state: 'failed'; message: string };

/** '1 line', '3 lines', '1,200 values': the wizard's counts, in the singular where there is one. */
export const countOf = (n: number, noun: string): string =>
  `${n.toLocaleString('en')} ${n === 1 ? noun : `${noun}s`}`;

/** Whether the preview lets the import start (the wizard's Next, labelled Start Import). */
export const isImportAllowed = (check: Check | null, options: ImportOptions): boolean =>
  check?.state === 'checked' &&
  canStartImport(check.report.lines, check.report.incorrect, options.allowCorrectValues);

interface Props {
  fields: readonly FieldDescriptor[];
  mapping: readonly CsvMappingRow[];
  preview: readonly CsvRecord[];
  check: Check | null;
  options: ImportOptions;
  onOptionsChange: (options: ImportOptions) => void;
}

export function PreviewStep({ fields, mapping, preview, check, options, onOptionsChange }: Props) {
  const columns = mapping.filter((m) => m.import && m.slideField);
  const headerOf = (name: string) => fields.find((f) => f.fieldName === name)?.headerName ?? name;
  const report = check?.state === 'checked' ? check.report : null;
  const isMixed = !!report && offersPartialImport(report.lines, report.incorrect);
  return (
    <>
      <TableContainer sx={{ maxHeight: 260, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Preview of the first rows">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              {columns.map((c) => (
                <TableCell key={c.fieldNumber} sx={{ whiteSpace: 'nowrap' }}>
                  {headerOf(c.slideField!)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.map((r) => (
              <TableRow key={r.line}>
                <TableCell sx={{ color: 'text.secondary' }}>{r.line}</TableCell>
                {columns.map((c) => (
                  <TableCell
                    key={c.fieldNumber}
                    title={r.cells[c.fieldNumber] ?? ''}
                    sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {r.cells[c.fieldNumber] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      {check?.state === 'checking' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={18} aria-label="Checking the file" />
          {/* The first check starts before the file's lines are counted. */}
          <Typography variant="body2">
            {check.lines ? `Checking ${countOf(check.lines, 'line')}…` : 'Checking the file…'}
          </Typography>
        </Box>
      )}
      {check?.state === 'failed' && <Alert severity="error">{check.message}</Alert>}
      {report && <CheckSummary report={report} isStrict={!options.allowCorrectValues} />}

      <Box sx={{ display: 'flex', flexDirection: 'column', mt: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={options.overwrite}
              onChange={(e) => onOptionsChange({ ...options, overwrite: e.target.checked })}
              disabled={check?.state === 'checking'}
            />
          }
          label={CSV_IMPORT_OPTIONS.overwrite.label}
        />
        {isMixed && (
          <FormControlLabel
            control={
              <Checkbox
                checked={options.allowCorrectValues}
                onChange={(e) => onOptionsChange({ ...options, allowCorrectValues: e.target.checked })}
              />
            }
            label={CSV_IMPORT_OPTIONS.allowCorrectValues.label}
          />
        )}
      </Box>
    </>
  );
}

function CheckSummary({ report, isStrict }: { report: CsvImportReport; isStrict: boolean }) {
  const severity =
    report.incorrect === 0 ? 'success' : report.correct === 0 || isStrict ? 'error' : 'warning';
  const verdict =
    report.correct === 0
      ? 'No line can be imported.'
      : report.incorrect === 0
        ? `${countOf(report.cells, 'value')} of ${countOf(report.slides, 'slide')} will change.`
        : isStrict
          ? `The import is refused while lines hold errors: correct the file, or allow import of correct values.`
          : `The ${countOf(report.correct, 'correct line')} will be imported: ${countOf(report.cells, 'value')} of ${countOf(report.slides, 'slide')}.`;
  return (
    <Alert severity={severity} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {countOf(report.lines, 'line')}: {report.correct.toLocaleString('en')} correct,{' '}
        {report.incorrect.toLocaleString('en')} with errors. {verdict}
      </Typography>
      {report.messages.length > 0 && (
        <Box
          component="ul"
          aria-label="Line messages"
          sx={{ m: 0, mt: 1, pl: 2, maxHeight: 150, overflow: 'auto', fontSize: 13 }}
        >
          {report.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
          {report.messages.length >= MAX_REPORTED_MESSAGES && (
            <li>… (the first {MAX_REPORTED_MESSAGES} messages are shown)</li>
          )}
        </Box>
      )}
    </Alert>
  );
}
