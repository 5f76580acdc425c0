/**
 * The slide's conversion into its optimized pyramid as the viewer shows it (spec 2 §2: "a conversion
 * status given as converted/total per level and channel"): the overall state, and per level and channel
 * in its tooltip and for screen readers.
 */
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SlideConversion } from '@tessera/contract';
import { conversionLabel } from '../../api/slide-conversion.ts';

export function ConversionStatus({ conversion }: { conversion: SlideConversion }) {
  const lines = conversion.counts.map(
    (c) => `Level ${c.level}, channel ${c.channel}: ${c.converted}/${c.total}`,
  );
  const label = conversionLabel(conversion);
  return (
    <Tooltip
      enterDelay={1000}
      title={
        lines.length ? (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        ) : (
          label
        )
      }
    >
      <Typography
        variant="caption"
        color={conversion.status === 'Failed' ? 'error' : 'text.secondary'}
        noWrap
        component="div"
        aria-label={lines.length ? `${label}. ${lines.join('; ')}` : label}
      >
        {label}
      </Typography>
    </Tooltip>
  );
}
