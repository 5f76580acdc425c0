import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  bytesOf,
  copyInto,
  partialFilesOf,
  readCheckpoint,
  removeCheckpoint,
  restorePending,
  savePending,
  writeCheckpoint,
  type CallerState,
  type SavedWriter,
} from './checkpoint.ts';
import { downsampleIntoQuadrant } from './downsample.ts';
import { buildDirectories } from './directories.ts';
import { planLevels, tileIndex, type LevelProgress, type PlannedLevel } from './plan.ts';
import {
  checkPlanes,
  directoryOptions,
  fingerprintOf,
  validateOptions,
  type CopiedJpegLevel,
  type PyramidWriterOptions,
  type ResolvedWriterOptions,
} from './pyramid-options.ts';
import { DeflateTileEncoder, JpegTileEncoder, spliceTables } from './tile-encoders.ts';
import { bigTiffHeader, serializeDirectories } from './tiff-directory.ts';

// The writer's callers and tests name its options by the writer.
export type { PyramidWriterOptions } from './pyramid-options.ts';

type Samples = Uint8Array | Uint16Array;

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
    private readonly options: ResolvedWriterOptions,
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
    const temps = await partialFilesOf(path);
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
    checkPlanes(this.options, planes);
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
    const index = tileIndex(this.levels, this.options.channels.length, level, channel, x, y);
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
    const pending = savePending(this.pending);
    const json: SavedWriter = {
      fingerprint: fingerprintOf(this.options),
      uuid: this.options.uuid,
      cursor: this.cursor,
      nextTile: this.nextTile,
      converted: this.converted,
      jpegTables: this.jpeg?.tables?.toString('base64') ?? null,
      appendedTables: this.appendedTables?.toString('base64') ?? null,
      pending: pending.list,
      caller: caller.state,
    };
    const tables = [...this.offsets, ...this.byteCounts].flatMap((channels) => channels.map(bytesOf));
    await writeCheckpoint(`${this.tempPath}.resume`, {
      json,
      buffers: [...tables, ...pending.buffers, ...caller.buffers],
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
    restorePending(saved.pending, buffers.slice(tables.length), this.pending, () => this.newTile());
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
    const target = (row[nx] ??= this.newTile());
    downsampleIntoQuadrant(samples, target, this.tileSize, this.options.samplesPerPixel, x & 1, y & 1);
    const closesColumn = (x & 1) === 1 || x === grid.tilesAcross - 1;
    const closesRow = (y & 1) === 1 || y === grid.tilesDown - 1;
    if (closesColumn && closesRow) {
      row[nx] = undefined;
      this.emit(level + 1, channel, nx, ny, target);
    }
  }

  /** A tile of samples, zeroed: a reduced tile being filled, or one read back from a checkpoint. */
  private newTile(): Samples {
    const size = this.tileSize * this.tileSize * this.options.samplesPerPixel;
    return this.options.sampleType === 'uint16' ? new Uint16Array(size) : new Uint8Array(size);
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
    return buildDirectories({
      ...directoryOptions(this.options),
      levels: this.levels,
      jpegTables: this.jpeg?.tables ?? this.appendedTables,
      offsets: this.offsets,
      byteCounts: this.byteCounts,
    });
  }
}
