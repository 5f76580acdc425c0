/**
 * The Cell Marker Annotations grid of the Annotations tab (spec 3 §2): each class of the set's markers,
 * how many there are and how many of them are selected on the map (a click in Selection mode).
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { classOf, type AnnotationClass } from '@tessera/domain';

export function CellMarkerTotals({
  totals,
  selected,
  classes,
}: {
  totals: readonly { classId: string; total: number }[];
  /** The selected markers by class. */
  selected: ReadonlyMap<string, number>;
  classes: ReadonlyMap<string, AnnotationClass>;
}) {
  const count = (n: number) => (
    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {n.toLocaleString('en-US')}
    </TableCell>
  );
  return (
    // Fixed layout: the counts keep their width in the narrow side panel, and a long class name is cut.
    <Table
      size="small"
      aria-label="Cell Marker Annotations"
      sx={{ tableLayout: 'fixed', '& th, & td': { px: 1 } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>Class</TableCell>
          <TableCell align="right" sx={{ width: 72 }}>
            Total
          </TableCell>
          <TableCell align="right" sx={{ width: 72 }}>
            Selected
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {totals.map(({ classId, total }) => {
          const c = classOf(classes, classId);
          return (
            <TableRow key={classId}>
              <TableCell
                title={c.name}
                sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
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
              {count(total)}
              {count(selected.get(classId) ?? 0)}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
