/**
 * The per-channel table of the equalization panel (spec 3 §2): show/hide, colour, name, and the range
 * as a two-thumb slider plus min and max inputs, held to the channel's limits (spec 3 §5). A channel that
 * cannot be shown yet says why ('available when optimized for viewing') instead of offering its switch.
 */
import { memo, type Dispatch } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  presetChannelLimits,
  type EqualizationPreset,
  type EqualizationPresetChannel,
} from '@tessera/domain';
import { ColorPicker } from './ColorPicker.tsx';
import { formatRangeValue, rangeStep, rgbOfColor, type DraftAction } from './equalization-draft.ts';
import { RangeInput } from './RangeInput.tsx';

interface Props {
  preset: EqualizationPreset;
  /** Per channel, why it cannot be shown, else null (missing entries: it can). */
  unavailable: readonly (string | null)[];
  dispatch: Dispatch<DraftAction>;
}

const cellSx = { px: 0.5, py: 0.5, borderBottomColor: 'divider' } as const;

export function ChannelTable({ preset, unavailable, dispatch }: Props) {
  return (
    <Table size="small" stickyHeader aria-label="Channels" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...cellSx, width: 36 }}>
            <Typography variant="caption" sx={visuallyHidden}>
              Shown
            </Typography>
          </TableCell>
          <TableCell sx={cellSx}>Channel</TableCell>
          <TableCell sx={{ ...cellSx, width: 72 }} align="right">
            Min
          </TableCell>
          <TableCell sx={{ ...cellSx, width: 72 }} align="right">
            Max
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {preset.channels.map((channel, index) => (
          <ChannelRow
            key={index}
            index={index}
            channel={channel}
            unavailableMessage={unavailable[index] ?? null}
            dispatch={dispatch}
          />
        ))}
      </TableBody>
    </Table>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

interface RowProps {
  index: number;
  channel: EqualizationPresetChannel;
  unavailableMessage: string | null;
  dispatch: Dispatch<DraftAction>;
}

/** Memoized: an edit replaces one channel object, so dragging one slider redraws one row. */
const ChannelRow = memo(function ChannelRow({ index, channel, unavailableMessage, dispatch }: RowProps) {
  const name = channel.name || `Channel ${index + 1}`;
  const limits = presetChannelLimits(channel);
  const step = rangeStep(limits);
  const { minimum, maximum } = channel.range;
  const isAvailable = unavailableMessage === null;
  const setBound = (bound: 'min' | 'max', value: number) =>
    dispatch({ type: 'setRange', index, bound, value });
  return (
    <TableRow hover sx={{ opacity: channel.enabled && isAvailable ? 1 : 0.6 }}>
      <TableCell sx={cellSx}>
        <Checkbox
          size="small"
          checked={channel.enabled && isAvailable}
          disabled={!isAvailable}
          onChange={(event) => dispatch({ type: 'setEnabled', index, isEnabled: event.target.checked })}
          slotProps={{ input: { 'aria-label': `Show ${name}` } }}
          sx={{ p: 0.5 }}
        />
      </TableCell>
      <TableCell sx={cellSx}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
          <ColorPicker
            rgb={rgbOfColor(channel.color)}
            label={`Colour of ${name}`}
            onChange={(rgb) => dispatch({ type: 'setColor', index, rgb })}
          />
          <Typography variant="body2" noWrap title={name} sx={{ minWidth: 0 }}>
            {name}
          </Typography>
        </Stack>
        {isAvailable ? (
          <Slider
            size="small"
            value={[minimum, maximum]}
            min={limits.minLimit}
            max={limits.maxLimit}
            step={step}
            disableSwap
            getAriaLabel={(thumb) => `${thumb === 0 ? 'Minimum' : 'Maximum'} of ${name}`}
            getAriaValueText={(value) => formatRangeValue(value, step)}
            onChange={(_, value, thumb) => {
              const [low, high] = value as number[];
              if (thumb === 0) setBound('min', low!);
              else setBound('max', high!);
            }}
            sx={{ display: 'block', mx: 0.75, mt: 0.25, mb: -0.75, width: 'auto', py: 1 }}
          />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {unavailableMessage}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={cellSx} align="right">
        <RangeInput
          value={formatRangeValue(minimum, step)}
          label={`Minimum of ${name}`}
          onCommit={(value) => setBound('min', value)}
        />
      </TableCell>
      <TableCell sx={cellSx} align="right">
        <RangeInput
          value={formatRangeValue(maximum, step)}
          label={`Maximum of ${name}`}
          onCommit={(value) => setBound('max', value)}
        />
      </TableCell>
    </TableRow>
  );
});
