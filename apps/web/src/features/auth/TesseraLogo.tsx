/** The Tessera mark (four tiles, as in the favicon) and word mark, drawn in the theme's primary colour. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function TesseraMark({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden
      sx={{ display: 'block', flexShrink: 0 }}
    >
      <Box component="rect" width={32} height={32} rx={7} sx={{ fill: (t) => t.palette.primary.main }} />
      <Box component="g" sx={{ fill: (t) => t.palette.primary.contrastText }}>
        <rect x="6" y="6" width="9" height="9" rx="1.5" />
        <rect x="17" y="6" width="9" height="9" rx="1.5" opacity=".7" />
        <rect x="6" y="17" width="9" height="9" rx="1.5" opacity=".7" />
        <rect x="17" y="17" width="9" height="9" rx="1.5" opacity=".45" />
      </Box>
    </Box>
  );
}

export function TesseraLogo({ size = 40 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <TesseraMark size={size} />
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: '-0.02em', color: 'text.primary' }}
      >
        Tessera
      </Typography>
    </Box>
  );
}
