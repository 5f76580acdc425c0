/**
 * The levels of a brightfield pyramid made by libvips (through sharp) in large pieces: a sharp call costs
 * about 1 ms on top of its work, so decoding and encoding tile by tile (22,000 level-0 tiles for a
 * 1.4-gigapixel slide) would cost more in calls than in pixels. Two uses:
 * - level 0 copied as JPEG tiles (startRow): the reduced levels from blocks of up to 8192 × 512 level-0
 *   pixels, each decoded by libvips straight from the file and box-reduced 2× (downsample.ts, as libvips
 *   pyramids and our writer reduce) into a slice of a level-1 tile row; each level's tile row is encoded
 *   by one libvips call writing a small tiled JPEG TIFF in memory, whose stored tiles and JPEGTables our
 *   TIFF reader then hands to the writer unchanged; two level-1 rows are reduced 2× again into a row of
 *   the next level, and so on;
 * - every level re-encoded (startStrip): strips of level 0 that libvips decodes, reduces and encodes into
 *   a small pyramid of their own in one call, the levels below reduced from the strips' lowest level.
 * Calls run a few at a time (sharp works on the libuv pool), so every core decodes. Memory is about one
 * tile row per level plus the calls in flight.
 */
import sharp, { type TiffOptions } from 'sharp';
import { BufferSource } from '../source/byte-source.ts';
import { Tag } from '../tiff/constants.ts';
import { readTiffStructure } from '../tiff/ifd.ts';
import { TiffImage } from '../tiff/image.ts';
import { boxReduceRgb, boxReduceRgbInto } from './downsample.ts';
import type { CallerState } from './checkpoint.ts';
import type { PyramidWriter } from './pyramid-writer.ts';

/**
 * Levels completed by each strip of the re-encoding conversion: a strip is 2^3 level-0 tile rows (2048
 * pixels at 256), about a second of work for a 45,000-pixel-wide slide.
 */
const STRIP_LEVELS = 3;
const STRIPS_IN_FLIGHT = 2;
/** Level-1 pixels across one decode block (8192 level-0 pixels): a multiple of every tile size we write. */
const BLOCK_WIDTH_L1 = 4096;
/** Blocks decoded at once: enough to keep two cores busy while the main thread copies level-0 tiles. */
const BLOCKS_IN_FLIGHT = 3;

export interface LibvipsLevelsSource {
  /** The TIFF file holding level 0. */
  file: string;
  /** Index of level 0's directory in the file's main IFD chain (libvips' `page`). */
  page: number;
}

interface Row {
  /** RGB samples, `width` × `height` × 3. */
  data: Buffer;
  width: number;
  height: number;
}

export class LibvipsLevels {
  /** Per level ≥ 1: a finished row waiting for its partner before both are reduced into the next level. */
  private readonly waiting = new Map<number, Row>();
  private readonly T: number;
  /** Shared by all rows, so starting the next row early never puts more blocks in flight. */
  private readonly limit = limiter(BLOCKS_IN_FLIGHT);
  /** Strips decoding at once: one per core (a third measured slower), however many are started ahead. */
  private readonly stripLimit = limiter(STRIPS_IN_FLIGHT);

  constructor(
    private readonly writer: PyramidWriter,
    private readonly source: LibvipsLevelsSource,
  ) {
    this.T = writer.tileSize;
  }

  /** The rows waiting for their partners, for a checkpoint between rows (PyramidWriter.checkpoint). */
  saveState(): CallerState {
    const rows = [...this.waiting].map(([level, row]) => ({ level, width: row.width, height: row.height }));
    return { state: rows, buffers: [...this.waiting.values()].map((row) => row.data) };
  }

  /** Takes the waiting rows a checkpoint saved; the next row to start is the one after the checkpoint. */
  restoreState({ state, buffers }: CallerState): void {
    if (!Array.isArray(state)) throw new Error('The saved rows are not a list');
    const rows = state as { level: number; width: number; height: number }[];
    this.waiting.clear();
    rows.forEach((row, i) => {
      const data = buffers[i];
      if (!data || data.length !== row.width * row.height * 3)
        throw new Error('A saved row has the wrong size');
      this.waiting.set(row.level, { data, width: row.width, height: row.height });
    });
  }

  /** Level-1 tile rows to make, in order, with `row(r)`. */
  get rows(): number {
    return this.writer.levels[1]?.tilesDown ?? 0;
  }

  /** Strips of level 0 to make, in order, with `startStrip(s)` (when level 0 is encoded too). */
  get strips(): number {
    return Math.ceil(this.writer.levels[0]!.height / this.stripHeight);
  }

  /** The levels a strip's own pyramid completes: 0…stripLevels (each a whole number of tile rows). */
  private get stripLevels(): number {
    return Math.min(STRIP_LEVELS, this.writer.levels.length - 1);
  }

  /** Level-0 pixel rows per strip: one tile row of its lowest complete level. */
  private get stripHeight(): number {
    return this.T << this.stripLevels;
  }

  /**
   * The re-encoding conversion (level 0 not JPEG-copyable: LZW, deflate or uncompressed tiles, strips):
   * starts strip `s` — the full width, 2^stripLevels level-0 tile rows — as one libvips call on the libuv
   * pool that decodes it once and writes its own small JPEG pyramid in memory, so decoding, the 2× box
   * means (libvips' shrink) and the encoding of levels 0…stripLevels all run in C, and no level-0 pixel
   * reaches JavaScript. Strips open the file each, so two in flight decode on both cores (one libvips
   * pyramid of the whole file decodes on one). The answer appends the strip's tiles and feeds the levels
   * below from its lowest level's pixels, decoded from its tiles: those levels (1/16 of level 0 and
   * smaller) carry one JPEG generation more. Start the next two strips before awaiting a strip's finish, so
   * two decode while the main thread appends (at most STRIPS_IN_FLIGHT run at once).
   */
  startStrip(s: number): () => Promise<void> {
    const level0 = this.writer.levels[0]!;
    const y0 = s * this.stripHeight;
    const height = Math.min(this.stripHeight, level0.height - y0);
    const pyramid = this.stripLimit(() =>
      sharp(this.source.file, { page: this.source.page, limitInputPixels: false })
        .extract({ left: 0, top: y0, width: level0.width, height })
        .toColourspace('srgb')
        .removeAlpha()
        .tiff({ ...this.jpegTiff, pyramid: true })
        .toBuffer(),
    );
    pyramid.catch(() => undefined); // awaited below; this only stops an early unhandled rejection
    return async () => {
      const tiff = await pyramid;
      const { ifds } = await readTiffStructure(new BufferSource(tiff));
      // libvips stops its pyramid at the first level that fits in one tile: a short last strip may end early.
      const last = Math.min(this.stripLevels, ifds.length - 1);
      for (let level = 0; level <= last; level++) {
        const rows = height >> level;
        const image = await TiffImage.load(ifds[level]!);
        if (image.width !== this.writer.levels[level]!.width || image.height !== rows) {
          throw new Error(
            `libvips made level ${level} of a strip ${image.width}×${image.height}, not ${this.writer.levels[level]!.width}×${rows}`,
          );
        }
        const tables = await ifds[level]!.bytes(Tag.JPEGTables);
        const firstRow = (y0 >> level) / this.T;
        for (let y = 0; y < Math.ceil(rows / this.T); y++) {
          for (let x = 0; x < image.chunksAcross; x++) {
            await this.writer.appendEncoded(
              level,
              0,
              x,
              firstRow + y,
              await image.readChunk(image.chunkIndex(x, y)),
              tables,
            );
          }
        }
      }
      if (!this.writer.levels[last + 1]) return;
      const { data, info } = await sharp(tiff, { page: last }).raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 3)
        throw new Error(`libvips decoded level ${last} of a strip with ${info.channels} bands, not 3`);
      const rowBytes = info.width * this.T * 3;
      const firstRow = (y0 >> last) / this.T;
      for (let y = 0; y * this.T < info.height; y++) {
        const row = {
          data: data.subarray(y * rowBytes, (y + 1) * rowBytes),
          width: info.width,
          height: Math.min(this.T, info.height - y * this.T),
        };
        await this.reduceOnward(last, firstRow + y, row);
      }
    };
  }

  /**
   * Starts decoding level-1 tile row `r` from level 0 (its blocks run on the libuv pool); the answer
   * finishes it: its tiles encoded and appended, the lower levels fed. Start the next row before awaiting
   * the previous one's finish to keep the cores busy.
   */
  startRow(r: number): () => Promise<void> {
    const level1 = this.writer.levels[1]!;
    const height = Math.min(this.T, level1.height - r * this.T);
    const blocks: Promise<Buffer>[] = [];
    for (let x1 = 0; x1 < level1.width; x1 += BLOCK_WIDTH_L1) {
      const width = Math.min(BLOCK_WIDTH_L1, level1.width - x1);
      blocks.push(this.limit(() => this.decodeReduced(x1 * 2, r * this.T * 2, width, height)));
    }
    blocks.forEach((b) => b.catch(() => undefined)); // awaited below; this only stops an early unhandled rejection
    return async () => {
      const row = joinColumns(await Promise.all(blocks), level1.width, height);
      await this.addRow(1, r, row);
    };
  }

  /** Row `r` of a level: encoded, then (with its partner, or alone at the bottom) reduced into the next level. */
  private async addRow(level: number, r: number, row: Row): Promise<void> {
    await this.encodeRow(level, r, row);
    await this.reduceOnward(level, r, row);
  }

  /** Row `r` of a level, already encoded: kept for its partner, or reduced with it into the next level. */
  private async reduceOnward(level: number, r: number, row: Row): Promise<void> {
    const next = this.writer.levels[level + 1];
    if (!next) return;
    const partner = this.waiting.get(level);
    if (r % 2 === 0 && r + 1 < this.writer.levels[level]!.tilesDown) {
      this.waiting.set(level, row);
      return;
    }
    this.waiting.delete(level);
    const reduced = reduceRows(partner ?? row, partner ? row : null, next.width);
    // A last row one pixel high reduces to nothing: the next level ends one tile row earlier.
    if (reduced) await this.addRow(level + 1, r >> 1, reduced);
  }

  /** Level-0 pixels of a block decoded by libvips and box-reduced 2×: `width` × `height` level-1 pixels. */
  private async decodeReduced(x0: number, y0: number, width: number, height: number): Promise<Buffer> {
    return boxReduceRgb(await this.decode(x0, y0, width * 2, height * 2), width * 2, height * 2);
  }

  /** A block of level 0 as RGB samples, decoded by libvips straight from the file. */
  private async decode(x0: number, y0: number, width: number, height: number): Promise<Buffer> {
    const { data, info } = await sharp(this.source.file, { page: this.source.page, limitInputPixels: false })
      .extract({ left: x0, top: y0, width, height })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== height || info.channels !== 3) {
      throw new Error(
        `libvips decoded a block as ${info.width}×${info.height}×${info.channels}, not ${width}×${height}×3`,
      );
    }
    return data;
  }

  /** One libvips call encodes the row as a one-row tiled JPEG TIFF; its tiles go into the pyramid as stored. */
  private async encodeRow(level: number, r: number, row: Row): Promise<void> {
    const { tables, rows } = await this.encodeTiles(row);
    for (const [x, tile] of rows[0]!.entries()) await this.writer.appendEncoded(level, 0, x, r, tile, tables);
  }

  /** How libvips writes our tiles: square JPEG tiles of the writer's size and quality, in a TIFF. */
  private get jpegTiff(): TiffOptions {
    return {
      tile: true,
      tileWidth: this.T,
      tileHeight: this.T,
      compression: 'jpeg',
      quality: this.writer.jpegQuality,
    };
  }

  /** Pixels encoded by one libvips call as a tiled JPEG TIFF in memory: its tiles, row by row, left to right. */
  private async encodeTiles(image: Row): Promise<EncodedTiles> {
    const tiff = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .tiff(this.jpegTiff)
      .toBuffer();
    const { ifds } = await readTiffStructure(new BufferSource(tiff));
    const stored = await TiffImage.load(ifds[0]!);
    const tables = await ifds[0]!.bytes(Tag.JPEGTables);
    const rows: Buffer[][] = [];
    for (let y = 0; y < Math.ceil(image.height / this.T); y++) {
      const row: Buffer[] = [];
      for (let x = 0; x < Math.ceil(image.width / this.T); x++)
        row.push(await stored.readChunk(stored.chunkIndex(x, y)));
      rows.push(row);
    }
    return { tables, rows };
  }
}

interface EncodedTiles {
  tables: Buffer | undefined;
  rows: Buffer[][];
}

/** Blocks of one tile row, side by side: a row of `width` × `height` RGB pixels. */
function joinColumns(blocks: Buffer[], width: number, height: number): Row {
  if (blocks.length === 1) return { data: blocks[0]!, width, height };
  const data = Buffer.allocUnsafe(width * height * 3);
  let x = 0;
  for (const block of blocks) {
    const bw = block.length / (height * 3);
    for (let y = 0; y < height; y++) block.copy(data, (y * width + x) * 3, y * bw * 3, (y + 1) * bw * 3);
    x += bw;
  }
  return { data, width, height };
}

/**
 * Two rows of a level (the second may be absent at the bottom) reduced 2× into a row of the next level.
 * A row with a partner is a whole tile high (even), so no pixel pair straddles the two: each is reduced
 * into its half of the result. Only the pixel pairs that exist: an odd last column or row has no partner
 * and is left out (floored sizes).
 */
function reduceRows(top: Row, bottom: Row | null, width: number): Row | null {
  const height = Math.floor((top.height + (bottom?.height ?? 0)) / 2);
  if (height === 0) return null;
  const data = Buffer.allocUnsafe(width * height * 3);
  const topRows = Math.min(top.height >> 1, height);
  boxReduceRgbInto(top.data, top.width, width * 2, topRows * 2, data, width, 0, 0);
  if (bottom)
    boxReduceRgbInto(bottom.data, bottom.width, width * 2, (height - topRows) * 2, data, width, 0, topRows);
  return { data, width, height };
}

/** Runs at most `n` of the given tasks at once, in the order they are handed in. */
function limiter(n: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (running >= n) return;
    const start = queue.shift();
    if (start) {
      running++;
      start();
    }
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() =>
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          }),
      );
      next();
    });
}
