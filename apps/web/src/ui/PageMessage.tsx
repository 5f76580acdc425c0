/** A page-sized state (loading, failure, not found) centred in the content area. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { EmptyState } from './EmptyState.tsx';

export function PageLoading({ label }: { label: string }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        py: 14,
        color: 'text.secondary',
      }}
    >
      <CircularProgress size={32} thickness={4} />
      <Box sx={{ typography: 'body1' }}>{label}</Box>
    </Box>
  );
}

/** While a screen's code loads (app/screens.ts): a spinner where the screen will be, never a blank page. */
export const ScreenLoading = () => <PageLoading label="Loading page" />;

export function PageMessage({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, md: 8 }, px: 2 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640 }}>
        <EmptyState icon={icon} title={title} description={description} action={action} />
      </Paper>
    </Box>
  );
}
