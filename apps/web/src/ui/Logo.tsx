/**
 * The product mark (the favicon's four tiles) and the word mark. One drawing, two settings: on the
 * primary-coloured navbar and About badge the tiles sit on a faint white square; on the light sign-in
 * pages the square itself carries the primary colour.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function LogoMark({ size = 28, onPrimary = true }: { size?: number; onPrimary?: boolean }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      sx={{ width: size, height: size, flex: 'none', display: 'block' }}
    >
      {onPrimary ? (
        <rect width="32" height="32" rx="7" fill="#fff" fillOpacity="0.14" />
      ) : (
        <Box component="rect" width={32} height={32} rx={7} sx={{ fill: (t) => t.palette.primary.main }} />
      )}
      <Box component="g" sx={{ fill: (t) => (onPrimary ? '#fff' : t.palette.primary.contrastText) }}>
        <rect x="6" y="6" width="9" height="9" rx="1.5" />
        <rect x="17" y="6" width="9" height="9" rx="1.5" opacity=".72" />
        <rect x="6" y="17" width="9" height="9" rx="1.5" opacity=".72" />
        <rect x="17" y="17" width="9" height="9" rx="1.5" opacity=".45" />
      </Box>
    </Box>
  );
}

/** The mark with the product name beside it, for pages without the navbar (sign-in). */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} onPrimary={false} />
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: '-0.02em', color: 'text.primary' }}
      >
        Tessera
      </Typography>
    </Box>
  );
}
