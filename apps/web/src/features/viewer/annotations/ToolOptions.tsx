/**
 * The settings of the tool in use, over the map's top left corner (spec 2 §3 drawSettings, fovSettings,
 * cmaSettings): Drawing chooses the class new outlines get; Field of view the shape and the size in µm (a
 * whole number of 1 to 75,000, applied 250 ms after typing, spec 2 §5); Cell markers its panel
 * (CellMarkerPanel). Other modes have none.
 */
import { useEffect, useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  FOV_SHAPES,
  FOV_SIZE,
  FOV_SIZE_DEBOUNCE_MS,
  FOV_SIZE_LABELS,
  fovSizeOf,
  type FovShape,
} from '@tessera/domain';
import { CellMarkerPanel } from './CellMarkerPanel.tsx';
import type { AnnotationTools } from './use-annotation-tools.ts';

const SHAPE_LABELS: Record<FovShape, string> = { circle: 'Circle', square: 'Square' };

const PANEL_NAMES: Partial<Record<AnnotationTools['mode'], string>> = {
  Drawing: 'Drawing settings',
  FieldOfView: 'Field of view settings',
  Cma: 'Cell marker settings',
};

export function ToolOptions({ tools }: { tools: AnnotationTools }) {
  const name = PANEL_NAMES[tools.mode];
  if (!name) return null;
  return (
    <Paper
      className="map-overlay"
      elevation={3}
      role="group"
      aria-label={name}
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        zIndex: 2,
        p: 1.5,
        maxWidth: 280,
        maxHeight: 'calc(100% - 16px)',
        overflow: 'auto',
      }}
    >
      {tools.mode === 'Drawing' ? (
        <DrawClassPicker tools={tools} />
      ) : tools.mode === 'Cma' ? (
        <CellMarkerPanel tools={tools} />
      ) : (
        <FovSettings tools={tools} />
      )}
    </Paper>
  );
}

function DrawClassPicker({ tools }: { tools: AnnotationTools }) {
  return (
    <Stack spacing={1}>
      <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
        Class
      </Typography>
      <ToggleButtonGroup
        orientation="vertical"
        size="small"
        exclusive
        value={tools.settings.drawClassId}
        onChange={(_, classId: string | null) => classId && tools.changeSettings({ drawClassId: classId })}
        aria-label="Class"
      >
        {tools.drawClasses.map((c) => (
          <ToggleButton key={c.classId} value={c.classId} sx={{ justifyContent: 'flex-start', gap: 1 }}>
            <span
              aria-hidden
              style={{ width: 12, height: 12, borderRadius: 2, background: c.color, flex: 'none' }}
            />
            {c.name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary">
        Drag to draw; end where you began or hold Shift to close it. Esc cancels.
      </Typography>
    </Stack>
  );
}

function FovSettings({ tools }: { tools: AnnotationTools }) {
  const { shape, size } = tools.settings.fov;
  const [typed, setTyped] = useState(String(size));
  const { changeSettings } = tools;
  // Spec 2 §5: the typed size applies, clamped, 250 ms after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = fovSizeOf(typed);
      if (next !== size) changeSettings({ fov: { shape, size: next } });
      setTyped(String(next));
    }, FOV_SIZE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text starts the delay; the settings are read as they are when it ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={shape}
        onChange={(_, next: FovShape | null) => next && changeSettings({ fov: { shape: next, size } })}
        aria-label="Shape"
      >
        {FOV_SHAPES.map((s) => (
          <ToggleButton key={s} value={s}>
            {SHAPE_LABELS[s]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        size="small"
        label={FOV_SIZE_LABELS[shape]}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', min: FOV_SIZE.min, max: FOV_SIZE.max } }}
      />
      <Typography variant="caption" color="text.secondary">
        Click to place a field of view.
      </Typography>
    </Stack>
  );
}
