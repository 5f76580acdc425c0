/**
 * The assay popup editor (spec 2 §5): one row per channel with its marker, chromogen or fluorophore and
 * antibodies. On save, rows without a marker are dropped, channels are kept once and reassigning a
 * channel clears its old holder; markers and chromogens must be vocabulary values.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  CELL_MESSAGES,
  choosableValues,
  cleanAssayRows,
  reassignChannel,
  type AssayChannel,
  type FieldDescriptor,
} from '@tessera/domain';

type Draft = {
  id?: string;
  channel: number | null;
  marker: string;
  chromogenFluorophores: string | null;
  primaryAntibody: string;
  secondaryAntibody: string;
};

export function AssayEditorDialog({
  fileName,
  assays,
  fields,
  onSave,
  onClose,
}: {
  fileName: string;
  assays: AssayChannel[];
  /** The assay popup editor's descriptors (their vocabularies). */
  fields: readonly FieldDescriptor[];
  onSave(assays: AssayChannel[]): void;
  onClose(): void;
}) {
  const drafts = useAssayDrafts(assays, fields);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="assay-editor-title">
      <DialogTitle id="assay-editor-title">Assays of {fileName}</DialogTitle>
      <DialogContent>
        <AssayTable drafts={drafts} />
        {drafts.rows.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No assay specified
          </Typography>
        )}
        <Button startIcon={<AddOutlined />} onClick={drafts.addRow} sx={{ mt: 1 }}>
          Add channel
        </Button>
        <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 1 }}>
          Rows without a marker are dropped on save; a channel number is kept once.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(drafts.savedAssays())} disabled={drafts.isInvalid}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type AssayDrafts = ReturnType<typeof useAssayDrafts>;

/** The rows being edited, the vocabularies they are checked against, and the edits of a row. */
function useAssayDrafts(assays: AssayChannel[], fields: readonly FieldDescriptor[]) {
  const [rows, setRows] = useState<Draft[]>(() => assays.map(draftOf));
  const vocabulary = (name: string) => [
    ...new Set(
      choosableValues(fields.find((f) => f.fieldName === name)?.allowedValues ?? []).map((v) => v.value),
    ),
  ];
  const markers = vocabulary('marker');
  const chromogens = vocabulary('chromogenFluorophores');
  const nextChannel = () => Math.max(0, ...rows.map((r) => r.channel ?? 0)) + 1;
  return {
    rows,
    markers,
    chromogens,
    isInvalid: rows.some(
      (r) =>
        (r.marker && !markers.includes(r.marker)) ||
        (r.chromogenFluorophores && !chromogens.includes(r.chromogenFluorophores)),
    ),
    update: (i: number, patch: Partial<Draft>) =>
      setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r))),
    /** An emptied channel stays empty; a number moves the channel to this row (reassignChannel). */
    setChannel: (i: number, value: string) =>
      setRows((list) =>
        value === ''
          ? list.map((x, j) => (j === i ? { ...x, channel: null } : x))
          : reassignChannel(list, i, Number(value)),
      ),
    removeRow: (i: number) => setRows((list) => list.filter((_, j) => j !== i)),
    addRow: () => setRows((list) => [...list, { channel: nextChannel(), ...EMPTY_DRAFT }]),
    /** The assays to save: cleaned rows, the QC columns of kept channels as they were. */
    savedAssays: (): AssayChannel[] =>
      cleanAssayRows(
        rows.map((r) => ({
          ...r,
          channel: r.channel ?? undefined,
          primaryAntibody: r.primaryAntibody || null,
          secondaryAntibody: r.secondaryAntibody || null,
        })),
      ).map((c) => ({ ...assays.find((a) => a.id && a.id === c.id), ...c })),
  };
}

const EMPTY_DRAFT: Omit<Draft, 'channel'> = {
  marker: '',
  chromogenFluorophores: null,
  primaryAntibody: '',
  secondaryAntibody: '',
};

const draftOf = (a: AssayChannel): Draft => ({
  id: a.id,
  channel: a.channel,
  marker: a.marker,
  chromogenFluorophores: a.chromogenFluorophores ?? null,
  primaryAntibody: a.primaryAntibody ?? '',
  secondaryAntibody: a.secondaryAntibody ?? '',
});

function AssayTable({ drafts }: { drafts: AssayDrafts }) {
  return (
    <Table size="small" aria-label="Assay channels">
      <TableHead>
        <TableRow>
          <TableCell width={90}>Channel</TableCell>
          <TableCell>Marker</TableCell>
          <TableCell>Chromogen / Fluorophore</TableCell>
          <TableCell>Primary Antibody</TableCell>
          <TableCell>Secondary Antibody</TableCell>
          <TableCell width={48} />
        </TableRow>
      </TableHead>
      <TableBody>
        {drafts.rows.map((r, i) => (
          <AssayRow key={i} drafts={drafts} draft={r} index={i} />
        ))}
      </TableBody>
    </Table>
  );
}

/** One channel's row; the inputs are labelled by the row's number. */
function AssayRow({ drafts, draft: r, index: i }: { drafts: AssayDrafts; draft: Draft; index: number }) {
  const update = (patch: Partial<Draft>) => drafts.update(i, patch);
  return (
    <TableRow>
      <TableCell>
        <TextField
          size="small"
          type="number"
          value={r.channel ?? ''}
          onChange={(e) => drafts.setChannel(i, e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': `Channel of row ${i + 1}`, min: 0 } }}
        />
      </TableCell>
      <TableCell>
        <MarkerInput
          markers={drafts.markers}
          marker={r.marker}
          index={i}
          onChange={(marker) => update({ marker })}
        />
      </TableCell>
      <TableCell>
        <Autocomplete
          size="small"
          sx={{ minWidth: 170 }}
          options={drafts.chromogens}
          value={r.chromogenFluorophores}
          onChange={(_, v) => update({ chromogenFluorophores: v })}
          renderInput={(params) => (
            <TextField
              {...params}
              slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': `Chromogen of row ${i + 1}` } }}
            />
          )}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={r.primaryAntibody}
          onChange={(e) => update({ primaryAntibody: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': `Primary antibody of row ${i + 1}` } }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={r.secondaryAntibody}
          onChange={(e) => update({ secondaryAntibody: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': `Secondary antibody of row ${i + 1}` } }}
        />
      </TableCell>
      <TableCell>
        <IconButton aria-label={`Remove row ${i + 1}`} onClick={() => drafts.removeRow(i)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/** The marker of a row: a vocabulary value, flagged when it is not one. */
function MarkerInput({
  markers,
  marker,
  index: i,
  onChange,
}: {
  markers: string[];
  marker: string;
  index: number;
  onChange(marker: string): void;
}) {
  const isUnknown = !!marker && !markers.includes(marker);
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 160 }}
      options={markers}
      value={marker || null}
      onChange={(_, v) => onChange(v ?? '')}
      renderInput={(params) => (
        <TextField
          {...params}
          error={isUnknown}
          helperText={isUnknown ? CELL_MESSAGES.controlledVocabulary : undefined}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': `Marker of row ${i + 1}` } }}
        />
      )}
    />
  );
}
