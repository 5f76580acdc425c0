/**
 * The binary transport of big annotation collections (issue #13 point 4; DESIGN §9): cell markers and
 * region outlines as typed arrays, so the viewer reads a million markers as a few array views instead of
 * parsing hundreds of megabytes of JSON, and hands them to the GPU as they are. Little-endian; every
 * array starts at a multiple of its element size. Layout (docs/architecture.md "Binary transport"):
 *
 * Cell markers, `application/vnd.tessera.cell-markers`:
 *   'TSCM' · u32 format 1 · u32 markers N · u32 class names C · u32 class entries E
 *   · C × (u16 byte length, UTF-8 name) padded to 8
 *   · f64 x[N] · f64 y[N] · u32 id[N] · u32 classStart[N + 1] · u16 classIndex[E] · u8 rating[E] · u8 ranking[E]
 *   A marker's classes are entries classStart[i] … classStart[i + 1] − 1; rating and ranking are 1 + their
 *   index in CELL_MARKER_RATINGS / CELL_MARKER_RANKINGS, 0 for none.
 *
 * Region outlines, `application/vnd.tessera.regions`:
 *   'TSRA' · u32 format 1 · u32 features N · u32 class names C · u32 rings R · u32 vertices V
 *   · class names as above
 *   · f64 xy[2V] · u32 id[N] · u32 ringStart[N + 1] · u32 vertexStart[R + 1] · u16 classIndex[N]
 *   · u8 type[N] (index in REGION_ANNOTATION_TYPES) · u8 flags[N] (1 locked, 2 line string, 4 point)
 */
import { CELL_MARKER_RANKINGS, CELL_MARKER_RATINGS, REGION_ANNOTATION_TYPES } from './annotation-features.ts';
import type { CellMarkerClass, RegionAnnotationType } from './annotation-features.ts';
import type { Geometry, Position } from './geometry.ts';

export const CELL_MARKERS_MEDIA_TYPE = 'application/vnd.tessera.cell-markers';
export const REGIONS_MEDIA_TYPE = 'application/vnd.tessera.regions';

const FORMAT = 1;
const FLAG_LOCKED = 1;
const FLAG_LINE = 2;
const FLAG_POINT = 4;

export interface BinaryCellMarkers {
  ids: Uint32Array;
  x: Float64Array;
  y: Float64Array;
  classStart: Uint32Array;
  classIndex: Uint16Array;
  rating: Uint8Array;
  ranking: Uint8Array;
  classNames: string[];
}

export interface BinaryRegions {
  ids: Uint32Array;
  xy: Float64Array;
  ringStart: Uint32Array;
  vertexStart: Uint32Array;
  classIndex: Uint16Array;
  type: Uint8Array;
  flags: Uint8Array;
  classNames: string[];
}

const pad8 = (n: number) => (n + 7) & ~7;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The byte length of the class-name table, padded. */
function namesLength(names: readonly Uint8Array[]): number {
  return names.reduce((n, name) => n + 2 + name.length, 0);
}

/** Writes sections in order into one buffer; each typed array lands on its own alignment. */
class Writer {
  readonly buffer: ArrayBuffer;
  readonly view: DataView;
  offset = 0;
  constructor(length: number) {
    this.buffer = new ArrayBuffer(length);
    this.view = new DataView(this.buffer);
  }
  header(magic: string, counts: readonly number[]) {
    for (let i = 0; i < 4; i++) this.view.setUint8(i, magic.charCodeAt(i));
    this.view.setUint32(4, FORMAT, true);
    counts.forEach((n, i) => this.view.setUint32(8 + i * 4, n, true));
    this.offset = 8 + counts.length * 4;
  }
  names(names: readonly Uint8Array[]) {
    for (const name of names) {
      this.view.setUint16(this.offset, name.length, true);
      new Uint8Array(this.buffer, this.offset + 2, name.length).set(name);
      this.offset += 2 + name.length;
    }
    this.offset = pad8(this.offset);
  }
  array<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(
    kind: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
    length: number,
  ): T {
    const array = new kind(this.buffer, this.offset, length);
    this.offset += length * kind.BYTES_PER_ELEMENT;
    this.offset = Math.ceil(this.offset / 8) * 8;
    return array;
  }
}

function headerLength(counts: number, names: readonly Uint8Array[]) {
  return pad8(8 + counts * 4 + namesLength(names));
}
const a8 = (bytes: number) => pad8(bytes);

/** Class names in first-seen order, and a lookup from name to index. */
function classTable() {
  const names: string[] = [];
  const index = new Map<string, number>();
  return {
    names,
    indexOf(name: string) {
      let i = index.get(name);
      if (i === undefined) {
        i = names.length;
        if (i > 0xffff) throw new Error('More than 65,536 classes in one collection');
        names.push(name);
        index.set(name, i);
      }
      return i;
    },
  };
}

export interface MarkerRecord {
  id: number;
  x: number;
  y: number;
  classes: readonly CellMarkerClass[];
}

/** A typed array that doubles when full: markers arrive one at a time, their count unknown. */
function grown<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Cell markers added one at a time — as rows stream from the database, a million without a million
 * objects — then encoded into one buffer. Each distinct classes list is turned into entries once.
 */
export class CellMarkerCollector {
  private n = 0;
  private entries = 0;
  private x = new Float64Array(1024);
  private y = new Float64Array(1024);
  private ids = new Uint32Array(1024);
  private classStart = new Uint32Array(1025);
  private classIndex = new Uint16Array(1024);
  private rating = new Uint8Array(1024);
  private ranking = new Uint8Array(1024);
  private readonly table = classTable();

  get count(): number {
    return this.n;
  }

  add(id: number, x: number, y: number, classes: readonly CellMarkerClass[]): void {
    const i = this.n++;
    if (i >= this.x.length) {
      this.x = grown(this.x, i + 1);
      this.y = grown(this.y, i + 1);
      this.ids = grown(this.ids, i + 1);
      // One more start than markers: the end of the last marker's entries.
      this.classStart = grown(this.classStart, this.x.length + 1);
    }
    this.x[i] = x;
    this.y[i] = y;
    this.ids[i] = id;
    this.classStart[i] = this.entries;
    const end = this.entries + classes.length;
    if (end > this.classIndex.length) {
      this.classIndex = grown(this.classIndex, end);
      this.rating = grown(this.rating, end);
      this.ranking = grown(this.ranking, end);
    }
    for (const c of classes) {
      const e = this.entries++;
      this.classIndex[e] = this.table.indexOf(c.classId);
      this.rating[e] = c.rating ? CELL_MARKER_RATINGS.indexOf(c.rating) + 1 : 0;
      this.ranking[e] = c.ranking ? CELL_MARKER_RANKINGS.indexOf(c.ranking) + 1 : 0;
    }
  }

  encode(): ArrayBuffer {
    const { n, entries } = this;
    this.classStart[n] = entries;
    const names = this.table.names.map((name) => encoder.encode(name));
    const length =
      headerLength(3, names) +
      a8(n * 8) * 2 +
      a8(n * 4) +
      a8((n + 1) * 4) +
      a8(entries * 2) +
      a8(entries) * 2;
    const w = new Writer(length);
    w.header('TSCM', [n, names.length, entries]);
    w.names(names);
    w.array(Float64Array, n).set(this.x.subarray(0, n));
    w.array(Float64Array, n).set(this.y.subarray(0, n));
    w.array(Uint32Array, n).set(this.ids.subarray(0, n));
    w.array(Uint32Array, n + 1).set(this.classStart.subarray(0, n + 1));
    w.array(Uint16Array, entries).set(this.classIndex.subarray(0, entries));
    w.array(Uint8Array, entries).set(this.rating.subarray(0, entries));
    w.array(Uint8Array, entries).set(this.ranking.subarray(0, entries));
    return w.buffer;
  }
}

export function encodeCellMarkers(markers: readonly MarkerRecord[]): ArrayBuffer {
  const collector = new CellMarkerCollector();
  for (const m of markers) collector.add(m.id, m.x, m.y, m.classes);
  return collector.encode();
}

/** Reads the header and class names; answers the counts and where the arrays begin. */
function readHead(buffer: ArrayBuffer, magic: string, counts: number) {
  const view = new DataView(buffer);
  const seen = String.fromCharCode(...new Uint8Array(buffer, 0, 4));
  if (seen !== magic || view.getUint32(4, true) !== FORMAT)
    throw new Error(`Not a ${magic} format ${FORMAT} buffer`);
  const values = Array.from({ length: counts }, (_, i) => view.getUint32(8 + i * 4, true));
  let offset = 8 + counts * 4;
  const classNames: string[] = [];
  for (let i = 0; i < values[1]!; i++) {
    const length = view.getUint16(offset, true);
    classNames.push(decoder.decode(new Uint8Array(buffer, offset + 2, length)));
    offset += 2 + length;
  }
  return { values, classNames, offset: pad8(offset) };
}

/** A reader over the arrays after the header, in the order they were written. */
function reader(buffer: ArrayBuffer, start: number) {
  let offset = start;
  return <T>(
    kind: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
    length: number,
  ): T => {
    const array = new kind(buffer, offset, length);
    offset = pad8(offset + length * kind.BYTES_PER_ELEMENT);
    return array;
  };
}

export function decodeCellMarkers(buffer: ArrayBuffer): BinaryCellMarkers {
  const { values, classNames, offset } = readHead(buffer, 'TSCM', 3);
  const [n, , entries] = values as [number, number, number];
  const read = reader(buffer, offset);
  const x = read(Float64Array, n);
  const y = read(Float64Array, n);
  const ids = read(Uint32Array, n);
  const classStart = read(Uint32Array, n + 1);
  return {
    x,
    y,
    ids,
    classStart,
    classIndex: read(Uint16Array, entries),
    rating: read(Uint8Array, entries),
    ranking: read(Uint8Array, entries),
    classNames,
  };
}

export interface RegionRecord {
  id: number;
  classId: string;
  type: RegionAnnotationType;
  isLocked: boolean;
  geometry: Geometry;
}

const ringsOf = (g: Geometry): readonly (readonly Position[])[] =>
  g.type === 'Polygon' ? g.coordinates : g.type === 'LineString' ? [g.coordinates] : [[g.coordinates]];

export function encodeRegions(regions: readonly RegionRecord[]): ArrayBuffer {
  const table = classTable();
  let rings = 0;
  let vertices = 0;
  for (const r of regions) {
    table.indexOf(r.classId);
    for (const ring of ringsOf(r.geometry)) {
      rings++;
      vertices += ring.length;
    }
  }
  const names = table.names.map((name) => encoder.encode(name));
  const n = regions.length;
  const length =
    headerLength(4, names) +
    a8(vertices * 16) +
    a8(n * 4) +
    a8((n + 1) * 4) +
    a8((rings + 1) * 4) +
    a8(n * 2) +
    a8(n) * 2;
  const w = new Writer(length);
  w.header('TSRA', [n, names.length, rings, vertices]);
  w.names(names);
  const xy = w.array(Float64Array, vertices * 2);
  const ids = w.array(Uint32Array, n);
  const ringStart = w.array(Uint32Array, n + 1);
  const vertexStart = w.array(Uint32Array, rings + 1);
  const classIndex = w.array(Uint16Array, n);
  const type = w.array(Uint8Array, n);
  const flags = w.array(Uint8Array, n);
  let ring = 0;
  let vertex = 0;
  regions.forEach((r, i) => {
    ids[i] = r.id;
    classIndex[i] = table.indexOf(r.classId);
    type[i] = REGION_ANNOTATION_TYPES.indexOf(r.type);
    flags[i] =
      (r.isLocked ? FLAG_LOCKED : 0) |
      (r.geometry.type === 'LineString' ? FLAG_LINE : 0) |
      (r.geometry.type === 'Point' ? FLAG_POINT : 0);
    ringStart[i] = ring;
    for (const positions of ringsOf(r.geometry)) {
      vertexStart[ring++] = vertex;
      for (const [px, py] of positions) {
        xy[vertex * 2] = px;
        xy[vertex * 2 + 1] = py;
        vertex++;
      }
    }
  });
  ringStart[n] = ring;
  vertexStart[rings] = vertex;
  return w.buffer;
}

export function decodeRegions(buffer: ArrayBuffer): BinaryRegions {
  const { values, classNames, offset } = readHead(buffer, 'TSRA', 4);
  const [n, , rings, vertices] = values as [number, number, number, number];
  const read = reader(buffer, offset);
  const xy = read(Float64Array, vertices * 2);
  const ids = read(Uint32Array, n);
  return {
    xy,
    ids,
    ringStart: read(Uint32Array, n + 1),
    vertexStart: read(Uint32Array, rings + 1),
    classIndex: read(Uint16Array, n),
    type: read(Uint8Array, n),
    flags: read(Uint8Array, n),
    classNames,
  };
}

/** One region back as a record (tests; the viewer reads the arrays directly). */
export function regionAt(regions: BinaryRegions, i: number): RegionRecord {
  const positionsOf = (ring: number): Position[] => {
    const out: Position[] = [];
    for (let v = regions.vertexStart[ring]!; v < regions.vertexStart[ring + 1]!; v++)
      out.push([regions.xy[v * 2]!, regions.xy[v * 2 + 1]!]);
    return out;
  };
  const rings: Position[][] = [];
  for (let ring = regions.ringStart[i]!; ring < regions.ringStart[i + 1]!; ring++)
    rings.push(positionsOf(ring));
  const flags = regions.flags[i]!;
  const geometry: Geometry =
    flags & FLAG_POINT
      ? { type: 'Point', coordinates: rings[0]![0]! }
      : flags & FLAG_LINE
        ? { type: 'LineString', coordinates: rings[0]! }
        : { type: 'Polygon', coordinates: rings };
  return {
    id: regions.ids[i]!,
    classId: regions.classNames[regions.classIndex[i]!]!,
    type: REGION_ANNOTATION_TYPES[regions.type[i]!]!,
    isLocked: (flags & FLAG_LOCKED) !== 0,
    geometry,
  };
}

/** One marker back as a record (tests; the viewer reads the arrays directly). */
export function markerAt(markers: BinaryCellMarkers, i: number): MarkerRecord {
  const classes: CellMarkerClass[] = [];
  for (let e = markers.classStart[i]!; e < markers.classStart[i + 1]!; e++) {
    const rating = CELL_MARKER_RATINGS[markers.rating[e]! - 1];
    const ranking = CELL_MARKER_RANKINGS[markers.ranking[e]! - 1];
    classes.push({
      classId: markers.classNames[markers.classIndex[e]!]!,
      ...(rating ? { rating } : {}),
      ...(ranking ? { ranking } : {}),
    });
  }
  return { id: markers.ids[i]!, x: markers.x[i]!, y: markers.y[i]!, classes };
}
