import { WsiError } from '../errors.ts';

/** Samples of one fluorescence channel tile, one sample per pixel, row by row. */
export type ChannelSamples =
  | Uint8Array
  | Int8Array
  | Uint16Array
  | Int16Array
  | Float32Array
  | Uint32Array
  | Int32Array
  | Float64Array;

export interface ChannelTile {
  samples: ChannelSamples;
  width: number;
  height: number;
}

/** One channel's display window and colour (the tile path's equalization, already clamped to the limits). */
export interface CompositeWindow {
  enabled: boolean;
  min: number;
  max: number;
  /** 0..255 each. */
  rgb: readonly [number, number, number];
}

/**
 * The standard fluorescence composite: for every enabled channel the linear window
 * t = clamp((v − min) / (max − min), 0, 1) times the channel colour, added up and clamped to 255.
 * `tiles[i]` goes with `windows[i]`; a disabled channel's tile may be null (the caller need not decode it).
 * min = max is a step (v ≥ max → full colour), which clamping a window to its limits can produce.
 *
 * Speed: each channel's contribution is one packed word, r | g << 10 | b << 20, so a channel pass is one
 * table read and one add per pixel. Ten bits per colour hold four channels' sums (4 × 255 < 1024), so
 * channels go in groups of four, each group flushed into the Uint8ClampedArray output, whose stores clamp
 * (all contributions are ≥ 0, so clamping per group equals clamping the total). 8- and 16-bit channels use a
 * lookup table (256 or 65,536 words) cached by window; signed types index it through an unsigned view of
 * their bytes. Float channels compute the window per pixel.
 */
export function compositeChannels(
  tiles: readonly (ChannelTile | null | undefined)[],
  windows: readonly CompositeWindow[],
): Uint8ClampedArray {
  const active: { tile: ChannelTile; window: CompositeWindow }[] = [];
  let size: { width: number; height: number } | null = null;
  windows.forEach((window, index) => {
    if (!window.enabled) return;
    const tile = tiles[index];
    if (!tile) throw new WsiError('out-of-range', `No tile for enabled channel ${index}`);
    if (size && (tile.width !== size.width || tile.height !== size.height)) {
      throw new WsiError(
        'corrupt',
        `Channel ${index} tile is ${tile.width}×${tile.height}, not ${size.width}×${size.height}`,
      );
    }
    if (tile.samples.length < tile.width * tile.height) {
      throw new WsiError(
        'corrupt',
        `Channel ${index} tile has ${tile.samples.length} samples for ${tile.width}×${tile.height} pixels`,
      );
    }
    size = { width: tile.width, height: tile.height };
    if (window.rgb[0] !== 0 || window.rgb[1] !== 0 || window.rgb[2] !== 0) active.push({ tile, window });
  });
  const first = size ?? tiles.find((t) => t);
  if (!first) throw new WsiError('out-of-range', 'No channel tile to composite');
  const pixels = first.width * first.height;
  const rgb = new Uint8ClampedArray(pixels * 3);
  if (active.length === 0) return rgb;
  const packed = scratchWords(pixels);
  for (let group = 0; group < active.length; group += CHANNELS_PER_GROUP) {
    const members = active.slice(group, group + CHANNELS_PER_GROUP);
    const lookups = members.flatMap(({ tile, window }) => lookupOf(tile.samples, window) ?? []);
    const computed = members.filter(({ tile }) => !isLookupType(tile.samples));
    // Two table channels per loop halve the passes over the sums; the first pass writes, saving a fill.
    let isWritten = false;
    for (let k = 0; k < lookups.length; k += 2) {
      const a = lookups[k]!;
      const b = lookups[k + 1];
      if (b) sumPair(packed, a.samples, a.table, b.samples, b.table, pixels, isWritten);
      else sumOne(packed, a.samples, a.table, pixels, isWritten);
      isWritten = true;
    }
    if (!isWritten) packed.fill(0);
    for (const { tile, window } of computed) addComputed(packed, tile.samples, pixels, window);
    flush(rgb, packed, pixels, group === 0);
  }
  return rgb;
}

const CHANNELS_PER_GROUP = 4;

/**
 * The packed sums live in one reused buffer: compositing is synchronous, so calls never share it, and a
 * tile need not allocate and zero a fresh megabyte. It keeps the size of the largest composite made.
 */
let scratch = new Uint32Array(0);
function scratchWords(pixels: number): Uint32Array {
  if (scratch.length < pixels) scratch = new Uint32Array(pixels);
  return scratch.subarray(0, pixels);
}

const FIELD = 1023;

function flush(rgb: Uint8ClampedArray, packed: Uint32Array, pixels: number, isFirst: boolean): void {
  if (isFirst) {
    for (let i = 0, o = 0; i < pixels; i++, o += 3) {
      const p = packed[i]!;
      rgb[o] = p & FIELD;
      rgb[o + 1] = (p >>> 10) & FIELD;
      rgb[o + 2] = p >>> 20;
    }
    return;
  }
  for (let i = 0, o = 0; i < pixels; i++, o += 3) {
    const p = packed[i]!;
    if (p === 0) continue;
    rgb[o] = rgb[o]! + (p & FIELD);
    rgb[o + 1] = rgb[o + 1]! + ((p >>> 10) & FIELD);
    rgb[o + 2] = rgb[o + 2]! + (p >>> 20);
  }
}

type LookupSamples = Uint8Array | Uint16Array;

function isLookupType(samples: ChannelSamples): boolean {
  return (
    samples instanceof Uint8Array ||
    samples instanceof Uint16Array ||
    samples instanceof Int8Array ||
    samples instanceof Int16Array
  );
}

/** The table and the unsigned view to index it with, for 8- and 16-bit channels; null for the others. */
function lookupOf(
  samples: ChannelSamples,
  window: CompositeWindow,
): { samples: LookupSamples; table: Uint32Array } | null {
  if (samples instanceof Uint8Array) return { samples, table: channelTable(8, false, window) };
  if (samples instanceof Uint16Array) return { samples, table: channelTable(16, false, window) };
  if (samples instanceof Int8Array) {
    return {
      samples: new Uint8Array(samples.buffer, samples.byteOffset, samples.length),
      table: channelTable(8, true, window),
    };
  }
  if (samples instanceof Int16Array) {
    return {
      samples: new Uint16Array(samples.buffer, samples.byteOffset, samples.length),
      table: channelTable(16, true, window),
    };
  }
  return null;
}

/** One channel's packed contribution at window intensity t (0..1), rounded per colour. */
function pack(t: number, r: number, g: number, b: number): number {
  // Math.round without the call: t·c ≥ 0, so adding 0.5 and truncating rounds the same way.
  return (t * r + 0.5) | 0 | (((t * g + 0.5) | 0) << 10) | (((t * b + 0.5) | 0) << 20);
}

/**
 * Tables are cached by window: a viewer asks for many tiles with one equalization, and a 16-bit table costs
 * more to build (~65k entries) than a small tile costs to composite. 32 tables of 256 KB at most.
 */
const TABLE_CACHE_SIZE = 32;
const tableCache = new Map<string, Uint32Array>();

/**
 * Packed contribution (r | g << 10 | b << 20) for every possible stored value. For signed types the index
 * is the two's-complement bit pattern, so 0xff of an int8 is −1.
 */
export function channelTable(bits: 8 | 16, isSigned: boolean, window: CompositeWindow): Uint32Array {
  const [r, g, b] = window.rgb;
  const { min, max } = window;
  const key = `${bits}:${isSigned ? 's' : 'u'}:${min}:${max}:${r},${g},${b}`;
  const cached = tableCache.get(key);
  if (cached) {
    tableCache.delete(key); // re-insert: Map order is the LRU order
    tableCache.set(key, cached);
    return cached;
  }
  const count = 1 << bits;
  const half = count >> 1;
  const table = new Uint32Array(count);
  const isStep = !(max > min);
  // Divide rather than multiply by a reciprocal: (v − min) / (max − min) is the window as defined, and the
  // reciprocal differs in the last bit, which moves exact .5 ties to the other side when rounding.
  const range = max - min;
  const full = pack(1, r, g, b);
  for (let index = 0; index < count; index++) {
    const value = isSigned && index >= half ? index - count : index;
    if (value >= max) table[index] = full;
    else if (!isStep && value > min) table[index] = pack((value - min) / range, r, g, b);
  }
  tableCache.set(key, table);
  if (tableCache.size > TABLE_CACHE_SIZE) tableCache.delete(tableCache.keys().next().value!);
  return table;
}

function sumOne(
  packed: Uint32Array,
  s: LookupSamples,
  t: Uint32Array,
  pixels: number,
  isAdding: boolean,
): void {
  if (isAdding) for (let i = 0; i < pixels; i++) packed[i] = packed[i]! + t[s[i]!]!;
  else for (let i = 0; i < pixels; i++) packed[i] = t[s[i]!]!;
}

function sumPair(
  packed: Uint32Array,
  s1: LookupSamples,
  t1: Uint32Array,
  s2: LookupSamples,
  t2: Uint32Array,
  pixels: number,
  isAdding: boolean,
): void {
  if (isAdding) for (let i = 0; i < pixels; i++) packed[i] = packed[i]! + t1[s1[i]!]! + t2[s2[i]!]!;
  else for (let i = 0; i < pixels; i++) packed[i] = t1[s1[i]!]! + t2[s2[i]!]!;
}

function addComputed(
  packed: Uint32Array,
  samples: ChannelSamples,
  pixels: number,
  window: CompositeWindow,
): void {
  const [r, g, b] = window.rgb;
  const { min, max } = window;
  const isStep = !(max > min);
  const range = max - min;
  const full = pack(1, r, g, b);
  for (let i = 0; i < pixels; i++) {
    const v = samples[i]!;
    if (v >= max) packed[i] = packed[i]! + full;
    // Below min, at min and NaN add nothing; a step window has nothing between min and max.
    else if (!isStep && v > min) packed[i] = packed[i]! + pack((v - min) / range, r, g, b);
  }
}
