/**
 * The slides a job did not do as asked (a copy, a transfer), each with what became of it and why; at
 * most LISTED rows, the rest counted (the job's log in the Jobs panel has them all).
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

const LISTED = 200;

export interface SlideOutcome {
  slideId: string;
  name: string;
  outcome: string;
  reason: string | null;
}

export function SlideOutcomes({ label, rows }: { label: string; rows: readonly SlideOutcome[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <TableContainer sx={{ maxHeight: 320 }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Slide</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, LISTED).map((row) => (
              <TableRow key={row.slideId}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.outcome}</TableCell>
                <TableCell>{row.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > LISTED && (
        <Typography variant="body2" color="text.secondary">
          {`…and ${rows.length - LISTED} more: the job's log in the Jobs panel lists them all.`}
        </Typography>
      )}
    </>
  );
}
