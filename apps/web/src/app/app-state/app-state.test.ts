import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { APP_STATE_POLL_MS, APP_STATE_POLL_UNAVAILABLE_MS, APP_VERSION } from '@tessera/domain';
import { effectiveAppState, isManualUnconfirmed, pollDelayOf, type PolledVersionState } from './app-state.ts';
import { fetchVersionState, startVersionPoller, type VisibilitySource } from './version-poller.ts';

describe('effectiveAppState', () => {
  it('shows the manual state only when the server is otherwise fine', () => {
    expect(effectiveAppState({ polled: 'Default', manualNotRead: false })).toBe('Default');
    expect(effectiveAppState({ polled: 'Default', manualNotRead: true })).toBe('UserManualNotRead');
    expect(effectiveAppState({ polled: 'Maintenance', manualNotRead: true })).toBe('Maintenance');
    expect(effectiveAppState({ polled: 'Unavailable', manualNotRead: true })).toBe('Unavailable');
    expect(effectiveAppState({ polled: 'NewVersionAvailable', manualNotRead: true })).toBe(
      'NewVersionAvailable',
    );
  });
});

describe('pollDelayOf', () => {
  it('polls every 3 minutes, every 5 seconds while unavailable', () => {
    expect(pollDelayOf('Default')).toBe(180_000);
    expect(pollDelayOf('Maintenance')).toBe(APP_STATE_POLL_MS);
    expect(pollDelayOf('NewVersionAvailable')).toBe(APP_STATE_POLL_MS);
    expect(pollDelayOf('Unavailable')).toBe(5_000);
  });
});

describe('isManualUnconfirmed', () => {
  it('needs a manual version and no confirmation', () => {
    expect(isManualUnconfirmed({ manualVersion: '', manualConfirmed: false })).toBe(false);
    expect(isManualUnconfirmed({ manualVersion: '1.0', manualConfirmed: true })).toBe(false);
    expect(isManualUnconfirmed({ manualVersion: '1.0', manualConfirmed: false })).toBe(true);
    expect(isManualUnconfirmed(null)).toBe(false);
  });
});

class FakeVisibility implements VisibilitySource {
  visibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.delete(l);
  }
  set(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    for (const l of this.listeners) l();
  }
  get listenerCount() {
    return this.listeners.size;
  }
}

describe('startVersionPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(answers: PolledVersionState[], visible = true) {
    const visibility = new FakeVisibility();
    visibility.visibilityState = visible ? 'visible' : 'hidden';
    const check = vi.fn(async () => answers.shift() ?? 'Default');
    const states: PolledVersionState[] = [];
    const poller = startVersionPoller({ check, onState: (s) => states.push(s), visibility });
    return { visibility, check, states, poller };
  }

  it('checks at start and then every 3 minutes', async () => {
    const { check, states, poller } = setup(['Default', 'Default', 'NewVersionAvailable']);
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_MS - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_MS);
    expect(states).toEqual(['Default', 'Default', 'NewVersionAvailable']);
    poller.stop();
  });

  it('polls every 5 seconds while unavailable and slows down once the server answers', async () => {
    const { check, states, poller } = setup(['Unavailable', 'Unavailable', 'Default']);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_UNAVAILABLE_MS);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_UNAVAILABLE_MS);
    expect(states).toEqual(['Unavailable', 'Unavailable', 'Default']);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_UNAVAILABLE_MS * 10);
    expect(check).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('treats a check that throws as Unavailable', async () => {
    const visibility = new FakeVisibility();
    const states: PolledVersionState[] = [];
    const poller = startVersionPoller({
      check: () => Promise.reject(new Error('offline')),
      onState: (s) => states.push(s),
      visibility,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['Unavailable']);
    poller.stop();
  });

  it('does not poll while the tab is hidden and resumes with the rest of the delay', async () => {
    const { visibility, check, poller } = setup([], false);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_MS * 3);
    expect(check).not.toHaveBeenCalled();
    visibility.set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    visibility.set('hidden');
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_MS * 2);
    expect(check).toHaveBeenCalledTimes(1);
    // The delay ran out while hidden: the check happens as soon as the tab is visible again.
    visibility.set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('resumes a short hide with only the remaining time', async () => {
    const { visibility, check, poller } = setup([]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    visibility.set('hidden');
    await vi.advanceTimersByTimeAsync(10_000);
    visibility.set('visible');
    // 60 s visible + 10 s hidden have passed: 110 s remain, hidden time included.
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_MS - 70_000 - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('checkNow checks at once but never runs two checks together', async () => {
    const visibility = new FakeVisibility();
    let release: (s: PolledVersionState) => void = () => {};
    const check = vi.fn(() => new Promise<PolledVersionState>((r) => (release = r)));
    const poller = startVersionPoller({ check, onState: () => {}, visibility });
    await vi.advanceTimersByTimeAsync(0);
    poller.checkNow();
    poller.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    release('Default');
    await vi.advanceTimersByTimeAsync(0);
    poller.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('stop removes the listener and stops polling', async () => {
    const { visibility, check, poller } = setup([]);
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    expect(visibility.listenerCount).toBe(0);
    await vi.advanceTimersByTimeAsync(APP_STATE_POLL_MS * 2);
    expect(check).toHaveBeenCalledTimes(1);
  });
});

describe('fetchVersionState', () => {
  const answer = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('asks /version.json without caching', async () => {
    const fetchFn = answer(200, { version: APP_VERSION });
    expect(await fetchVersionState(fetchFn)).toBe('Default');
    expect(fetchFn).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
  });

  it('maps the answers of spec 1 §4', async () => {
    expect(await fetchVersionState(answer(200, { version: '0.0.0' }))).toBe('Default');
    expect(await fetchVersionState(answer(200, { version: '2.1.876' }))).toBe('NewVersionAvailable');
    expect(await fetchVersionState(answer(503, { code: 'MAINTENANCE', message: 'down' }))).toBe(
      'Maintenance',
    );
    expect(await fetchVersionState(answer(500, { code: 'X', message: 'y' }))).toBe('Unavailable');
    expect(await fetchVersionState(answer(200, { nope: 1 }))).toBe('Unavailable');
    expect(await fetchVersionState(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))).toBe(
      'Unavailable',
    );
  });
});
