/**
 * The display tools popover (spec 2 §2): flip, pixel smoothing and the ICC colour profile, each a
 * switch performing its action. The annotation display tools (show/hide, labels, fill, opacity) join it
 * with the annotation layers.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { BoundAction, BoundActions } from '../../actions/action.ts';
import { ToolbarPopover, WithHint } from '../../ui/ToolbarPopover.tsx';
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
  return (
    <ToolbarPopover label="Display tools" title="Display tools" icon={<TuneOutlined />}>
      {() => (
        <>
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
        </>
      )}
    </ToolbarPopover>
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
  return <WithHint hint={action.isEnabled ? null : disabledHint}>{row}</WithHint>;
}
