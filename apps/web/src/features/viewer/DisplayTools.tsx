/**
 * The display tools popover (spec 2 §2): flip, pixel smoothing and the ICC colour profile, each a
 * switch performing its action. The annotation display tools (show/hide, labels, fill, opacity) join it
 * with the annotation layers.
 */
import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { BoundAction, BoundActions } from '../../actions/action.ts';
import type { ViewSettings } from './view-settings.ts';

export function DisplayTools({
  actions,
  settings,
  isFlipped,
}: {
  actions: BoundActions;
  settings: ViewSettings;
  isFlipped: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Display tools">
        <IconButton
          aria-label="Display tools"
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <TuneOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Display tools' } }}
      >
        <Stack sx={{ px: 2, py: 1.5, minWidth: 240 }}>
          <Typography variant="overline" color="text.secondary">
            Display tools
          </Typography>
          <ToggleRow action={actions.get('viewer.flip')} isOn={isFlipped} />
          <ToggleRow
            action={actions.get('viewer.togglePixelSmoothing')}
            isOn={!settings.pixelPerfectModeOn}
          />
          <ToggleRow
            action={actions.get('viewer.toggleIccProfile')}
            isOn={settings.iccColorProfileOn && actions.get('viewer.toggleIccProfile').isEnabled}
            disabledHint="This slide has no ICC colour profile"
          />
        </Stack>
      </Popover>
    </>
  );
}

function ToggleRow({
  action,
  isOn,
  disabledHint,
}: {
  action: BoundAction;
  isOn: boolean;
  disabledHint?: string;
}) {
  const row = (
    <FormControlLabel
      control={<Switch checked={isOn} disabled={!action.isEnabled} onChange={() => action.perform()} />}
      label={action.label}
    />
  );
  return !action.isEnabled && disabledHint ? (
    <Tooltip title={disabledHint}>
      <span>{row}</span>
    </Tooltip>
  ) : (
    row
  );
}
