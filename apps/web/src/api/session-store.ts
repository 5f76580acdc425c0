/**
 * Where the sign-in lives. Remember me → localStorage (survives the browser closing); otherwise
 * sessionStorage (ends with the tab). Only one of the two holds tokens at a time.
 */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token should be refreshed. */
  refreshAt: number;
}

const KEY = 'tessera.session';

export function loadSession(): StoredSession | null {
  const raw = localStorage.getItem(KEY) ?? sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredSession;
  } catch {
    return null;
  }
}

export function isRemembered(): boolean {
  return localStorage.getItem(KEY) !== null;
}

export function saveSession(
  tokens: { accessToken: string; refreshToken: string; expiresIn: number },
  remember: boolean,
): void {
  clearSession();
  // Refresh a little before expiry so a request never races the deadline.
  const session: StoredSession = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    refreshAt: Date.now() + tokens.expiresIn * 800,
  };
  (remember ? localStorage : sessionStorage).setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
}
