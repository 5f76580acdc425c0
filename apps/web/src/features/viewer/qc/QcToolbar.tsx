/**
 * Above the QC tab's grid (spec 3 §2): the 'Metadata Preset' dropdown, undo and redo, and for users with
 * slideMetadataManage 'Edit preset…'. Labels, disabled states and shortcut hints come from the actions.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Redo from '@mui/icons-material/Redo';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Undo from '@mui/icons-material/Undo';
import type { MetadataPresetId } from '@tessera/domain';
import { ActionIconButton } from '../../../actions/ActionButton.tsx';
import type { QcPanelState } from './use-qc-panel.ts';

export function QcToolbar({ qc }: { qc: QcPanelState }) {
  const { actions } = qc;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 1 }}>
      <TextField
        select
        size="small"
        label="Metadata Preset"
        value={qc.preset.id}
        disabled={qc.isEditing}
        onChange={(e) => qc.choosePreset(e.target.value as MetadataPresetId)}
        sx={{ flex: '1 1 auto', minWidth: 100 }}
      >
        {qc.presets.map((preset) => (
          <MenuItem key={preset.id} value={preset.id}>
            {preset.name}
          </MenuItem>
        ))}
      </TextField>
      <ActionIconButton action={actions.get('qc.undo')} icon={<Undo />} />
      <ActionIconButton action={actions.get('qc.redo')} icon={<Redo />} />
      {/* An icon: the toolbar keeps to one line at the panel's narrowest (250 px). */}
      <ActionIconButton action={actions.get('qc.editPreset')} icon={<TuneOutlined />} />
      {qc.edits.isSaving && <CircularProgress size={16} aria-label="Saving" />}
    </Box>
  );
}
