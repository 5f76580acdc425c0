/**
 * Polls the version file while the tab is visible (spec 1 §4): at start, then after pollDelayOf(last
 * state). A hidden tab stops the timer; when it becomes visible again the poll resumes with whatever
 * was left of the delay (at once if the delay already ran out). Timers and visibility are injected so
 * the schedule is unit-tested without a DOM.
 */
import { APP_VERSION, versionStateOf } from '@tessera/domain';
import { app } from '@tessera/contract';
import { pathOf } from '../../api/client.ts';
import { pollDelayOf, type PolledVersionState } from './app-state.ts';

export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface PollerDeps {
  check: () => Promise<PolledVersionState>;
  onState: (state: PolledVersionState) => void;
  visibility: VisibilitySource;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface VersionPoller {
  /** Checks now (unless a check is already running), e.g. after a request failed for no clear reason. */
  checkNow(): void;
  stop(): void;
}

export function startVersionPoller(deps: PollerDeps): VersionPoller {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let inFlight = false;
  let stopped = false;
  // When the next check is due; 0 = at once (start, or after checkNow while hidden).
  let dueAt = 0;

  const isVisible = () => deps.visibility.visibilityState === 'visible';
  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const schedule = () => {
    cancel();
    if (stopped || inFlight || !isVisible()) return;
    timer = setTimer(run, Math.max(0, dueAt - now()));
  };
  async function run() {
    timer = null;
    if (stopped || inFlight) return;
    inFlight = true;
    let state: PolledVersionState;
    try {
      state = await deps.check();
    } catch {
      state = 'Unavailable';
    }
    inFlight = false;
    if (stopped) return;
    deps.onState(state);
    dueAt = now() + pollDelayOf(state);
    schedule();
  }
  const onVisibility = () => (isVisible() ? schedule() : cancel());

  deps.visibility.addEventListener('visibilitychange', onVisibility);
  schedule();
  return {
    checkNow() {
      dueAt = 0;
      schedule();
    },
    stop() {
      stopped = true;
      cancel();
      deps.visibility.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** One fetch of /version.json from the app origin, never from a cache; any failure is Unavailable. */
export async function fetchVersionState(fetchFn: typeof fetch = fetch): Promise<PolledVersionState> {
  try {
    const res = await fetchFn(pathOf(app.getVersion), { cache: 'no-store' });
    let version: string | undefined;
    if (res.ok) {
      const body = (await res.json()) as { version?: unknown };
      version = typeof body.version === 'string' ? body.version : undefined;
    }
    const state = versionStateOf({ status: res.status, version }, APP_VERSION);
    // versionStateOf never answers UserManualNotRead; narrowing keeps the type honest.
    return state === 'UserManualNotRead' ? 'Default' : state;
  } catch {
    return versionStateOf(null, APP_VERSION) as PolledVersionState;
  }
}
