/**
 * The sync panel (spec 2 §2 toolbar, §4 "Sync between open slides"): a popover with the modes —
 * Disabled and Manual always, Landmarks when two open slides share an icon colour (disabled, with the
 * reason, while a flip disagrees with the landmarks) — the cross-hair switch, which opening the panel
 * turns on, and Overwrite landmarks behind a confirmation. Each control performs a sync action.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import { SYNC_MODE_LABELS, SYNC_MODES } from '@tessera/domain';
import type { BoundAction } from '../../../actions/action.ts';
import { ToolbarPopover, WithHint } from '../../../ui/ToolbarPopover.tsx';
import { OverwriteLandmarksDialog } from './OverwriteLandmarksDialog.tsx';
import { SYNC_ACTIONS } from './sync-actions.ts';
import { useViewerSyncContext } from './sync-context.ts';

export function SyncPanel() {
  const sync = useViewerSyncContext();
  const [isConfirming, setConfirming] = useState(false);
  if (!sync) return null;
  const actions = SYNC_ACTIONS.bind({ sync, confirmOverwrite: () => setConfirming(true) });
  const isActive = sync.mode !== 'disabled';
  const overwrite = actions.get('sync.overwriteLandmarks');
  return (
    <>
      <ToolbarPopover
        label="Sync"
        tooltip={`Sync: ${SYNC_MODE_LABELS[sync.mode]}`}
        title="Sync between slides"
        icon={isActive ? <SyncOutlined /> : <SyncDisabledOutlined />}
        isActive={isActive}
        width={280}
        // Spec 2 §4: opening the panel turns the sync cross-hair on.
        onOpen={() => {
          if (!sync.isCrosshairOn) sync.setCrosshairOn(true);
        }}
      >
        {(titleId) => (
          <>
            <RadioGroup aria-labelledby={titleId} value={sync.mode}>
              {SYNC_MODES.map((mode) => (
                <ModeRow
                  key={mode}
                  action={actions.get(`sync.mode.${mode}`)}
                  value={mode}
                  disabledHint={sync.offer.landmarksDisabledReason}
                />
              ))}
            </RadioGroup>
            <FormControlLabel
              control={
                <Switch
                  checked={sync.isCrosshairOn}
                  onChange={() => actions.get('sync.toggleCrosshair').perform()}
                />
              }
              label={actions.get('sync.toggleCrosshair').label}
            />
            <Divider sx={{ my: 1 }} />
            {sync.blockSummary && (
              <Typography variant="caption" color="text.secondary" sx={{ mb: 1 }}>
                {sync.blockSummary}
              </Typography>
            )}
            <WithHint hint={sync.overwrite.isEnabled ? null : sync.overwrite.reason}>
              <Button
                variant="outlined"
                size="small"
                fullWidth
                disabled={!overwrite.isEnabled}
                loading={sync.isOverwriting}
                onClick={() => overwrite.perform()}
              >
                {overwrite.label}
              </Button>
            </WithHint>
          </>
        )}
      </ToolbarPopover>
      {sync.overwrite.isEnabled && (
        <OverwriteLandmarksDialog
          blockId={sync.overwrite.blockId}
          open={isConfirming}
          onClose={() => setConfirming(false)}
          onConfirm={sync.overwriteLandmarks}
        />
      )}
    </>
  );
}

function ModeRow({
  action,
  value,
  disabledHint,
}: {
  action: BoundAction;
  value: string;
  disabledHint: string | null;
}) {
  if (!action.isAvailable) return null;
  return (
    <WithHint hint={action.isEnabled ? null : disabledHint}>
      <FormControlLabel
        value={value}
        disabled={!action.isEnabled}
        // A click, not a change: choosing Manual again captures the positions again.
        control={<Radio size="small" onClick={() => action.perform()} />}
        label={action.label}
      />
    </WithHint>
  );
}
