/**
 * The sync panel (spec 2 §2 toolbar, §4 "Sync between open slides"): a popover with the modes —
 * Disabled and Manual always, Landmarks when two open slides share an icon colour (disabled, with the
 * reason, while a flip disagrees with the landmarks) — the cross-hair switch, which opening the panel
 * turns on, and Overwrite landmarks behind a confirmation. Each control performs a sync action.
 */
import { useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import { SYNC_MODE_LABELS, SYNC_MODES } from '@tessera/domain';
import type { BoundAction } from '../../../actions/action.ts';
import { OverwriteLandmarksDialog } from './OverwriteLandmarksDialog.tsx';
import { SYNC_ACTIONS } from './sync-actions.ts';
import { useViewerSyncContext } from './sync-context.ts';

export function SyncPanel() {
  const sync = useViewerSyncContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  if (!sync) return null;
  const actions = SYNC_ACTIONS.bind({ sync, confirmOverwrite: () => setConfirming(true) });
  const isActive = sync.mode !== 'disabled';
  const overwrite = actions.get('sync.overwriteLandmarks');
  return (
    <>
      <Tooltip title={`Sync: ${SYNC_MODE_LABELS[sync.mode]}`}>
        <IconButton
          aria-label="Sync"
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          color={isActive ? 'primary' : 'default'}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            // Spec 2 §4: opening the panel turns the sync cross-hair on.
            if (!sync.isCrosshairOn) sync.setCrosshairOn(true);
          }}
        >
          {isActive ? <SyncOutlined /> : <SyncDisabledOutlined />}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Sync' } }}
      >
        <Stack sx={{ px: 2, py: 1.5, width: 280 }}>
          <Typography variant="overline" color="text.secondary" id="sync-mode-label">
            Sync between slides
          </Typography>
          <RadioGroup aria-labelledby="sync-mode-label" value={sync.mode}>
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
        </Stack>
      </Popover>
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

/** A disabled control gets no pointer events: the span carries the tooltip saying why. */
function WithHint({ hint, children }: { hint: string | null; children: ReactElement }) {
  return hint ? (
    <Tooltip title={hint}>
      <span style={{ display: 'block' }}>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}
