/**
 * Ways for code outside React (the query client's error handler) to tell the app-state gate what a
 * failed request revealed, without importing the gate or holding a reference to it.
 */
const listeners = new Set<() => void>();
let manualNotReadReported = false;
let checkRequested: (() => void) | null = null;

/** A request failed with USER_MANUAL_NOT_READ: show the blocking manual dialog. */
export function reportManualNotRead(): void {
  if (manualNotReadReported) return;
  manualNotReadReported = true;
  for (const l of listeners) l();
}

/**
 * A request failed in a way that may mean the server is down, in maintenance or unreachable (network
 * error, 503): poll the version file now instead of waiting up to 3 minutes.
 */
export function requestAppStateCheck(): void {
  checkRequested?.();
}

export function subscribeManualNotRead(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isManualNotReadReported = (): boolean => manualNotReadReported;

/** The gate registers its poller here while mounted. */
export function setAppStateCheckHandler(handler: (() => void) | null): void {
  checkRequested = handler;
}
