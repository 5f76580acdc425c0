import { describe, expect, it } from 'vitest';
import type { BlockLandmarks, Point, SyncViewer, ViewPosition } from '@tessera/domain';
import { SyncCoordinator, type SyncClock, type SyncedMap, type SyncSettings } from './sync-coordinator.ts';

/** A map that keeps its view and tells its listeners synchronously, as OpenLayers' view does. */
class FakeMap implements SyncedMap {
  crosshair = false;
  pin: Point | null = null;
  sets = 0;
  private listeners = new Set<() => void>();
  private pointerListeners = new Set<(point: Point | null) => void>();
  constructor(public view: ViewPosition) {}
  center = () => this.view.center;
  resolution = () => this.view.resolution;
  setView(view: ViewPosition) {
    this.sets++;
    this.move(view);
  }
  /** What a drag or wheel does: the view changes and the listeners hear of it. */
  move(view: ViewPosition) {
    this.view = view;
    this.listeners.forEach((l) => l());
  }
  onViewChanging(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  showCrosshair(isShown: boolean) {
    this.crosshair = isShown;
  }
  showPin(point: Point | null) {
    this.pin = point;
  }
  /** What the mouse does: over this image point, or gone (null). */
  point(point: Point | null) {
    this.pointerListeners.forEach((l) => l(point));
  }
  onPointerAt(listener: (point: Point | null) => void) {
    this.pointerListeners.add(listener);
    return () => this.pointerListeners.delete(listener);
  }
}

/** A clock the test advances by hand. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: SyncClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => (timers = timers.filter((t) => t !== timer)),
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    due.forEach((t) => t.run());
  };
  return { clock, advance };
}

const [A, B, C] = ['a', 'b', 'c'].map((c) => c.repeat(24)) as [string, string, string];
const at = (x: number, y: number, resolution = 4): ViewPosition => ({ center: { x, y }, resolution });
const viewer = (n: number, slideId: string, over: Partial<SyncViewer> = {}): SyncViewer => ({
  viewerId: `viewerId${n}`,
  slideId,
  name: slideId,
  blockId: 'B1',
  isFlipped: false,
  isDisplayed: true,
  ...over,
});
const settings = (over: Partial<SyncSettings>): SyncSettings => ({
  mode: 'manual',
  viewers: [viewer(1, A), viewer(2, B), viewer(3, C)],
  colors: new Map(),
  landmarks: new Map(),
  isCrosshairOn: true,
  ...over,
});

function setUp(over: Partial<SyncSettings> = {}) {
  const { clock, advance } = manualClock();
  const sync = new SyncCoordinator(clock);
  const maps = [new FakeMap(at(100, 100)), new FakeMap(at(5000, 3000, 2))];
  maps.forEach((map, i) => sync.register(`viewerId${i + 1}`, map));
  sync.configure(settings(over));
  return { sync, maps, advance };
}

describe('SyncCoordinator', () => {
  it('Manual: the follower moves by the leader’s offset and zoom factor, without echoing back', () => {
    const { maps, advance } = setUp();
    const [a, b] = maps as [FakeMap, FakeMap];
    a.move(at(150, 80, 8));
    expect(b.view).toEqual(at(5050, 2980, 4));
    expect(a.sets).toBe(0);
    // B leads now: A follows the other way.
    advance(100);
    b.move(at(5000, 3000, 2));
    expect(a.view).toEqual(at(100, 100, 4));
  });

  it('sends at most every 16 ms per viewer, and always the last position of a burst', () => {
    const { maps, advance } = setUp();
    const [a, b] = maps as [FakeMap, FakeMap];
    a.move(at(110, 100));
    expect(b.sets).toBe(1);
    advance(5);
    a.move(at(120, 100));
    advance(5);
    a.move(at(130, 100));
    expect(b.sets).toBe(1);
    advance(6);
    expect(b.sets).toBe(2);
    expect(b.view.center).toEqual({ x: 5030, y: 3000 });
  });

  it('a map registered later follows the leader at once, from its own position as reference', () => {
    const { sync, maps } = setUp();
    maps[0]!.move(at(300, 100));
    const c = new FakeMap(at(10, 10, 1));
    sync.register('viewerId3', c);
    expect(c.view).toEqual(at(210, 10, 1));
    expect(c.crosshair).toBe(true);
  });

  it('Disabled moves nothing and hides the cross-hair; the cross-hair follows its switch', () => {
    const { sync, maps } = setUp({ mode: 'disabled' });
    const [a, b] = maps as [FakeMap, FakeMap];
    a.move(at(999, 999));
    expect(b.sets).toBe(0);
    expect(b.crosshair).toBe(false);
    sync.configure(settings({ isCrosshairOn: false }));
    expect(a.crosshair).toBe(false);
    sync.configure(settings({ isCrosshairOn: true }));
    expect(a.crosshair).toBe(true);
  });

  it('Landmarks: the viewers of one colour follow through the fitted transform', () => {
    const block: BlockLandmarks = {
      slides: [{ slideId: A }, { slideId: B }],
      landmarks: [
        {
          index: 0,
          isAutomatic: true,
          name: '1',
          positions: [
            { slideIdx: 0, x: 100, y: 100, angleDx: 0, angleDy: 0, isFlippedOnYAxis: false },
            { slideIdx: 1, x: 1000, y: 2000, angleDx: 0, angleDy: 0, isFlippedOnYAxis: false },
          ],
        },
      ],
    };
    const colors = new Map([
      ['viewerId1', '#1'],
      ['viewerId2', '#1'],
    ]);
    const { maps, advance } = setUp({ mode: 'landmarks', colors, landmarks: new Map([['B1', block]]) });
    const [a, b] = maps as [FakeMap, FakeMap];
    // Entering Landmarks aligned B to A's tissue at once.
    expect(b.view).toEqual(at(1000, 2000, 4));
    advance(100);
    a.move(at(130, 90, 2));
    expect(b.view).toEqual(at(1030, 1990, 2));
  });

  it('a flip in Manual takes the positions as they are as the new reference', () => {
    const { sync, maps, advance } = setUp();
    const [a, b] = maps as [FakeMap, FakeMap];
    a.move(at(150, 100));
    advance(100);
    sync.configure(settings({ viewers: [viewer(1, A, { isFlipped: true }), viewer(2, B), viewer(3, C)] }));
    a.move(at(160, 100));
    // Mirrored now: A's +10 in image x is −10 on screen, and B follows on screen.
    expect(b.view.center).toEqual({ x: 5040, y: 3000 });
  });

  it('the pointer over one map pins the same tissue on the maps synced with it, and none once it leaves', () => {
    const { sync, maps } = setUp();
    const [a, b] = maps as [FakeMap, FakeMap];
    a.point({ x: 130, y: 90 });
    // Manual: A's reference (100, 100) is B's (5000, 3000).
    expect(b.pin).toEqual({ x: 5030, y: 2990 });
    expect(a.pin).toBeNull();
    b.point({ x: 5000, y: 3000 });
    expect(a.pin).toEqual({ x: 100, y: 100 });
    expect(b.pin).toBeNull();
    b.point(null);
    expect(a.pin).toBeNull();
    // A change of mode takes the pins away; Disabled places none.
    a.point({ x: 130, y: 90 });
    sync.configure(settings({ mode: 'disabled' }));
    expect(b.pin).toBeNull();
    a.point({ x: 130, y: 90 });
    expect(b.pin).toBeNull();
  });

  it('a map that goes away takes the pins it placed with it', () => {
    const { sync, maps } = setUp();
    const [, b] = maps as [FakeMap, FakeMap];
    const c = new FakeMap(at(10, 10, 1));
    const unregister = sync.register('viewerId3', c);
    c.point({ x: 20, y: 10 });
    expect(b.pin).not.toBeNull();
    unregister();
    expect(b.pin).toBeNull();
  });
});
