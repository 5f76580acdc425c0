/** A calm, centred message with an icon: used wherever a list or a page has nothing to show. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** Compact spacing for use inside cards and dialogs. */
  dense?: boolean;
}

export function EmptyState({ icon, title, description, action, dense = false }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: dense ? 4 : 8,
        px: 3,
      }}
    >
      <Box
        sx={{
          width: dense ? 48 : 64,
          height: dense ? 48 : 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(31, 78, 121, 0.08)',
          color: 'primary.main',
          mb: 2,
          '& svg': { fontSize: dense ? 26 : 32 },
        }}
      >
        {icon}
      </Box>
      {/* A whole sentence reads better in a lighter weight than a short heading. */}
      <Typography
        variant={dense || title.length > 60 ? 'subtitle1' : 'h6'}
        component="p"
        sx={{ maxWidth: 520, fontWeight: title.length > 60 ? 500 : undefined, lineHeight: 1.5 }}
      >
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, maxWidth: 480 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
