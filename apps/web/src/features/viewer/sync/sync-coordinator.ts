/**
 * Moves the open viewers' maps together (spec 2 §4 "Sync between open slides"), without React: each
 * viewer registers its map while it lives; the page configures the mode, the viewers and the landmarks.
 * When a map moves — a drag, a wheel zoom, an animation frame — its position goes to every map synced
 * with it through the domain's link (sync.ts), at most every 16 ms per viewer (spec 2 §9), the last
 * position of a burst always sent.
 *
 * No feedback: a follower's map reports its change synchronously inside setView, while `isApplying` is
 * set, and such reports are not moves. The viewer that moved last leads; a map that registers (a tab
 * shown for the first time, a slide replaced in a tab) follows it at once.
 *
 * The pointer is linked too: while the mouse is over a map, each map synced with it shows the map-pin
 * where the same tissue lies on its slide (through the same link as the view), and none once it leaves.
 */
import {
  followPoint,
  followView,
  isSyncedPair,
  landmarkLink,
  manualLink,
  POSITION_SYNC_THROTTLE_MS,
  type LandmarksByBlock,
  type Point,
  type SyncMode,
  type SyncViewer,
  type ViewLink,
  type ViewPosition,
} from '@tessera/domain';

/** What sync needs of a map (viewer/slide-map.ts SlideMap has it). */
export interface SyncedMap {
  center(): Point;
  resolution(): number;
  setView(view: ViewPosition): void;
  onViewChanging(listener: () => void): () => void;
  showCrosshair(isShown: boolean): void;
  showPin(point: Point | null): void;
  onPointerAt(listener: (point: Point | null) => void): () => void;
}

export interface SyncSettings {
  mode: SyncMode;
  viewers: readonly SyncViewer[];
  colors: ReadonlyMap<string, string | null>;
  landmarks: LandmarksByBlock;
  isCrosshairOn: boolean;
}

export interface SyncClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const BROWSER_CLOCK: SyncClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as number),
};

/** The same stored landmarks block by block (the page builds a new map on each render). */
const isSame = (a: LandmarksByBlock, b: LandmarksByBlock) =>
  a.size === b.size && [...a].every(([blockId, block]) => b.get(blockId) === block);

const viewOf = (map: SyncedMap): ViewPosition => ({ center: map.center(), resolution: map.resolution() });

export class SyncCoordinator {
  private readonly maps = new Map<string, { map: SyncedMap; unsubscribe: () => void }>();
  /** Manual mode's positions, captured when Manual is chosen (or when a map registers later). */
  private readonly references = new Map<string, ViewPosition>();
  private readonly lastSent = new Map<string, number>();
  private readonly pending = new Map<string, unknown>();
  private settings: SyncSettings = {
    mode: 'disabled',
    viewers: [],
    colors: new Map(),
    landmarks: new Map(),
    isCrosshairOn: false,
  };
  private isApplying = false;
  private leader: string | null = null;

  constructor(private readonly clock: SyncClock = BROWSER_CLOCK) {}

  /** Adds a viewer's map; answers its removal. */
  register(viewerId: string, map: SyncedMap): () => void {
    this.unregister(viewerId);
    const unsubscribers = [
      map.onViewChanging(() => this.moved(viewerId)),
      map.onPointerAt((point) => this.pointed(viewerId, point)),
    ];
    this.maps.set(viewerId, { map, unsubscribe: () => unsubscribers.forEach((u) => u()) });
    if (this.settings.mode === 'manual') this.references.set(viewerId, viewOf(map));
    this.showCrosshairs();
    const leader = this.leader;
    if (leader !== null && leader !== viewerId && this.maps.has(leader)) this.apply(leader, [viewerId]);
    return () => {
      if (this.maps.get(viewerId)?.map === map) this.unregister(viewerId);
    };
  }

  private unregister(viewerId: string): void {
    this.maps.get(viewerId)?.unsubscribe();
    this.maps.delete(viewerId);
    this.references.delete(viewerId);
    this.lastSent.delete(viewerId);
    const timer = this.pending.get(viewerId);
    if (timer !== undefined) this.clock.clearTimeout(timer);
    this.pending.delete(viewerId);
    if (this.leader === viewerId) this.leader = null;
    this.pointed(viewerId, null);
  }

  /**
   * The page's state. Entering Manual captures the positions as they are; a flip in Manual captures
   * them again (so the flipped slide and its followers stay where they are); entering Landmarks brings
   * the followers to the leader's tissue at once.
   */
  configure(settings: SyncSettings): void {
    const was = this.settings;
    this.settings = settings;
    const flipOf = (viewers: readonly SyncViewer[]) =>
      viewers.map((v) => `${v.viewerId}:${v.isFlipped}`).join();
    const isFlipChanged = flipOf(was.viewers) !== flipOf(settings.viewers);
    if (settings.mode === 'manual' && (was.mode !== 'manual' || isFlipChanged)) this.captureReferences();
    if (
      settings.mode === 'landmarks' &&
      (was.mode !== 'landmarks' || !isSame(was.landmarks, settings.landmarks))
    )
      this.alignToLeader();
    this.showCrosshairs();
    // The links may have changed (mode, flip, landmarks): the next pointer move places the pins anew.
    for (const { map } of this.maps.values()) map.showPin(null);
  }

  /** Manual chosen (again): the positions now are the new reference. */
  captureReferences(): void {
    this.references.clear();
    for (const [viewerId, { map }] of this.maps) this.references.set(viewerId, viewOf(map));
  }

  /** Each viewer's centre now (the overwrite saves them). */
  centers(): Map<string, Point> {
    return new Map([...this.maps].map(([viewerId, { map }]) => [viewerId, map.center()]));
  }

  private alignToLeader(): void {
    const leader = this.leader ?? this.maps.keys().next().value;
    if (leader !== undefined) this.apply(leader, [...this.maps.keys()]);
  }

  private moved(viewerId: string): void {
    if (this.isApplying) return;
    this.leader = viewerId;
    if (this.settings.mode === 'disabled' || this.pending.has(viewerId)) return;
    const wait = (this.lastSent.get(viewerId) ?? -Infinity) + POSITION_SYNC_THROTTLE_MS - this.clock.now();
    if (wait <= 0) this.send(viewerId);
    else
      this.pending.set(
        viewerId,
        this.clock.setTimeout(() => {
          this.pending.delete(viewerId);
          this.send(viewerId);
        }, wait),
      );
  }

  private send(viewerId: string): void {
    if (!this.maps.has(viewerId)) return;
    this.lastSent.set(viewerId, this.clock.now());
    this.apply(viewerId, [...this.maps.keys()]);
  }

  private apply(leaderId: string, followerIds: readonly string[]): void {
    const leader = this.maps.get(leaderId);
    if (!leader) return;
    const view = viewOf(leader.map);
    this.isApplying = true;
    try {
      for (const followerId of followerIds) {
        const link = this.linkOf(leaderId, followerId);
        if (link) this.maps.get(followerId)?.map.setView(followView(link, view));
      }
    } finally {
      this.isApplying = false;
    }
  }

  /** The pointer over `viewerId`'s map at `point` (null: it left): the pins of the maps synced with it. */
  private pointed(viewerId: string, point: Point | null): void {
    for (const [otherId, { map }] of this.maps) {
      const link = point && otherId !== viewerId ? this.linkOf(viewerId, otherId) : null;
      map.showPin(link && point ? followPoint(link, point) : null);
    }
  }

  private linkOf(leaderId: string, followerId: string): ViewLink | null {
    const { mode, colors, landmarks, viewers } = this.settings;
    if (!isSyncedPair(mode, leaderId, followerId, colors)) return null;
    const leader = viewers.find((v) => v.viewerId === leaderId);
    const follower = viewers.find((v) => v.viewerId === followerId);
    if (!leader || !follower) return null;
    if (mode === 'landmarks') {
      const block = leader.blockId ? landmarks.get(leader.blockId) : null;
      return block ? landmarkLink(block, leader.slideId, follower.slideId) : null;
    }
    const from = this.references.get(leaderId);
    const to = this.references.get(followerId);
    return from && to
      ? manualLink(
          { reference: from, isFlipped: leader.isFlipped },
          { reference: to, isFlipped: follower.isFlipped },
        )
      : null;
  }

  /** The cross-hair shows on each map that is synced with another (spec 2 §2, §4). */
  private showCrosshairs(): void {
    const { isCrosshairOn, mode, colors } = this.settings;
    for (const [viewerId, { map }] of this.maps)
      map.showCrosshair(
        isCrosshairOn && this.settings.viewers.some((v) => isSyncedPair(mode, viewerId, v.viewerId, colors)),
      );
  }

  /** Stops the pending sends (the page is leaving). */
  dispose(): void {
    for (const viewerId of [...this.maps.keys()]) this.unregister(viewerId);
  }
}
