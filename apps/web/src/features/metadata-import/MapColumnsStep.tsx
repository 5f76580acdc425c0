/**
 * Page 2, Map Columns (spec 1 §5 CSV mapping): each CSV column with a sample value, the portal field it
 * fills (matched automatically where the names agree; one column per field) and whether it is imported.
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  importableFields,
  mapColumn,
  missingRequiredFieldsMessage,
  type CsvMappingRow,
  type CsvRecord,
  type FieldDescriptor,
} from '@tessera/domain';

const NOT_MAPPED = '';

export function MapColumnsStep({
  fields,
  mapping,
  sample,
  onChange,
}: {
  fields: readonly FieldDescriptor[];
  mapping: CsvMappingRow[];
  sample: CsvRecord | undefined;
  onChange: (mapping: CsvMappingRow[]) => void;
}) {
  const choices = importableFields(fields);
  const missing = missingRequiredFieldsMessage(mapping, fields);
  return (
    <>
      {missing && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {missing}
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label="Column mapping">
          <TableHead>
            <TableRow>
              <TableCell>CSV column</TableCell>
              <TableCell>First value</TableCell>
              <TableCell>Portal field</TableCell>
              <TableCell padding="checkbox">Import</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {mapping.map((row) => (
              <TableRow key={row.fieldNumber}>
                <TableCell sx={{ fontWeight: 500 }}>{row.csvFieldName}</TableCell>
                <TableCell
                  title={sample?.cells[row.fieldNumber] ?? ''}
                  sx={{
                    color: 'text.secondary',
                    maxWidth: 200,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {sample?.cells[row.fieldNumber] ?? ''}
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={row.slideField ?? NOT_MAPPED}
                    onChange={(e) =>
                      onChange(
                        mapColumn(
                          mapping,
                          row.fieldNumber,
                          e.target.value === NOT_MAPPED ? null : e.target.value,
                        ),
                      )
                    }
                    // displayEmpty: an unmapped column reads 'Not imported' rather than an empty box.
                    slotProps={{
                      select: { displayEmpty: true },
                      htmlInput: { 'aria-label': `Portal field of ${row.csvFieldName}` },
                    }}
                  >
                    <MenuItem value={NOT_MAPPED}>
                      <em>Not imported</em>
                    </MenuItem>
                    {choices.map((f) => (
                      <MenuItem key={f.fieldName} value={f.fieldName}>
                        {f.headerName}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={row.import}
                    disabled={row.slideField === null}
                    onChange={(e) =>
                      onChange(
                        mapping.map((m) =>
                          m.fieldNumber === row.fieldNumber ? { ...m, import: e.target.checked } : m,
                        ),
                      )
                    }
                    slotProps={{ input: { 'aria-label': `Import ${row.csvFieldName}` } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
