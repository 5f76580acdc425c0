/**
 * 'Edit preset…' (users with slideMetadataManage): which fields of the project a QC metadata preset
 * shows, as a checkbox list in the slide table's column order, and 'Reset to default'. Fields already
 * chosen keep their order; newly chosen ones are shown after them. The server checks the list again.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { checkPresetFields, isEditablePreset, type FieldDescriptor } from '@tessera/domain';
import { messageOf } from '../../../api/queries.ts';
import {
  useResetMetadataPreset,
  useSaveMetadataPreset,
  type MetadataPreset,
} from '../../../api/metadata-presets.ts';
import { SearchField } from '../../../ui/SearchField.tsx';
import { togglePresetField } from './qc-rows.ts';

export function PresetFieldsDialog({
  projectId,
  preset,
  fields,
  onClose,
}: {
  projectId: string;
  preset: MetadataPreset;
  fields: readonly FieldDescriptor[];
  onClose(): void;
}) {
  const [chosen, setChosen] = useState<string[]>(preset.fields);
  const [filter, setFilter] = useState('');
  const save = useSaveMetadataPreset(projectId);
  const reset = useResetMetadataPreset(projectId);
  const isBusy = save.isPending || reset.isPending;
  const problem = checkPresetFields(
    chosen,
    fields.map((f) => f.fieldName),
  );
  const failure = save.error ?? reset.error;
  const shown = fields.filter((f) => f.headerName.toLowerCase().includes(filter.trim().toLowerCase()));
  if (!isEditablePreset(preset.id)) return null;
  const presetId = preset.id;
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="qc-preset-title"
    >
      <DialogTitle id="qc-preset-title">Fields of {preset.name}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {chosen.length} of {fields.length} fields{preset.isCustomized ? ' (changed from the default)' : ''}
        </Typography>
        <SearchField
          label="Filter fields"
          size="small"
          fullWidth
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ mb: 1 }}
        />
        <FormGroup aria-label={`Fields of ${preset.name}`}>
          {shown.map((f) => (
            <FormControlLabel
              key={f.fieldName}
              label={f.headerName}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(f.fieldName)}
                  onChange={() => setChosen((list) => togglePresetField(list, f.fieldName))}
                />
              }
            />
          ))}
        </FormGroup>
        {shown.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No field matches the filter
          </Typography>
        )}
        {(problem || failure) && (
          <Alert severity={failure ? 'error' : 'info'} sx={{ mt: 1 }}>
            {failure ? messageOf(failure) : problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={isBusy || !preset.isCustomized}
          onClick={() => reset.mutate(presetId, { onSuccess: onClose })}
          sx={{ mr: 'auto' }}
        >
          Reset to default
        </Button>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={isBusy || problem !== null}
          onClick={() => save.mutate({ presetId, fields: chosen }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
