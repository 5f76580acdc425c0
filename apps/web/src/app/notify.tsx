/**
 * The one notification surface of the app (spec 1 §2): a snackbar at the top centre that hides after
 * 5 seconds. A new notice replaces the one on screen, so errors arriving together never stack up
 * over the navbar.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export const NOTIFY_HIDE_MS = 5000;

export type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify | null>(null);

interface Notice {
  key: number;
  message: string;
  severity: AlertColor;
}

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ key: Date.now() + Math.random(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={notice?.key}
        open={open}
        autoHideDuration={NOTIFY_HIDE_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        onClose={(_, reason) => reason !== 'clickaway' && setOpen(false)}
        sx={{ top: { xs: 72, sm: 76 } }}
      >
        <Alert
          severity={notice?.severity ?? 'info'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ minWidth: 320, maxWidth: 640, alignItems: 'center', boxShadow: 6 }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside NotifyProvider');
  return notify;
}
