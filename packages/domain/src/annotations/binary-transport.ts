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
 *   'TSRA' · u32 format 2 · u32 features N · u32 class names C · u32 rings R · u32 vertices V
 *   · u32 answer flags (1: truncated — a viewport met more features than the limit asked for)
 *   · class names as above
 *   · f64 xy[2V] · u32 id[N] · u32 ringStart[N + 1] · u32 vertexStart[R + 1] · u16 classIndex[N]
 *   · u8 type[N] (index in REGION_ANNOTATION_TYPES) · u8 flags[N] (1 locked, 2 line string, 4 point)
 */
import { CELL_MARKER_RANKINGS, CELL_MARKER_RATINGS, REGION_ANNOTATION_TYPES } from './annotation-features.ts';
import type { CellMarkerClass, RegionAnnotationType } from './annotation-features.ts';
import type { Geometry, Position } from './geometry.ts';
import { readGeometryText, type PositionSink } from './geometry-text.ts';
import { a8, classTable, encoder, grown, headerLength, readHead, reader, Writer } from './binary-layout.ts';
import { THINNED_MINIMUM, thinnedIndices } from './level-of-detail.ts';

export const CELL_MARKERS_MEDIA_TYPE = 'application/vnd.tessera.cell-markers';
export const REGIONS_MEDIA_TYPE = 'application/vnd.tessera.regions';

/** Each layout's format number: a reader refuses another (format 2 of regions added the answer flags). */
const MARKERS_FORMAT = 1;
const REGIONS_FORMAT = 2;
/** A region's flags[i] bits. */
export const REGION_FLAGS = { locked: 1, line: 2, point: 4 } as const;
const FLAG_LOCKED = REGION_FLAGS.locked;
const FLAG_LINE = REGION_FLAGS.line;
const FLAG_POINT = REGION_FLAGS.point;
const ANSWER_TRUNCATED = 1;

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
  /** A viewport met more features than the limit asked for: these are the first of them. */
  truncated: boolean;
}

export interface MarkerRecord {
  id: number;
  x: number;
  y: number;
  classes: readonly CellMarkerClass[];
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
    w.header('TSCM', MARKERS_FORMAT, [n, names.length, entries]);
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

export function decodeCellMarkers(buffer: ArrayBuffer): BinaryCellMarkers {
  const { values, classNames, offset } = readHead(buffer, 'TSCM', MARKERS_FORMAT, 3);
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

const KIND_FLAGS: Record<Geometry['type'], number> = { Polygon: 0, LineString: FLAG_LINE, Point: FLAG_POINT };

/**
 * Region outlines added one at a time — from parsed geometries, from their stored JSON text (read
 * without JSON.parse: geometry-text.ts) or as a single point — then encoded into one buffer. Nothing
 * per region is kept but numbers in typed arrays.
 */
export class RegionCollector implements PositionSink {
  private n = 0;
  private rings = 0;
  private vertices = 0;
  private ids = new Uint32Array(1024);
  private classIndex = new Uint16Array(1024);
  private type = new Uint8Array(1024);
  private flags = new Uint8Array(1024);
  private ringStart = new Uint32Array(1025);
  private vertexStart = new Uint32Array(1025);
  private xy = new Float64Array(16_384);
  private readonly table = classTable();

  get count(): number {
    return this.n;
  }

  /** A region whose geometry is parsed. */
  add(r: RegionRecord): void {
    this.start(r.id, r.classId, r.type, r.isLocked, KIND_FLAGS[r.geometry.type]);
    for (const positions of ringsOf(r.geometry)) {
      this.ring();
      for (const [x, y] of positions) this.position(x, y);
    }
  }

  /**
   * A region whose geometry is the stored JSON `text`, thinned to `tolerance` when one is given
   * (level-of-detail.ts). False, with nothing added, when the text is not one readGeometryText knows.
   */
  addText(
    id: number,
    classId: string,
    type: RegionAnnotationType,
    isLocked: boolean,
    text: string,
    tolerance?: number,
  ): boolean {
    const { rings, vertices } = this;
    this.start(id, classId, type, isLocked, 0);
    const kind = readGeometryText(text, this);
    if (!kind) {
      this.n--;
      this.rings = rings;
      this.vertices = vertices;
      return false;
    }
    this.flags[this.n - 1] = this.flags[this.n - 1]! | KIND_FLAGS[kind];
    if (tolerance !== undefined && kind !== 'Point')
      this.thinLast(tolerance, kind === 'Polygon' ? THINNED_MINIMUM.ring : THINNED_MINIMUM.line);
    return true;
  }

  /** A region shown as one point (a centroid). */
  addPoint(id: number, classId: string, type: RegionAnnotationType, isLocked: boolean, x: number, y: number) {
    this.start(id, classId, type, isLocked, FLAG_POINT);
    this.ring();
    this.position(x, y);
  }

  ring(): void {
    const r = this.rings++;
    // One more start than rings: the end of the last ring's vertices.
    if (r + 1 >= this.vertexStart.length) this.vertexStart = grown(this.vertexStart, r + 2);
    this.vertexStart[r] = this.vertices;
  }

  position(x: number, y: number): void {
    const v = this.vertices++;
    if (v * 2 + 1 >= this.xy.length) this.xy = grown(this.xy, v * 2 + 2);
    this.xy[v * 2] = x;
    this.xy[v * 2 + 1] = y;
  }

  encode({ truncated = false }: { truncated?: boolean } = {}): ArrayBuffer {
    const { n, rings, vertices } = this;
    this.ringStart[n] = rings;
    this.vertexStart[rings] = vertices;
    const names = this.table.names.map((name) => encoder.encode(name));
    const length =
      headerLength(5, names) +
      a8(vertices * 16) +
      a8(n * 4) +
      a8((n + 1) * 4) +
      a8((rings + 1) * 4) +
      a8(n * 2) +
      a8(n) * 2;
    const w = new Writer(length);
    w.header('TSRA', REGIONS_FORMAT, [n, names.length, rings, vertices, truncated ? ANSWER_TRUNCATED : 0]);
    w.names(names);
    w.array(Float64Array, vertices * 2).set(this.xy.subarray(0, vertices * 2));
    w.array(Uint32Array, n).set(this.ids.subarray(0, n));
    w.array(Uint32Array, n + 1).set(this.ringStart.subarray(0, n + 1));
    w.array(Uint32Array, rings + 1).set(this.vertexStart.subarray(0, rings + 1));
    w.array(Uint16Array, n).set(this.classIndex.subarray(0, n));
    w.array(Uint8Array, n).set(this.type.subarray(0, n));
    w.array(Uint8Array, n).set(this.flags.subarray(0, n));
    return w.buffer;
  }

  private start(id: number, classId: string, type: RegionAnnotationType, isLocked: boolean, kind: number) {
    const i = this.n++;
    if (i + 1 >= this.ringStart.length) {
      this.ids = grown(this.ids, i + 1);
      this.classIndex = grown(this.classIndex, i + 1);
      this.type = grown(this.type, i + 1);
      this.flags = grown(this.flags, i + 1);
      this.ringStart = grown(this.ringStart, this.ids.length + 1);
    }
    this.ids[i] = id;
    this.classIndex[i] = this.table.indexOf(classId);
    this.type[i] = REGION_ANNOTATION_TYPES.indexOf(type);
    this.flags[i] = kind | (isLocked ? FLAG_LOCKED : 0);
    this.ringStart[i] = this.rings;
  }

  /** Thins each ring of the last region in place, moving the later rings' vertices down. */
  private thinLast(tolerance: number, minimum: number): void {
    const xy = this.xy;
    let write = this.vertexStart[this.ringStart[this.n - 1]!]!;
    for (let r = this.ringStart[this.n - 1]!; r < this.rings; r++) {
      const from = this.vertexStart[r]!;
      const to = r + 1 < this.rings ? this.vertexStart[r + 1]! : this.vertices;
      const kept = thinnedIndices(
        to - from,
        (i) => xy[(from + i) * 2]!,
        (i) => xy[(from + i) * 2 + 1]!,
        tolerance,
        minimum,
      );
      this.vertexStart[r] = write;
      // Kept indices rise and write never passes the read: the move is safe in place.
      for (const i of kept) {
        xy[write * 2] = xy[(from + i) * 2]!;
        xy[write * 2 + 1] = xy[(from + i) * 2 + 1]!;
        write++;
      }
    }
    this.vertices = write;
  }
}

export function encodeRegions(
  regions: readonly RegionRecord[],
  options: { truncated?: boolean } = {},
): ArrayBuffer {
  const collector = new RegionCollector();
  for (const r of regions) collector.add(r);
  return collector.encode(options);
}

export function decodeRegions(buffer: ArrayBuffer): BinaryRegions {
  const { values, classNames, offset } = readHead(buffer, 'TSRA', REGIONS_FORMAT, 5);
  const [n, , rings, vertices, answer] = values as [number, number, number, number, number];
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
    truncated: (answer & ANSWER_TRUNCATED) !== 0,
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
