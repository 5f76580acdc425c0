/**
 * Who is signed in. The tokens live in the session store (remember-me → localStorage, else
 * sessionStorage); the user comes from GET /v1/me. Status is 'loading' while a stored session waits for
 * /v1/me, 'signedIn' once it answered, 'signedOut' without tokens. Login success, failure and logout
 * reset the auth state and the query cache (spec 1 §4), so nothing of one user survives into the next.
 *
 * Mount inside QueryClientProvider. Inside a router it also sends the user to /login whenever the
 * sign-in ends (logout, or a 401 the client could not refresh); RequireAuth does the same per route.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Navigate, useInRouterContext, useLocation, useNavigate, type Location } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { auth, profile } from '@tessera/contract';
import { ApiError, call, setSignedOutHandler } from '../api/client.ts';
import { meQuery } from '../api/me.ts';
import { clearSession, isRemembered, loadSession, saveSession } from '../api/session-store.ts';
import { requestAppStateCheck } from './app-state/signals.ts';

export type Me = profile.Me;
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** Why the last sign-in ended: the user logged out, or the server no longer accepted the session. */
export type SignOutReason = 'logout' | 'expired';

export interface AuthValue {
  me: Me | null;
  status: AuthStatus;
  /** Stores the tokens of a finished sign-in and loads the user. */
  signIn(tokens: auth.Tokens, remember: boolean): void;
  /**
   * Swaps the tokens of the current sign-in for fresh ones of the same user (re-authentication, a
   * password change) without touching the cached data; keeps the remember-me choice.
   */
  replaceTokens(tokens: auth.Tokens): void;
  /** Picks up tokens another module stored (single sign-on's exchange) and loads the user. */
  reloadSession(): void;
  signOut(): Promise<void>;
}

export const LOGIN_PATH = '/login';

/** What /login receives in its location state: where to go back to, and why the user is there. */
export interface LoginLocationState {
  from?: Location;
  reason?: SignOutReason;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasSession, setHasSession] = useState(() => loadSession() !== null);
  const [signOutReason, setSignOutReason] = useState<SignOutReason | null>(null);

  const meAnswer = useQuery({ ...meQuery, enabled: hasSession });
  const { isError: meFailed, error: meError } = meAnswer;
  useEffect(() => {
    // A /v1/me that fails for a reason other than the sign-in may mean the server is down or in
    // maintenance: let the app-state gate look now rather than at its next poll.
    if (meFailed && !(meError instanceof ApiError && meError.status === 401)) requestAppStateCheck();
  }, [meFailed, meError]);

  const endSession = useCallback(
    (reason: SignOutReason) => {
      clearSession();
      setHasSession(false);
      setSignOutReason(reason);
      queryClient.clear();
    },
    [queryClient],
  );

  useEffect(() => {
    setSignedOutHandler(() => endSession('expired'));
    return () => setSignedOutHandler(() => {});
  }, [endSession]);

  // Another tab signed in or out with remembered tokens: follow it.
  useEffect(() => {
    const onStorage = () => {
      const stored = loadSession() !== null;
      setHasSession((had) => {
        if (had && !stored) queryClient.clear();
        return stored;
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const signIn = useCallback(
    (tokens: auth.Tokens, remember: boolean) => {
      saveSession(tokens, remember);
      // Drop every cached answer, including a /v1/me of whoever was signed in before.
      queryClient.removeQueries();
      setSignOutReason(null);
      setHasSession(true);
    },
    [queryClient],
  );

  const replaceTokens = useCallback((tokens: auth.Tokens) => saveSession(tokens, isRemembered()), []);

  const reloadSession = useCallback(() => {
    queryClient.removeQueries();
    setSignOutReason(null);
    setHasSession(loadSession() !== null);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await call(auth.logout);
    } catch (error) {
      // The session is dropped locally anyway: the user asked to leave, and the tokens expire on their own.
      console.error('Unable to sign out', error);
    }
    endSession('logout');
  }, [endSession]);

  const me = hasSession ? (meAnswer.data ?? null) : null;
  const status: AuthStatus = !hasSession ? 'signedOut' : me ? 'signedIn' : 'loading';
  const value = useMemo<AuthValue>(
    () => ({ me, status, signIn, replaceTokens, reloadSession, signOut }),
    [me, status, signIn, replaceTokens, reloadSession, signOut],
  );
  const inRouter = useInRouterContext();

  return (
    <AuthContext.Provider value={value}>
      {inRouter && <GoToLoginOnSignOut status={status} reason={signOutReason} />}
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** Sends the user to /login when a sign-in ends while they are on another page. */
function GoToLoginOnSignOut({ status, reason }: { status: AuthStatus; reason: SignOutReason | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const previous = useRef(status);
  useEffect(() => {
    const wasSignedIn = previous.current !== 'signedOut';
    previous.current = status;
    if (!wasSignedIn || status !== 'signedOut' || location.pathname === LOGIN_PATH) return;
    // After an expired session the user comes back to where they were; after a logout they start fresh.
    const state: LoginLocationState =
      reason === 'expired' ? { from: location, reason } : { reason: reason ?? 'logout' };
    void navigate(LOGIN_PATH, { replace: true, state });
  }, [status, reason, location, navigate]);
  return null;
}

/** Renders its children only for a signed-in user; otherwise waits for /v1/me or goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'signedOut')
    return <Navigate to={LOGIN_PATH} replace state={{ from: location } satisfies LoginLocationState} />;
  if (status === 'loading')
    return (
      <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  return children;
}
