/** The product mark (the favicon's mosaic) and name. */
import Box from '@mui/material/Box';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      sx={{ width: size, height: size, flex: 'none', display: 'block' }}
    >
      <rect width="32" height="32" rx="7" fill="#fff" fillOpacity="0.14" />
      <g fill="#fff">
        <rect x="6" y="6" width="9" height="9" rx="1.5" />
        <rect x="17" y="6" width="9" height="9" rx="1.5" opacity=".72" />
        <rect x="6" y="17" width="9" height="9" rx="1.5" opacity=".72" />
        <rect x="17" y="17" width="9" height="9" rx="1.5" opacity=".45" />
      </g>
    </Box>
  );
}
