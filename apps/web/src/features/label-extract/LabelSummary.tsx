/**
 * The Summary (spec 1 §4; issue #15 point 5): per slide, what was read — its codes and text — what the
 * patterns proposed, what was written, and why not where nothing was.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { labelExtract } from '@tessera/contract';
import { LABEL_FIELDS } from '@tessera/domain';

const LISTED = 500;

export function LabelSummary({ answer }: { answer: unknown }) {
  const result = labelExtract.LabelExtractResult.safeParse(answer);
  if (!result.success) return <Alert severity="error">The extraction's result could not be read</Alert>;
  const { slides } = result.data;
  const filled = slides.filter((s) => Object.keys(s.written).length > 0).length;
  return (
    <Stack spacing={2}>
      <Alert severity="success">{`Read ${slides.length} label${slides.length === 1 ? '' : 's'}; filled ${filled} slide${filled === 1 ? '' : 's'}`}</Alert>
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Labels read">
          <TableHead>
            <TableRow>
              <TableCell>Slide</TableCell>
              <TableCell>Read</TableCell>
              <TableCell>Study ID</TableCell>
              <TableCell>Block ID</TableCell>
              <TableCell>Note</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {slides.slice(0, LISTED).map((s) => (
              <TableRow key={s.slideId}>
                <TableCell>{s.fileName || s.slideId}</TableCell>
                <TableCell sx={{ maxWidth: 220, whiteSpace: 'pre-line', fontSize: 12 }}>
                  {[...s.codes.map((c) => `▮ ${c}`), s.text].filter(Boolean).join('\n')}
                </TableCell>
                {LABEL_FIELDS.map((field) => (
                  <TableCell key={field}>
                    {s.written[field] ? (
                      <strong>{s.written[field]}</strong>
                    ) : (
                      (s.proposals[field]?.value ?? '—')
                    )}
                  </TableCell>
                ))}
                <TableCell>{s.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
