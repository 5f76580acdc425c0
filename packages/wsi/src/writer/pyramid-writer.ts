import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { endianness } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { RgbColor } from '../formats/model.ts';
import { Limits } from '../tiff/constants.ts';
import { readCheckpoint, removeCheckpoint, writeCheckpoint } from './checkpoint.ts';
import { buildAperioDescription, buildOmeXml } from './descriptions.ts';
import { downsampleIntoQuadrant } from './downsample.ts';
import { buildDirectories } from './directories.ts';
import { planLevels, type PlannedLevel } from './plan.ts';
import { DeflateTileEncoder, JpegTileEncoder } from './tile-encoders.ts';
import { bigTiffHeader, serializeDirectories } from './tiff-directory.ts';

type Samples = Uint8Array | Uint16Array;

export interface PyramidWriterOptions {
  /** Level-0 size in pixels. */
  width: number;
  height: number;
  /** Square tile side, a multiple of 16 (JPEG MCUs); default 256 like libvips. */
  tileSize?: number;
  sampleType: 'uint8' | 'uint16';
  /** Samples per pixel of each channel's plane: 3 for RGB brightfield, 1 for fluorescence channels. */
  samplesPerPixel: 1 | 3;
  /** One entry per stored plane: one RGB channel for brightfield, one per fluorescence channel. */
  channels: { name: string; color?: RgbColor | null }[];
  /** 'jpeg' (YCbCr 4:2:0, RGB uint8 only) for brightfield, 'deflate' (predictor 2, lossless) for fluorescence. */
  compression: 'jpeg' | 'deflate';
  /** Default 85: the quality vips and the benchmarks use. */
  jpegQuality?: number;
  /** zlib level, default 6 (zlib's own default: a good size/speed balance for uint16 tiles). */
  deflateLevel?: number;
  /**
   * 'subifd' (default): OME-TIFF convention, reduced levels are SubIFDs of each channel's IFD; QuPath
   * (Bio-Formats), libvips and our reader see the pyramid. 'chain': levels as successive IFDs with an
   * Aperio-style description, for OpenSlide 3.4.1 and iipsrv, which ignore SubIFDs; one channel only.
   */
  layout?: 'subifd' | 'chain';
  metersPerPixel?: { x: number; y: number } | null;
  magnification?: number | null;
  /** Image name in the metadata; default the file name. */
  name?: string;
  /** OME UUID; default random. Pass one derived from the content for byte-identical reruns. */
  uuid?: string;
  /** Tiles being encoded at once (sharp and zlib run on the libuv pool); default 4. */
  maxInFlight?: number;
  /**
   * Levels whose JPEG tiles are copied from a source file instead of encoded (appendEncoded): each
   * source IFD's JPEGTables and Photometric go into our IFD of that level, so the copied tiles decode as
   * before.
   */
  copiedJpeg?: CopiedJpegLevel[];
}

export interface CopiedJpegLevel {
  level: number;
  tables: Buffer | undefined;
  photometric: number;
}

export interface LevelProgress {
  level: number;
  channel: number;
  converted: number;
  total: number;
}

/** What the caller of checkpoint() needs to go on after a resume: JSON-able `state` and binary `buffers`. */
export interface CallerState {
  state: unknown;
  buffers: Buffer[];
}

/** The writer's own part of a checkpoint (checkpoint.ts holds the file format). */
interface SavedWriter {
  fingerprint: string;
  uuid: string;
  cursor: number;
  nextTile: number;
  converted: number[][];
  jpegTables: string | null;
  appendedTables: string | null;
  /** Pending reduced tiles, one buffer each, after the offsets and byte counts of every level and channel. */
  pending: { level: number; channel: number; index: number }[];
  caller: unknown;
}

interface QueuedTile {
  level: number;
  channel: number;
  index: number;
  bytes: Promise<Buffer>;
}

const WRITE_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Streams a tiled pyramidal BigTIFF to disk. Level-0 tiles are handed in row by row; each is encoded and
 * appended at once, and box-filtered into a pending tile of the next level, which is emitted (and filtered
 * further) as soon as its four sources are in. Memory therefore stays at about one tile row per level,
 * whatever the image size. Alternatively, tiles encoded elsewhere (copied from a source file, or made by
 * LibvipsLevels) are appended as they are with appendEncoded. The IFDs are written at the end; the file is
 * built under a hidden temporary name in the same folder and renamed into place by finish(), so a
 * half-written pyramid is never visible.
 */
export class PyramidWriter {
  readonly levels: PlannedLevel[];
  readonly tileSize: number;
  private readonly offsets: Float64Array[][];
  private readonly byteCounts: Float64Array[][];
  private readonly converted: number[][];
  private readonly pending: (Samples | undefined)[][][];
  private readonly queue: QueuedTile[] = [];
  private readonly jpeg: JpegTileEncoder | undefined;
  private readonly deflate: DeflateTileEncoder | undefined;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private batchStart = 16;
  private cursor = 16;
  private nextTile = 0;
  /** JPEGTables of the reduced levels when their tiles were encoded elsewhere (appendEncoded). */
  private appendedTables: Buffer | undefined;
  private state: 'open' | 'finished' | 'aborted' = 'open';
  private hasCheckpoint = false;

  private constructor(
    private readonly handle: FileHandle,
    private readonly tempPath: string,
    readonly path: string,
    private readonly options: Required<PyramidWriterOptions>,
  ) {
    this.tileSize = options.tileSize;
    this.levels = planLevels(options.width, options.height, options.tileSize);
    const perLevel = <T>(make: (level: PlannedLevel) => T): T[][] =>
      this.levels.map((level) => options.channels.map(() => make(level)));
    this.offsets = perLevel((l) => new Float64Array(l.tilesAcross * l.tilesDown));
    this.byteCounts = perLevel((l) => new Float64Array(l.tilesAcross * l.tilesDown));
    this.converted = perLevel(() => 0);
    this.pending = perLevel((l) => new Array<Samples | undefined>(l.tilesAcross));
    if (options.compression === 'jpeg') {
      this.jpeg = new JpegTileEncoder(options.tileSize, options.tileSize, options.jpegQuality);
    } else {
      this.deflate = new DeflateTileEncoder(
        options.tileSize,
        options.samplesPerPixel,
        options.sampleType === 'uint16' ? 2 : 1,
        options.deflateLevel,
      );
    }
  }

  /** Creates the temporary file next to `path`; nothing exists under `path` until finish(). */
  static async create(path: string, options: PyramidWriterOptions): Promise<PyramidWriter> {
    const resolved = validateOptions(path, options);
    const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.partial`);
    const handle = await open(tempPath, 'wx');
    try {
      await handle.write(bigTiffHeader(0), 0, 16, 0);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(tempPath).catch(() => undefined);
      throw error;
    }
    return new PyramidWriter(handle, tempPath, path, resolved);
  }

  /**
   * Goes on from the last checkpoint of an earlier writer of `path` with the same options, when its
   * temporary file and checkpoint are whole (a crash, or a process that stopped); otherwise creates a new
   * writer. Either way every other temporary file of `path` is deleted (`removed` names them). `resumed`
   * is the state the earlier caller passed to checkpoint(), or null when starting over.
   */
  static async open(
    path: string,
    options: PyramidWriterOptions,
  ): Promise<{ writer: PyramidWriter; resumed: CallerState | null; removed: string[] }> {
    const resolved = validateOptions(path, options);
    const fingerprint = fingerprintOf(resolved);
    const prefix = `.${basename(path)}.`;
    const temps = (await readdir(dirname(path))).filter(
      (n) => n.startsWith(prefix) && /\.partial(\.resume(\.next)?)?$/.test(n),
    );
    let writer: PyramidWriter | undefined;
    let resumed: CallerState | null = null;
    for (const name of temps.filter((n) => n.endsWith('.partial'))) {
      const tempPath = join(dirname(path), name);
      const checkpoint = await readCheckpoint<SavedWriter>(`${tempPath}.resume`);
      if (writer || !checkpoint || checkpoint.json.fingerprint !== fingerprint) continue;
      // A default (random) uuid takes the earlier run's; a given one must be the same.
      if (options.uuid !== undefined && options.uuid !== checkpoint.json.uuid) continue;
      if ((await stat(tempPath)).size < checkpoint.json.cursor) continue;
      const handle = await open(tempPath, 'r+');
      try {
        await handle.truncate(checkpoint.json.cursor);
        writer = new PyramidWriter(handle, tempPath, path, { ...resolved, uuid: checkpoint.json.uuid });
        resumed = writer.restore(checkpoint.json, checkpoint.buffers);
      } catch (error) {
        await handle.close();
        throw error;
      }
    }
    const kept = writer ? [basename(writer.tempPath), `${basename(writer.tempPath)}.resume`] : [];
    const removed = temps.filter((n) => !kept.includes(n));
    await Promise.all(removed.map((n) => unlink(join(dirname(path), n)).catch(() => undefined)));
    return { writer: writer ?? (await PyramidWriter.create(path, options)), resumed, removed };
  }

  private copiedJpeg(level: number): CopiedJpegLevel | undefined {
    return this.options.copiedJpeg.find((c) => c.level === level);
  }

  /** Quality of the JPEG tiles this writer makes (or has made elsewhere, like LibvipsLevels). */
  get jpegQuality(): number {
    return this.options.jpegQuality;
  }

  /** Level-0 tiles still expected, as (x, y) of the next one; null when all are in. */
  get nextTilePosition(): { x: number; y: number } | null {
    const level0 = this.levels[0]!;
    if (this.nextTile >= level0.tilesAcross * level0.tilesDown) return null;
    return { x: this.nextTile % level0.tilesAcross, y: Math.floor(this.nextTile / level0.tilesAcross) };
  }

  /** Tiles written so far per level and channel (spec 2 §2 conversion counts). */
  progress(): LevelProgress[] {
    return this.levels.flatMap((level, l) =>
      this.options.channels.map((_, c) => ({
        level: l,
        channel: c,
        converted: this.converted[l]![c]!,
        total: level.tilesAcross * level.tilesDown,
      })),
    );
  }

  /**
   * Adds level-0 tile (x, y), in row-major order. `planes` holds one full tile (tileSize² × samplesPerPixel
   * samples, edge tiles padded) per channel; the writer keeps them until encoded, so do not reuse them.
   */
  async writeTile(x: number, y: number, planes: Samples[]): Promise<void> {
    if (this.state !== 'open') throw new Error(`The writer is ${this.state}`);
    const expected = this.nextTilePosition;
    if (!expected || expected.x !== x || expected.y !== y) {
      throw new RangeError(
        `Tile (${x}, ${y}) is out of order; expected ${expected ? `(${expected.x}, ${expected.y})` : 'no more tiles'}`,
      );
    }
    const samples = this.tileSize * this.tileSize * this.options.samplesPerPixel;
    if (planes.length !== this.options.channels.length)
      throw new RangeError(`Expected ${this.options.channels.length} planes, got ${planes.length}`);
    for (const plane of planes) {
      const isRightType =
        this.options.sampleType === 'uint16' ? plane instanceof Uint16Array : plane instanceof Uint8Array;
      if (!isRightType || plane.length !== samples)
        throw new RangeError(`Each plane must be a ${this.options.sampleType} array of ${samples} samples`);
    }
    this.nextTile++;
    planes.forEach((plane, c) => this.emit(0, c, x, y, plane));
    await this.drain(this.options.maxInFlight);
  }

  /**
   * Appends a tile encoded elsewhere, in any order: the other way to fill the pyramid than writeTile, for a
   * caller that makes whole reduced levels at once (the JPEG-copy conversion, which has libvips decode and
   * reduce level 0 in large blocks). `tables` is the JPEGTables stream the tile was encoded against (JPEG
   * only): a copied level (options.copiedJpeg) has its source's tables; the other levels share the first
   * tables appended, and a tile encoded against other tables gets them spliced in, so it stays valid.
   */
  async appendEncoded(
    level: number,
    channel: number,
    x: number,
    y: number,
    bytes: Buffer,
    tables?: Buffer,
  ): Promise<void> {
    if (this.state !== 'open') throw new Error(`The writer is ${this.state}`);
    const grid = this.levels[level];
    if (
      !grid ||
      channel < 0 ||
      channel >= this.options.channels.length ||
      x < 0 ||
      y < 0 ||
      x >= grid.tilesAcross ||
      y >= grid.tilesDown
    ) {
      throw new RangeError(`Tile (${x}, ${y}) of level ${level}, channel ${channel} is outside the pyramid`);
    }
    const index = y * grid.tilesAcross + x;
    if (this.byteCounts[level]![channel]![index]! > 0)
      throw new RangeError(`Tile (${x}, ${y}) of level ${level} was written already`);
    if (bytes.length === 0) throw new RangeError('An encoded tile cannot be empty');
    let stored = bytes;
    if (tables && !this.copiedJpeg(level)) {
      this.appendedTables ??= tables;
      if (!tables.equals(this.appendedTables)) stored = spliceTables(tables, bytes);
    }
    this.queue.push({ level, channel, index, bytes: Promise.resolve(stored) });
    await this.drain(0);
  }

  /**
   * Makes every tile handed in so far durable and records, beside the temporary file, how to go on from
   * here: the writer's own state and the caller's (PyramidWriter.open hands it back). Waits for the tiles
   * being encoded, so call it between units of work, every few seconds rather than every tile.
   */
  async checkpoint(caller: CallerState = { state: null, buffers: [] }): Promise<void> {
    if (this.state !== 'open') throw new Error(`The writer is ${this.state}`);
    await this.drain(0);
    await this.flush();
    await this.handle.datasync();
    const pending: SavedWriter['pending'] = [];
    const pendingBuffers: Buffer[] = [];
    this.pending.forEach((channels, level) =>
      channels.forEach((row, channel) =>
        row.forEach((samples, index) => {
          if (!samples) return;
          pending.push({ level, channel, index });
          pendingBuffers.push(bytesOf(samples));
        }),
      ),
    );
    const json: SavedWriter = {
      fingerprint: fingerprintOf(this.options),
      uuid: this.options.uuid,
      cursor: this.cursor,
      nextTile: this.nextTile,
      converted: this.converted,
      jpegTables: this.jpeg?.tables?.toString('base64') ?? null,
      appendedTables: this.appendedTables?.toString('base64') ?? null,
      pending,
      caller: caller.state,
    };
    const tables = [...this.offsets, ...this.byteCounts].flatMap((channels) => channels.map(bytesOf));
    await writeCheckpoint(`${this.tempPath}.resume`, {
      json,
      buffers: [...tables, ...pendingBuffers, ...caller.buffers],
    });
    this.hasCheckpoint = true;
  }

  /**
   * Stops writing but keeps the temporary file and its last checkpoint for PyramidWriter.open to go on
   * from (a worker handing its job back); without a checkpoint there is nothing to go on from, as abort().
   */
  async suspend(): Promise<void> {
    if (this.state !== 'open') return;
    if (!this.hasCheckpoint) return this.abort();
    this.state = 'aborted';
    await Promise.allSettled(this.queue.map((q) => q.bytes));
    this.queue.length = 0;
    await this.handle.close().catch(() => undefined);
  }

  /** Writes the directories, makes the file durable and renames it into place. */
  async finish(): Promise<void> {
    if (this.state !== 'open') throw new Error(`The writer is ${this.state}`);
    try {
      await this.drain(0);
      const missing = this.progress().find((p) => p.converted !== p.total);
      if (missing)
        throw new Error(
          `The pyramid is incomplete: level ${missing.level} has ${missing.converted} of ${missing.total} tiles`,
        );
      await this.flush();
      const start = Math.ceil(this.cursor / 8) * 8;
      const { bytes, firstIfdOffset } = serializeDirectories(this.directories(), start);
      await this.handle.write(
        Buffer.concat([Buffer.alloc(start - this.cursor), bytes]),
        0,
        start - this.cursor + bytes.length,
        this.cursor,
      );
      await this.handle.write(bigTiffHeader(firstIfdOffset), 0, 16, 0);
      await this.handle.sync();
      await this.handle.close();
      await rename(this.tempPath, this.path);
      this.state = 'finished';
      await removeCheckpoint(`${this.tempPath}.resume`);
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  /** Stops writing and deletes the temporary file (the final name was never created). */
  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    await Promise.allSettled(this.queue.map((q) => q.bytes));
    this.queue.length = 0;
    await this.handle.close().catch(() => undefined);
    await unlink(this.tempPath).catch(() => undefined);
    await removeCheckpoint(`${this.tempPath}.resume`);
  }

  /** The state a checkpoint saved (it matches these options: same levels, channels and tile size). */
  private restore(saved: SavedWriter, buffers: Buffer[]): CallerState {
    const tables = [...this.offsets, ...this.byteCounts].flatMap((channels) => channels);
    if (buffers.length < tables.length + saved.pending.length)
      throw new Error('The checkpoint misses buffers');
    tables.forEach((array, i) => copyInto(array, buffers[i]!));
    const size = this.tileSize * this.tileSize * this.options.samplesPerPixel;
    saved.pending.forEach(({ level, channel, index }, i) => {
      const samples = this.options.sampleType === 'uint16' ? new Uint16Array(size) : new Uint8Array(size);
      copyInto(samples, buffers[tables.length + i]!);
      this.pending[level]![channel]![index] = samples;
    });
    saved.converted.forEach((channels, level) =>
      channels.forEach((n, channel) => (this.converted[level]![channel] = n)),
    );
    this.cursor = this.batchStart = saved.cursor;
    this.nextTile = saved.nextTile;
    if (saved.jpegTables) this.jpeg?.adoptTables(Buffer.from(saved.jpegTables, 'base64'));
    if (saved.appendedTables) this.appendedTables = Buffer.from(saved.appendedTables, 'base64');
    this.hasCheckpoint = true;
    return { state: saved.caller, buffers: buffers.slice(tables.length + saved.pending.length) };
  }

  /** Queues a tile for encoding and filters it into its quadrant of the next level's pending tile. */
  private emit(level: number, channel: number, x: number, y: number, samples: Samples): void {
    const grid = this.levels[level]!;
    const bytes = this.encode(samples);
    bytes.catch(() => undefined); // awaited in order by drain(); this only stops an early unhandled rejection
    this.queue.push({ level, channel, index: y * grid.tilesAcross + x, bytes });
    const next = this.levels[level + 1];
    if (!next) return;
    const nx = x >> 1;
    const ny = y >> 1;
    // A last odd column or row of this level can lie wholly beyond the floored next level.
    if (nx >= next.tilesAcross || ny >= next.tilesDown) return;
    const row = this.pending[level + 1]![channel]!;
    const size = this.tileSize * this.tileSize * this.options.samplesPerPixel;
    const target = (row[nx] ??=
      this.options.sampleType === 'uint16' ? new Uint16Array(size) : new Uint8Array(size));
    downsampleIntoQuadrant(samples, target, this.tileSize, this.options.samplesPerPixel, x & 1, y & 1);
    const closesColumn = (x & 1) === 1 || x === grid.tilesAcross - 1;
    const closesRow = (y & 1) === 1 || y === grid.tilesDown - 1;
    if (closesColumn && closesRow) {
      row[nx] = undefined;
      this.emit(level + 1, channel, nx, ny, target);
    }
  }

  private encode(samples: Samples): Promise<Buffer> {
    return this.jpeg ? this.jpeg.encode(samples as Uint8Array) : this.deflate!.encode(samples);
  }

  /** Appends finished tiles in queue order (so the file is byte-identical from run to run) until `keep` remain. */
  private async drain(keep: number): Promise<void> {
    while (this.queue.length > keep) {
      const head = this.queue[0]!;
      const bytes = await head.bytes;
      this.queue.shift();
      this.offsets[head.level]![head.channel]![head.index] = this.cursor;
      this.byteCounts[head.level]![head.channel]![head.index] = bytes.length;
      this.converted[head.level]![head.channel]!++;
      this.batch.push(bytes);
      this.batchBytes += bytes.length;
      this.cursor += bytes.length;
      if (this.batchBytes >= WRITE_BATCH_BYTES) await this.flush();
    }
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    await this.handle.writev(this.batch, this.batchStart);
    this.batch = [];
    this.batchBytes = 0;
    this.batchStart = this.cursor;
  }

  private directories() {
    const o = this.options;
    const description =
      o.layout === 'chain'
        ? buildAperioDescription(this.describedImage(), o.tileSize, o.jpegQuality)
        : buildOmeXml(this.describedImage());
    return buildDirectories({
      levels: this.levels,
      layout: o.layout,
      tileSize: o.tileSize,
      sampleType: o.sampleType,
      samplesPerPixel: o.samplesPerPixel,
      compression: o.compression,
      channelCount: o.channels.length,
      description,
      metersPerPixel: o.metersPerPixel,
      jpegTables: this.jpeg?.tables ?? this.appendedTables,
      copiedJpeg: o.copiedJpeg,
      offsets: this.offsets,
      byteCounts: this.byteCounts,
    });
  }

  private describedImage() {
    const o = this.options;
    return {
      name: o.name,
      uuid: o.uuid,
      width: o.width,
      height: o.height,
      sampleType: o.sampleType,
      samplesPerPixel: o.samplesPerPixel,
      channels: o.channels.map((c) => ({ name: c.name, color: c.color ?? null })),
      metersPerPixel: o.metersPerPixel,
      magnification: o.magnification,
    };
  }
}

/** Identifies the pyramid a checkpoint belongs to: every option that shapes the file's bytes but the uuid. */
function fingerprintOf(o: PyramidWriter['options']): string {
  const { maxInFlight: _, uuid: __, copiedJpeg, ...shape } = o;
  const copied = copiedJpeg.map((c) => ({ ...c, tables: c.tables?.toString('base64') ?? null }));
  return createHash('sha256')
    .update(JSON.stringify({ format: 1, ...shape, copied }))
    .digest('hex');
}

function bytesOf(array: Samples | Float64Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

function copyInto(array: Samples | Float64Array, bytes: Buffer): void {
  if (bytes.length !== array.byteLength) throw new Error('A checkpoint buffer has the wrong size');
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
}

/** A whole JPEG from an abbreviated tile and its tables: the tables' SOI…EOI minus EOI, the tile minus SOI. */
function spliceTables(tables: Buffer, tile: Buffer): Buffer {
  return Buffer.concat([tables.subarray(0, tables.length - 2), tile.subarray(2)]);
}

function validateOptions(path: string, o: PyramidWriterOptions): PyramidWriter['options'] {
  if (endianness() !== 'LE') throw new Error('The pyramid writer needs a little-endian platform');
  const tileSize = o.tileSize ?? 256;
  const isSize = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!isSize(o.width, Limits.maxDimension) || !isSize(o.height, Limits.maxDimension))
    throw new RangeError(`Image size ${o.width}×${o.height} is not accepted`);
  if (!isSize(tileSize, 4096) || tileSize % 16 !== 0)
    throw new RangeError(`Tile size ${tileSize} must be a multiple of 16 up to 4096`);
  if (o.channels.length < 1 || o.channels.length > Limits.maxSamplesPerPixel)
    throw new RangeError('A pyramid needs 1 to 64 channels');
  if (
    o.compression === 'jpeg' &&
    (o.sampleType !== 'uint8' || o.samplesPerPixel !== 3 || o.channels.length !== 1)
  ) {
    throw new RangeError('JPEG tiles need one RGB uint8 channel');
  }
  const layout = o.layout ?? 'subifd';
  if (layout === 'chain' && o.channels.length !== 1)
    throw new RangeError("The 'chain' layout holds one channel only");
  const jpegQuality = o.jpegQuality ?? 85;
  if (!isSize(jpegQuality, 100)) throw new RangeError(`JPEG quality ${jpegQuality} must be 1 to 100`);
  const deflateLevel = o.deflateLevel ?? 6;
  if (!Number.isInteger(deflateLevel) || deflateLevel < 0 || deflateLevel > 9)
    throw new RangeError('Deflate level must be 0 to 9');
  const mpp = o.metersPerPixel ?? null;
  if (mpp && !(mpp.x > 0 && mpp.y > 0 && Number.isFinite(mpp.x) && Number.isFinite(mpp.y)))
    throw new RangeError('metersPerPixel must be positive');
  return {
    width: o.width,
    height: o.height,
    tileSize,
    sampleType: o.sampleType,
    samplesPerPixel: o.samplesPerPixel,
    channels: o.channels,
    compression: o.compression,
    jpegQuality,
    deflateLevel,
    layout,
    metersPerPixel: mpp,
    magnification: o.magnification ?? null,
    name: o.name ?? basename(path),
    uuid: o.uuid ?? randomUUID(),
    maxInFlight: Math.max(1, o.maxInFlight ?? 4),
    copiedJpeg: o.copiedJpeg ?? [],
  };
}
