/**
 * A set's cell markers as the tools edit them (spec 2 §4 "Cell marker"), kept as typed arrays like the
 * binary transport they come in — a million markers, no object per marker. Edits change single
 * entries: an added marker is appended, a deleted one is marked dead (drawn transparent, never hit),
 * a moved one gets new coordinates, new classes are kept beside the transport's. Listeners hear which
 * entries changed, so the GPU layer uploads those alone. Finding the marker under the pointer uses a
 * grid of buckets over the image, built on first use and kept current by each edit.
 */
import {
  markerAt,
  type BinaryCellMarkers,
  type CellMarkerClass,
  type MarkerSnapshot,
  type Position,
} from '@tessera/domain';
import { isTemporaryId, TEMPORARY_ID_PREFIX } from './region-features.ts';

/** Image pixels a bucket of the hit-test grid spans. */
const BUCKET = 256;
const bucketOf = (x: number, y: number) => Math.floor(x / BUCKET) * 1_000_003 + Math.floor(y / BUCKET);

/** Which entries changed (an index past those drawn is a new one). */
export interface MarkerChange {
  indices: readonly number[];
}

export class MarkerStore {
  /** Entries in use (live and dead). */
  count: number;
  x: Float64Array;
  y: Float64Array;
  private live: Uint8Array;
  /** Stored ids as numbers; a new marker's TMP_n is -n until it is saved. */
  private ids: Float64Array;
  /** Classes of entries added or changed here; the others are the transport's. */
  private readonly edited = new Map<number, CellMarkerClass[]>();
  private byId: Map<number, number> | null = null;
  private grid: Map<number, number[]> | null = null;
  private readonly listeners = new Set<(change: MarkerChange) => void>();

  constructor(private readonly binary: BinaryCellMarkers) {
    const n = binary.ids.length;
    this.count = n;
    // The answer's own arrays, edited in place: the store is their one reader.
    this.x = binary.x;
    this.y = binary.y;
    this.ids = new Float64Array(binary.ids);
    this.live = new Uint8Array(n).fill(1);
  }

  onChange(listener: (change: MarkerChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isLive = (i: number): boolean => this.live[i] === 1;

  idAt(i: number): string {
    const id = this.ids[i]!;
    return id < 0 ? `${TEMPORARY_ID_PREFIX}${-id}` : String(id);
  }

  classesAt(i: number): CellMarkerClass[] {
    return this.edited.get(i) ?? (i < this.binary.ids.length ? [...markerAt(this.binary, i).classes] : []);
  }

  /** The first class of an entry (its colour), without building its list. */
  firstClassAt(i: number): string | undefined {
    const edited = this.edited.get(i);
    if (edited) return edited[0]?.classId;
    const start = this.binary.classStart[i]!;
    return start < this.binary.classStart[i + 1]!
      ? this.binary.classNames[this.binary.classIndex[start]!]
      : undefined;
  }

  /**
   * Every entry's first class at once (drawing them all): class names, and per entry an index into them,
   * -1 for none; a million entries without a lookup by name each.
   */
  firstClasses(): { names: string[]; index: Int32Array } {
    const { classStart, classIndex, classNames } = this.binary;
    const names = [...classNames];
    const index = new Int32Array(this.count);
    const sent = Math.min(this.count, this.binary.ids.length);
    for (let i = 0; i < sent; i++)
      index[i] = classStart[i]! < classStart[i + 1]! ? classIndex[classStart[i]!]! : -1;
    for (let i = sent; i < this.count; i++) index[i] = -1;
    for (const [i, classes] of this.edited) {
      const name = classes[0]?.classId;
      if (name === undefined) index[i] = -1;
      else index[i] = names.includes(name) ? names.indexOf(name) : names.push(name) - 1;
    }
    return { names, index };
  }

  indexOf(id: string): number {
    this.byId ??= this.indexIds();
    return this.byId.get(numericId(id)) ?? -1;
  }

  snapshot(id: string): MarkerSnapshot | null {
    const i = this.indexOf(id);
    if (i < 0 || !this.isLive(i)) return null;
    return { id, position: [this.x[i]!, this.y[i]!], classes: this.classesAt(i) };
  }

  /** Shows a marker: its entry again when it is known (an undone delete), else a new one. */
  put(marker: MarkerSnapshot): void {
    let i = this.indexOf(marker.id);
    if (i < 0) {
      i = this.append(numericId(marker.id));
    } else {
      this.unbucket(i);
    }
    this.x[i] = marker.position[0];
    this.y[i] = marker.position[1];
    this.live[i] = 1;
    this.edited.set(i, marker.classes);
    this.bucket(i);
    this.changed([i]);
  }

  remove(ids: readonly string[]): void {
    const changed: number[] = [];
    for (const id of ids) {
      const i = this.indexOf(id);
      if (i < 0 || !this.isLive(i)) continue;
      this.unbucket(i);
      this.live[i] = 0;
      changed.push(i);
    }
    this.changed(changed);
  }

  /** Moves a marker while it is dragged (and when a move is saved or undone). */
  move(id: string, [x, y]: Position): void {
    const i = this.indexOf(id);
    if (i < 0) return;
    this.unbucket(i);
    this.x[i] = x;
    this.y[i] = y;
    this.bucket(i);
    this.changed([i]);
  }

  setClasses(id: string, classes: CellMarkerClass[]): void {
    const i = this.indexOf(id);
    if (i < 0) return;
    this.edited.set(i, classes);
    this.changed([i]);
  }

  /** A new marker saved: its temporary id becomes the server's. */
  rename(from: string, to: string): void {
    const i = this.indexOf(from);
    if (i < 0) return;
    this.byId!.delete(numericId(from));
    this.ids[i] = numericId(to);
    this.byId!.set(numericId(to), i);
  }

  /** The live marker nearest to (x, y) within `radius` image pixels, or -1. */
  nearest(x: number, y: number, radius: number): number {
    this.grid ??= this.buildGrid();
    let best = -1;
    let bestDistance = radius * radius;
    for (let bx = Math.floor((x - radius) / BUCKET); bx <= Math.floor((x + radius) / BUCKET); bx++)
      for (let by = Math.floor((y - radius) / BUCKET); by <= Math.floor((y + radius) / BUCKET); by++) {
        for (const i of this.grid.get(bx * 1_000_003 + by) ?? []) {
          const d = (this.x[i]! - x) ** 2 + (this.y[i]! - y) ** 2;
          if (d <= bestDistance) {
            best = i;
            bestDistance = d;
          }
        }
      }
    return best;
  }

  private append(id: number): number {
    if (this.count === this.x.length) {
      const capacity = Math.max(64, this.count * 2);
      this.x = grow(this.x, capacity);
      this.y = grow(this.y, capacity);
      this.ids = grow(this.ids, capacity);
      const live = new Uint8Array(capacity);
      live.set(this.live);
      this.live = live;
    }
    const i = this.count++;
    this.ids[i] = id;
    this.byId?.set(id, i);
    return i;
  }

  private indexIds(): Map<number, number> {
    const map = new Map<number, number>();
    for (let i = 0; i < this.count; i++) map.set(this.ids[i]!, i);
    return map;
  }

  private buildGrid(): Map<number, number[]> {
    const grid = new Map<number, number[]>();
    for (let i = 0; i < this.count; i++) {
      if (!this.live[i]) continue;
      const key = bucketOf(this.x[i]!, this.y[i]!);
      const bucket = grid.get(key);
      if (bucket) bucket.push(i);
      else grid.set(key, [i]);
    }
    return grid;
  }

  private bucket(i: number): void {
    if (!this.grid) return;
    const key = bucketOf(this.x[i]!, this.y[i]!);
    const bucket = this.grid.get(key);
    if (bucket) bucket.push(i);
    else this.grid.set(key, [i]);
  }

  private unbucket(i: number): void {
    const bucket = this.grid?.get(bucketOf(this.x[i]!, this.y[i]!));
    const at = bucket?.indexOf(i) ?? -1;
    if (bucket && at >= 0) bucket.splice(at, 1);
  }

  private changed(indices: readonly number[]): void {
    if (indices.length === 0) return;
    for (const listener of this.listeners) listener({ indices });
  }
}

const numericId = (id: string): number =>
  isTemporaryId(id) ? -Number(id.slice(TEMPORARY_ID_PREFIX.length)) : Number(id);

function grow<T extends Float64Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}
