/**
 * The cell marker panel (spec 2 §3 cmaSettings, §4 "Cell marker", §5 "Hotkeys", §9): rating or ranking
 * and the value new markers get, each with its key; the classes markers are placed in — picked from the
 * project's cell marker classes, one active, each with a key that makes it active (a key taken from
 * whichever held it), removed with its key — and the markers' size, 3 to 30.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import {
  assignShortcut,
  CELL_MARKER_MODES,
  CELL_MARKER_RANKINGS,
  CELL_MARKER_RATINGS,
  CELL_MARKER_SIZE,
  isHotkey,
  NO_CLASS_SELECTED,
  withClassPicked,
  withClassRemoved,
  withMode,
  withoutShortcut,
  type CellMarkerMode,
} from '@tessera/domain';
import type { AnnotationTools } from './use-annotation-tools.ts';

const MODE_LABELS: Record<CellMarkerMode, string> = { rating: 'Rating', ranking: 'Ranking' };
const RATING_LABELS = { positive: 'Positive', negative: 'Negative', uncertain: 'Uncertain' } as const;

export function CellMarkerPanel({ tools }: { tools: AnnotationTools }) {
  const { settings, changeSettings } = tools;
  const marker = settings.cellMarker;
  const keys = settings.cellMarkerShortcuts;
  const [assigning, setAssigning] = useState<string | null>(null);
  const keyChip = (target: string) => (
    <Chip
      size="small"
      variant={assigning === target ? 'filled' : 'outlined'}
      color={assigning === target ? 'primary' : 'default'}
      label={assigning === target ? 'Press a key' : (keys[target]?.toUpperCase() ?? 'Set key')}
      aria-label={`Key for ${target}`}
      onClick={(event) => {
        event.stopPropagation();
        setAssigning(assigning === target ? null : target);
      }}
      onKeyDown={(event) => {
        if (assigning !== target) return;
        event.preventDefault();
        event.stopPropagation();
        if (event.key === 'Escape') setAssigning(null);
        else if (isHotkey(event.key)) {
          changeSettings({ cellMarkerShortcuts: assignShortcut(keys, target, event.key) });
          setAssigning(null);
        }
      }}
      sx={{ minWidth: 40, fontVariantNumeric: 'tabular-nums' }}
    />
  );
  const unlisted = tools.markerClasses.filter((c) => !marker.classes.includes(c.classId));
  return (
    <Stack spacing={1.25} sx={{ width: 250 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        fullWidth
        value={marker.mode}
        onChange={(_, mode: CellMarkerMode | null) =>
          mode && changeSettings({ cellMarker: withMode(marker, mode) })
        }
        aria-label="Marker value kind"
      >
        {CELL_MARKER_MODES.map((mode) => (
          <ToggleButton key={mode} value={mode}>
            {MODE_LABELS[mode]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box role="radiogroup" aria-label={MODE_LABELS[marker.mode]} sx={{ display: 'grid', gap: 0.5 }}>
        {(marker.mode === 'rating' ? CELL_MARKER_RATINGS : CELL_MARKER_RANKINGS).map((value) => {
          const isOn = marker.mode === 'rating' ? marker.rating === value : marker.ranking === value;
          return (
            <PickRow
              key={value}
              role="radio"
              isOn={isOn}
              onPick={() =>
                changeSettings({
                  cellMarker:
                    marker.mode === 'rating'
                      ? { ...marker, rating: value as typeof marker.rating }
                      : { ...marker, ranking: value as typeof marker.ranking },
                })
              }
            >
              <Typography variant="body2" sx={{ flex: 1, fontWeight: isOn ? 600 : 400 }}>
                {value in RATING_LABELS ? RATING_LABELS[value as keyof typeof RATING_LABELS] : value}
              </Typography>
              {keyChip(value)}
            </PickRow>
          );
        })}
      </Box>
      <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
        Classes
      </Typography>
      <Box
        role="listbox"
        aria-label="Marker classes"
        sx={{ maxHeight: 110, overflow: 'auto', display: 'grid', gap: 0.5 }}
      >
        {marker.classes.map((classId) => {
          const c = tools.markerClasses.find((m) => m.classId === classId);
          const isActive = marker.activeClassId === classId;
          return (
            <PickRow
              key={classId}
              role="option"
              isOn={isActive}
              onPick={() => changeSettings({ cellMarker: withClassPicked(marker, classId) })}
            >
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: c?.color ?? '#999',
                  flex: 'none',
                }}
              />
              <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: isActive ? 600 : 400 }}>
                {c?.name ?? classId}
              </Typography>
              {keyChip(classId)}
              <IconButton
                size="small"
                aria-label={`Remove ${c?.name ?? classId}`}
                onClick={(event) => {
                  event.stopPropagation();
                  changeSettings({
                    cellMarker: withClassRemoved(marker, classId),
                    cellMarkerShortcuts: withoutShortcut(keys, classId),
                  });
                }}
              >
                <Close fontSize="small" />
              </IconButton>
            </PickRow>
          );
        })}
      </Box>
      {marker.activeClassId === null && (
        <Typography variant="body2" color="text.secondary">
          {NO_CLASS_SELECTED}
        </Typography>
      )}
      <FormControl size="small" fullWidth disabled={unlisted.length === 0}>
        <InputLabel id="marker-class-add">Add class</InputLabel>
        <Select
          labelId="marker-class-add"
          label="Add class"
          value=""
          onChange={(event) =>
            event.target.value && changeSettings({ cellMarker: withClassPicked(marker, event.target.value) })
          }
        >
          {unlisted.map((c) => (
            <MenuItem key={c.classId} value={c.classId}>
              {c.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box>
        <Typography variant="caption" id="marker-size-label">
          Marker size
        </Typography>
        <Slider
          size="small"
          aria-labelledby="marker-size-label"
          min={CELL_MARKER_SIZE.min}
          max={CELL_MARKER_SIZE.max}
          defaultValue={settings.cellMarkerSize}
          valueLabelDisplay="auto"
          onChangeCommitted={(_, value) => changeSettings({ cellMarkerSize: value as number })}
        />
      </Box>
      <Typography variant="caption" color="text.secondary">
        Click to place a marker, or on one to toggle its class; drag to move. Keys place at the pointer.
      </Typography>
    </Stack>
  );
}

/**
 * A row the panel picks from (a value, a class): a radio or an option, chosen by click, Enter or Space,
 * marked while it is the one in use.
 */
function PickRow({
  role,
  isOn,
  onPick,
  children,
}: {
  role: 'radio' | 'option';
  isOn: boolean;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      spacing={1}
      role={role}
      aria-checked={role === 'radio' ? isOn : undefined}
      aria-selected={role === 'option' ? isOn : undefined}
      tabIndex={0}
      onClick={onPick}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        onPick();
      }}
      sx={{
        px: 1,
        py: 0.25,
        borderRadius: 1,
        cursor: 'pointer',
        bgcolor: isOn ? 'action.selected' : undefined,
      }}
    >
      {children}
    </Stack>
  );
}
