/**
 * Watches the app version state (spec 1 §4) and lays the blocking dialog over the app when needed.
 * Mount inside the router and inside AuthProvider, around the routes. On /help the manual state does
 * not block: that is where the user reads the manual, and the page offers the confirmation itself.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth.tsx';
import { effectiveAppState, isManualUnconfirmed, type PolledVersionState } from './app-state.ts';
import { AppStateDialog } from './AppStateDialog.tsx';
import { isManualNotReadReported, setAppStateCheckHandler, subscribeManualNotRead } from './signals.ts';
import { fetchVersionState, startVersionPoller } from './version-poller.ts';

export { reportManualNotRead, requestAppStateCheck } from './signals.ts';

export const HELP_PATH = '/help';

export function AppStateGate({ children }: { children: ReactNode }) {
  const { me, status } = useAuth();
  const polled = usePolledVersionState();
  const reported = useSyncExternalStore(subscribeManualNotRead, isManualNotReadReported);
  const { pathname } = useLocation();

  const manualNotRead = status === 'signedIn' && (isManualUnconfirmed(me) || reported);
  let state = effectiveAppState({ polled, manualNotRead });
  if (state === 'UserManualNotRead' && pathname.startsWith(HELP_PATH)) state = 'Default';

  return (
    <>
      {children}
      <AppStateDialog state={state} manualVersion={me?.manualVersion ?? ''} />
    </>
  );
}

function usePolledVersionState(): PolledVersionState {
  const [polled, setPolled] = useState<PolledVersionState>('Default');
  useEffect(() => {
    const poller = startVersionPoller({
      check: () => fetchVersionState(),
      onState: setPolled,
      visibility: document,
    });
    setAppStateCheckHandler(poller.checkNow);
    return () => {
      setAppStateCheckHandler(null);
      poller.stop();
    };
  }, []);
  return polled;
}
