/**
 * The display tools popover (spec 2 §2): show/hide annotations, flip, labels, pixel smoothing, the ICC
 * colour profile, annotation fill and its opacity. Each switch performs its action (the same one its
 * Alt/Option key performs); the opacity is a slider whose value is kept once it rests (spec 2 §9).
 */
import { useEffect, useEffectEvent, useId, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { ANNOTATION_FILL_OPACITY, SLIDER_DEBOUNCE_MS } from '@tessera/domain';
import type { BoundAction, BoundActions } from '../../actions/action.ts';
import { ToolbarPopover, WithHint } from '../../ui/ToolbarPopover.tsx';
import type { ViewSettings } from './view-settings.ts';
import type { ViewerTabState } from './viewer-layout.ts';

export function DisplayTools({
  actions,
  settings,
  onSettingsChange,
  tabState,
}: {
  actions: BoundActions;
  settings: ViewSettings;
  onSettingsChange: (change: Partial<ViewSettings>) => void;
  tabState: ViewerTabState;
}) {
  return (
    <ToolbarPopover label="Display tools" title="Display tools" icon={<TuneOutlined />}>
      {() => (
        <>
          <ToggleRow action={actions.get('viewer.toggleAnnotations')} isOn={tabState.annotationsVisible} />
          <ToggleRow action={actions.get('viewer.flip')} isOn={tabState.isFlipped} />
          <ToggleRow action={actions.get('viewer.toggleLabels')} isOn={settings.annotationLabelsVisible} />
          <ToggleRow
            action={actions.get('viewer.togglePixelSmoothing')}
            isOn={!settings.pixelPerfectModeOn}
          />
          <ToggleRow
            action={actions.get('viewer.toggleIccProfile')}
            isOn={settings.iccColorProfileOn && actions.get('viewer.toggleIccProfile').isEnabled}
            disabledHint="This slide has no ICC colour profile"
          />
          <ToggleRow
            action={actions.get('viewer.toggleAnnotationFill')}
            isOn={settings.annotationFillEnabled}
          />
          <OpacitySlider
            opacity={settings.annotationFillOpacity}
            isEnabled={settings.annotationFillEnabled}
            onChange={(annotationFillOpacity) => onSettingsChange({ annotationFillOpacity })}
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
      label={
        <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          {action.label}
          {action.hint && (
            <Typography component="kbd" variant="caption" color="text.secondary" aria-hidden>
              {action.hint}
            </Typography>
          )}
        </Box>
      }
    />
  );
  return <WithHint hint={action.isEnabled ? null : disabledHint}>{row}</WithHint>;
}

/** Spec 2 §2 annotation opacity slider: 0–100, kept 300 ms after it last moved (spec 2 §9). */
function OpacitySlider({
  opacity,
  isEnabled,
  onChange,
}: {
  opacity: number;
  isEnabled: boolean;
  onChange: (opacity: number) => void;
}) {
  const labelId = useId();
  const [value, setValue] = useState(opacity);
  const keep = useEffectEvent((next: number) => {
    if (next !== opacity) onChange(next);
  });
  useEffect(() => {
    const timer = setTimeout(() => keep(value), SLIDER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return (
    <Box sx={{ pl: 1.5, pr: 1, pt: 0.5 }}>
      <Typography id={labelId} variant="body2" color={isEnabled ? 'text.primary' : 'text.disabled'}>
        Annotation opacity
      </Typography>
      <Slider
        size="small"
        aria-labelledby={labelId}
        value={value}
        min={ANNOTATION_FILL_OPACITY.min}
        max={ANNOTATION_FILL_OPACITY.max}
        disabled={!isEnabled}
        valueLabelDisplay="auto"
        onChange={(_, next) => setValue(next as number)}
      />
    </Box>
  );
}
