/**
 * The frame of every sign-in screen: a centred card on a quiet background tinted from the theme's
 * primary colour, with the logo above the card and the product version below it.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@tessera/domain';
import { Logo } from '../../ui/Logo.tsx';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 6,
        bgcolor: 'background.default',
        backgroundImage: [
          `radial-gradient(circle at 15% 10%, ${theme.alpha(theme.palette.primary.main, 0.14)} 0, transparent 45%)`,
          `radial-gradient(circle at 85% 90%, ${theme.alpha(theme.palette.secondary.main, 0.1)} 0, transparent 45%)`,
          // A faint tile grid: the "tessera" of the name.
          `linear-gradient(${theme.alpha(theme.palette.primary.main, 0.04)} 1px, transparent 1px)`,
          `linear-gradient(90deg, ${theme.alpha(theme.palette.primary.main, 0.04)} 1px, transparent 1px)`,
        ].join(','),
        backgroundSize: 'auto, auto, 32px 32px, 32px 32px',
      })}
    >
      <Logo size={44} />
      <Card
        variant="outlined"
        sx={(theme) => ({
          width: '100%',
          maxWidth: 440,
          p: { xs: 3, sm: 4 },
          borderRadius: 3,
          boxShadow: `0 12px 40px ${theme.alpha(theme.palette.common.black, 0.08)}`,
          overflow: 'hidden',
        })}
      >
        {children}
      </Card>
      <Typography variant="caption" color="text.secondary">
        Tessera {APP_VERSION}
      </Typography>
    </Box>
  );
}
