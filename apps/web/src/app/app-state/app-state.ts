/**
 * The app version state of spec 1 §4, as pure rules: which blocking state wins, how long until the
 * next poll, and whether the signed-in user still has to confirm the user manual. The React side
 * (AppStateGate) and the poller only wire these to timers, fetch and the DOM.
 */
import { APP_STATE_POLL_MS, APP_STATE_POLL_UNAVAILABLE_MS, type AppVersionState } from '@tessera/domain';

/** What the version file says; UserManualNotRead never comes from it. */
export type PolledVersionState = Exclude<AppVersionState, 'UserManualNotRead'>;

export interface AppStateInputs {
  /** The last state the version poll produced (Default until the first answer). */
  polled: PolledVersionState;
  /** /v1/me says the manual is unconfirmed, or a query failed with USER_MANUAL_NOT_READ. */
  manualNotRead: boolean;
}

/**
 * The one state the app shows. A server that is down or unreachable outranks everything (no other
 * action can succeed); a new version outranks the manual because the reload may bring a new manual.
 */
export function effectiveAppState({ polled, manualNotRead }: AppStateInputs): AppVersionState {
  if (polled !== 'Default') return polled;
  return manualNotRead ? 'UserManualNotRead' : 'Default';
}

/** Every 3 minutes, but every 5 seconds while the server cannot be reached so the dialog clears soon. */
export function pollDelayOf(state: PolledVersionState): number {
  return state === 'Unavailable' ? APP_STATE_POLL_UNAVAILABLE_MS : APP_STATE_POLL_MS;
}

/** An empty manual version means the installation asks no one to confirm a manual. */
export function isManualUnconfirmed(
  me: { manualVersion: string; manualConfirmed: boolean } | null | undefined,
): boolean {
  return !!me && me.manualVersion !== '' && !me.manualConfirmed;
}
