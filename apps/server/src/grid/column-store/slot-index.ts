/**
 * The slots of a column store: each slide of the project has one, its index into every column array.
 * Slides present when the store was built have their slots in id order; their ids (24 hex digits, 96
 * bits) are kept as two 48-bit numbers and found by binary search, which costs 16 bytes a slide where a
 * Map of strings would cost about ten times that. Slides added later get slots at the end, found through a
 * small map. `order` lists the slots in id order — the tiebreak of every sort, as in SQL's `ORDER BY …, id`.
 */

const HEX_ID = /^[0-9a-f]{24}$/;
const HEX_DIGITS = '0123456789abcdef';

/** A 48-bit number as 12 lower-case hex digits (a double's toString(16) took a few microseconds). */
function hex12(n: number): string {
  const high = Math.floor(n / 0x1000000);
  const low = n % 0x1000000;
  let out = '';
  for (let shift = 20; shift >= 0; shift -= 4) out += HEX_DIGITS[(high >>> shift) & 15];
  for (let shift = 20; shift >= 0; shift -= 4) out += HEX_DIGITS[(low >>> shift) & 15];
  return out;
}

export class SlotIndex {
  /** Slot count, deleted slides included (their bit in `alive` is 0). */
  size: number;
  /** The live slots as bits (slot-mask.ts layout). */
  alive: Int32Array;
  private readonly hi: Float64Array;
  private readonly lo: Float64Array;
  private readonly added = new Map<string, number>();
  private readonly addedIds: string[] = [];
  private sorted: Int32Array | null = null;

  private constructor(hi: Float64Array, lo: Float64Array) {
    this.hi = hi;
    this.lo = lo;
    this.size = hi.length;
    this.alive = new Int32Array(Math.max(1, Math.ceil(this.size / 32)));
    for (let slot = 0; slot < this.size; slot++) this.alive[slot >>> 5]! |= 1 << (slot & 31);
  }

  /** The index of the given ids (any order); null when one is not 24 lower-case hex digits (the store then declines). */
  static build(ids: readonly string[]): SlotIndex | null {
    const keys = new Array<[number, number]>(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (!HEX_ID.test(id)) return null;
      keys[i] = [parseInt(id.slice(0, 12), 16), parseInt(id.slice(12), 16)];
    }
    keys.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return new SlotIndex(
      Float64Array.from(keys, (k) => k[0]),
      Float64Array.from(keys, (k) => k[1]),
    );
  }

  /** Slides present at build time, and those added since. */
  get baseSize(): number {
    return this.hi.length;
  }

  get addedCount(): number {
    return this.addedIds.length;
  }

  setAlive(slot: number, isAlive: boolean): void {
    if (isAlive) this.alive[slot >>> 5]! |= 1 << (slot & 31);
    else this.alive[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  /** The slot of a slide id, or -1. */
  find(id: string): number {
    const extra = this.added.get(id);
    if (extra !== undefined) return extra;
    if (!HEX_ID.test(id)) return -1;
    const h = parseInt(id.slice(0, 12), 16);
    const l = parseInt(id.slice(12), 16);
    let low = 0;
    let high = this.hi.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const d = this.hi[mid]! - h || this.lo[mid]! - l;
      if (d === 0) return mid;
      if (d < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** The slide id of a slot. */
  idOf(slot: number): string {
    if (slot >= this.hi.length) return this.addedIds[slot - this.hi.length]!;
    return hex12(this.hi[slot]!) + hex12(this.lo[slot]!);
  }

  /** A new slot for a slide added since the build (the caller grows its columns to `size`). */
  add(id: string): number {
    const slot = this.size++;
    this.added.set(id, slot);
    this.addedIds.push(id);
    if (this.size > this.alive.length * 32) {
      const grown = new Int32Array(Math.ceil((this.size * 1.5) / 32));
      grown.set(this.alive);
      this.alive = grown;
    }
    this.setAlive(slot, true);
    this.sorted = null;
    return slot;
  }

  /** Slots in id order: the base slots as they are, merged with the added ones sorted by id. */
  get order(): Int32Array {
    if (this.sorted) return this.sorted;
    const base = this.hi.length;
    const extra = this.addedIds
      .map((id, i) => ({ h: parseInt(id.slice(0, 12), 16), l: parseInt(id.slice(12), 16), slot: base + i }))
      .sort((a, b) => a.h - b.h || a.l - b.l);
    const out = new Int32Array(this.size);
    let b = 0;
    let e = 0;
    for (let k = 0; k < out.length; k++) {
      const next = extra[e];
      const baseFirst = b < base && (!next || (this.hi[b]! - next.h || this.lo[b]! - next.l) < 0);
      if (baseFirst) out[k] = b++;
      else out[k] = extra[e++]!.slot;
    }
    this.sorted = out;
    return out;
  }

  /** Bytes held (for the store's memory budget). */
  get bytes(): number {
    return this.hi.byteLength * 2 + this.alive.byteLength + this.size * 4 + this.addedIds.length * 120;
  }
}
