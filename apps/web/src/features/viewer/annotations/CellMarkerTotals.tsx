/**
 * The Cell Marker Annotations grid of the Annotations tab (spec 3 §2): each class of the set's markers
 * and how many there are. (The Selected column comes with the cell marker tool, which selects markers.)
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { classOf, type AnnotationClass } from '@tessera/domain';

export function CellMarkerTotals({
  totals,
  classes,
}: {
  totals: readonly { classId: string; total: number }[];
  classes: ReadonlyMap<string, AnnotationClass>;
}) {
  return (
    <Table size="small" aria-label="Cell Marker Annotations">
      <TableHead>
        <TableRow>
          <TableCell>Class</TableCell>
          <TableCell align="right">Total</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {totals.map(({ classId, total }) => {
          const c = classOf(classes, classId);
          return (
            <TableRow key={classId}>
              <TableCell>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    background: c.color,
                    marginRight: 8,
                  }}
                />
                {c.name}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {total.toLocaleString('en-US')}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
