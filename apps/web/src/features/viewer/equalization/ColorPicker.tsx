/**
 * A channel's colour: a swatch that opens the picker of spec 3 §5 — the ten-colour channel palette
 * (spec 3 §9), a hex field (red border until it parses) and R, G, B entries (integers 0-255, empty
 * means 0, out-of-range input ignored). Every valid change applies at once; Escape or a click away closes.
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHANNEL_PALETTE, hexOfRgb, parseHexColor, rgbEntryValue, type Rgb } from '@tessera/domain';

interface Props {
  rgb: Rgb;
  /** What the colour belongs to, e.g. 'Colour of DAPI'. */
  label: string;
  onChange: (rgb: Rgb) => void;
}

const isSameRgb = (a: Rgb | null, b: Rgb) => !!a && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

export function ColorPicker({ rgb, label, onChange }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hex = hexOfRgb(rgb);
  return (
    <>
      <ButtonBase
        aria-label={`${label}: ${hex}`}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ...swatchSx(hex), width: 18, height: 18, flex: 'none' }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { p: 1.5, width: 212 } } }}
      >
        <ColorPickerBody rgb={rgb} onChange={onChange} />
      </Popover>
    </>
  );
}

const swatchSx = (hex: string) => ({
  bgcolor: hex,
  borderRadius: 0.75,
  border: '1px solid',
  borderColor: 'rgba(0, 0, 0, 0.25)',
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
});

function ColorPickerBody({ rgb, onChange }: { rgb: Rgb; onChange: (rgb: Rgb) => void }) {
  const hex = hexOfRgb(rgb);
  const paletteLabelId = useId();
  return (
    <Stack spacing={1.25}>
      <Typography id={paletteLabelId} variant="caption" color="text.secondary">
        Palette
      </Typography>
      <Box
        role="group"
        aria-labelledby={paletteLabelId}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 0.75 }}
      >
        {CHANNEL_PALETTE.map((colour) => {
          const colourHex = hexOfRgb(colour);
          return (
            <ButtonBase
              key={colourHex}
              aria-label={colourHex}
              aria-pressed={colourHex === hex}
              onClick={() => onChange(colour)}
              sx={{
                ...swatchSx(colourHex),
                height: 28,
                boxShadow: colourHex === hex ? '0 0 0 2px #fff, 0 0 0 4px currentColor' : 'none',
                color: 'primary.main',
              }}
            />
          );
        })}
      </Box>
      <HexField rgb={rgb} onChange={onChange} />
      <Stack direction="row" spacing={0.75}>
        {(['R', 'G', 'B'] as const).map((name, index) => (
          <TextField
            key={name}
            size="small"
            label={name}
            value={String(rgb[index])}
            onChange={(event) => {
              const value = rgbEntryValue(event.target.value, rgb[index]!);
              if (value === rgb[index]) return;
              const next: [number, number, number] = [rgb[0], rgb[1], rgb[2]];
              next[index] = value;
              onChange(next);
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', style: { padding: '4px 8px', fontSize: 13 } } }}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The hex field keeps what the user types (a short '#f80' stays as typed) and follows the colour when it
 * is changed elsewhere (a palette click, an RGB entry).
 */
function HexField({ rgb, onChange }: { rgb: Rgb; onChange: (rgb: Rgb) => void }) {
  const hex = hexOfRgb(rgb);
  const [text, setText] = useState(hex);
  const [shownHex, setShownHex] = useState(hex);
  if (hex !== shownHex) {
    setShownHex(hex);
    if (!isSameRgb(parseHexColor(text), rgb)) setText(hex);
  }
  const parsed = parseHexColor(text);
  return (
    <TextField
      size="small"
      label="Hex"
      value={text}
      error={parsed === null}
      onChange={(event) => {
        setText(event.target.value);
        const colour = parseHexColor(event.target.value);
        if (colour && !isSameRgb(colour, rgb)) onChange(colour);
      }}
      slotProps={{ htmlInput: { spellCheck: false, style: { padding: '4px 8px', fontSize: 13 } } }}
    />
  );
}
