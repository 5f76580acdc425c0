/**
 * convert-image: writes an image's optimized pyramid (DESIGN §7, issue #3 point 7) — a tiled pyramidal
 * BigTIFF with every 2× level and OME-XML at `<outputDir>/<checksum>.ome.tif`:
 * - brightfield whose level 0 is stored as square JPEG tiles (SVS, generic pyramids): the level-0 tiles
 *   are COPIED byte for byte with the file's JPEGTables, same tile size; only the lower levels are encoded;
 * - other brightfield TIFFs that libvips decodes (LZW, deflate or uncompressed tiles, strips): decoded and
 *   re-encoded as JPEG by libvips in strips (LibvipsLevels.startStrip), every level;
 * - other brightfield (OpenSlide formats, JPEG 2000, DICOM): decoded and re-encoded as JPEG tile by tile;
 * - fluorescence: each channel lossless (deflate), in its own sample type (uint8 or uint16).
 * The writer builds the file under a hidden `.partial` name and renames it into place, so a half-written
 * pyramid is never visible; optimized_path is recorded only after that rename. Every few seconds the job
 * records a checkpoint beside the partial file (PyramidWriter.checkpoint); a rerun after a crash or a
 * hand-back (worker stopped, lease lost, cancelled) goes on from the last one, and writes the same bytes
 * as an uninterrupted run. A failure deletes the partial file: the rerun starts over.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import {
  DicomSlide,
  FileSource,
  OpenSlideSlide,
  openSlide,
  PyramidWriter,
  readTiffStructure,
  TiffSlide,
  WsiError,
  LibvipsLevels,
  planLevels,
  type CallerState,
  type DecodedTile,
  type PlannedLevel,
  type LibvipsLevelsSource,
  type OpenedSlide,
  type PyramidWriterOptions,
} from '@tessera/wsi';
import { describeFailure } from '../errors.ts';
import { defineJobKind, type JobContext } from './job-kind.ts';
import * as q from './convert-image.queries.ts';

type Samples = Uint8Array | Uint16Array;
type TileSlide = TiffSlide | DicomSlide;

/** How the output is made: tile by tile from decoded level-0 planes (the writer reduces them), or by copying. */
type Level0Source =
  | {
      mode: 'decode-encode' | 'lossless-channels';
      options: PyramidWriterOptions;
      read(x: number, y: number): Promise<Samples[]>;
    }
  | {
      mode: 'jpeg-copy';
      options: PyramidWriterOptions;
      slide: TiffSlide;
      /** Per planned level, the slide level whose stored tiles are copied; null for levels libvips makes. */
      stored: (number | null)[];
      levels: LibvipsLevelsSource;
    }
  /** Every level made by libvips in strips straight from the file (LibvipsLevels.startStrip). */
  | { mode: 'libvips-encode'; options: PyramidWriterOptions; levels: LibvipsLevelsSource };

/** How often a conversion records a checkpoint to go on from; a checkpoint waits for the tiles in flight. */
export const conversionCheckpoints = { everyMs: 10_000 };

/**
 * The jpeg-copy conversion's part of a checkpoint: rows copied per level, the next level-1 row libvips
 * makes, and what LibvipsLevels.saveState answered (its rows are the checkpoint's buffers).
 */
const CopyProgress = z.object({
  copied: z.array(z.number().int().min(0)),
  nextRow: z.number().int().min(0),
  waiting: z.unknown().optional(),
});
type CopyProgress = z.infer<typeof CopyProgress>;

const RESTORED_ON_ABORT = { converted: 'Converted', notConverted: 'NotConverted' } as const;
const TIFF_TAG = {
  width: 256,
  height: 257,
  compression: 259,
  photometric: 262,
  tileWidth: 322,
  tileLength: 323,
  jpegTables: 347,
} as const;

export const optimizedFileName = (checksum: string): string => `${checksum}.ome.tif`;

export const convertImageJob = defineJobKind({
  name: 'convert-image',
  payload: z.object({
    imageId: z.string().regex(/^[0-9a-f]{24}$/),
    /** `${dataDir}/optimized` of the enqueuing server (images.service enqueueConversion); absolute. */
    outputDir: z
      .string()
      .min(1)
      .refine((p) => path.isAbsolute(p), 'outputDir must be absolute'),
  }),
  // A corrupt file fails the same way twice; one retry covers a transient I/O error.
  maxAttempts: 2,
  async handle({ imageId, outputDir }, ctx) {
    const image = await q.findImageToConvert(ctx.db, imageId);
    if (!image) throw new Error(`Image ${imageId} does not exist`);
    const target = path.join(outputDir, optimizedFileName(image.checksum));
    await q.markConverting(ctx.db, imageId);
    let writer: PyramidWriter | undefined;
    let slide: OpenedSlide | undefined;
    try {
      await mkdir(outputDir, { recursive: true });
      slide = await openSlide(image.storagePaths);
      const source = await level0Source(slide, image.storagePaths[0]!, image.checksum);
      const opened = await PyramidWriter.open(target, source.options);
      writer = opened.writer;
      for (const name of opened.removed.filter((n) => n.endsWith('.partial')))
        await ctx.log(`Removed the unfinished file ${name} of an earlier run.`);
      const level0 = writer.levels[0]!;
      const total = level0.tilesAcross * level0.tilesDown;
      await ctx.log(
        `Converting ${path.basename(image.storagePaths[0]!)} (${source.options.width}×${source.options.height}, ${source.options.channels.length} channel(s)) ` +
          `by ${source.mode}: ${writer.levels.length} levels of ${writer.tileSize}-px tiles.`,
      );
      const checkpoint = checkpointEvery(writer, conversionCheckpoints.everyMs);
      if (source.mode === 'jpeg-copy')
        await copyAndReduce(source, writer, imageId, ctx, opened.resumed, checkpoint);
      else if (source.mode === 'libvips-encode')
        await encodeInBlocks(source, writer, imageId, ctx, opened.resumed, checkpoint);
      else {
        const from = writer.nextTilePosition?.y ?? level0.tilesDown;
        if (opened.resumed)
          await ctx.log(
            `Resumed from the checkpoint of an earlier run: ${from} of ${level0.tilesDown} level-0 rows were written.`,
          );
        for (let y = from; y < level0.tilesDown; y++) {
          for (let x = 0; x < level0.tilesAcross; x++) {
            ctx.signal.throwIfAborted();
            await writer.writeTile(x, y, await source.read(x, y));
          }
          await q.saveConversionCounts(ctx.db, imageId, writer.progress());
          // 99 at most until the file is renamed into place and recorded.
          await ctx.progress((((y + 1) * level0.tilesAcross) / total) * 99);
          await checkpoint();
        }
      }
      await writer.finish();
      const counts = writer.progress();
      await q.markConverted(ctx.db, imageId, target, counts);
      await ctx.progress(100);
      await ctx.log(`Wrote ${target}: ${counts.reduce((n, c) => n + c.converted, 0)} tiles.`);
      return { optimizedPath: target, mode: source.mode, levels: writer.levels.length };
    } catch (error) {
      if (ctx.signal.aborted) {
        // Cancelled, or handed back to the queue: not a failure of the image, and the next run goes on
        // from the last checkpoint.
        await writer?.suspend();
        const left = await q.findConversion(ctx.db, imageId);
        await q.restoreStatus(
          ctx.db,
          imageId,
          left?.optimizedPath ? RESTORED_ON_ABORT.converted : RESTORED_ON_ABORT.notConverted,
        );
        throw error;
      }
      await writer?.abort();
      const reason = `Conversion failed: ${describeFailure(error)}`;
      await q.markFailed(ctx.db, imageId, reason);
      await ctx.log(reason);
      throw new Error(reason, { cause: error });
    } finally {
      await slide?.close().catch(() => undefined);
    }
  },
});

/** A checkpoint when `everyMs` have passed since the last one (PyramidWriter.checkpoint), with the caller's state. */
function checkpointEvery(writer: PyramidWriter, everyMs: number) {
  let last = Date.now();
  return async (caller?: () => CallerState): Promise<void> => {
    if (Date.now() - last < everyMs) return;
    await writer.checkpoint(caller?.());
    last = Date.now();
  };
}

async function level0Source(slide: OpenedSlide, firstPath: string, checksum: string): Promise<Level0Source> {
  const info = slide.info;
  const common = {
    width: info.width,
    height: info.height,
    metersPerPixel: info.metersPerPixel,
    magnification: info.isMagnificationKnown ? info.magnification : null,
    name: path.basename(firstPath),
    // Derived from the content, so a rerun writes the same bytes.
    uuid: `${checksum.slice(0, 8)}-${checksum.slice(8, 12)}-${checksum.slice(12, 16)}-${checksum.slice(16, 20)}-${checksum.slice(20, 32)}`,
  };
  if (slide instanceof OpenSlideSlide) {
    const T = 256;
    return {
      mode: 'decode-encode',
      options: {
        ...common,
        tileSize: T,
        sampleType: 'uint8',
        samplesPerPixel: 3,
        channels: [{ name: 'Brightfield' }],
        compression: 'jpeg',
      },
      read: async (x, y) => [rgbaOverWhite(await slide.readRegion(0, x * T, y * T, T, T))],
    };
  }
  const level0 = info.levels[0]!;
  if (info.kind === 'fluorescence') {
    const sampleType = info.channels[0]?.sampleType;
    if (sampleType !== 'uint8' && sampleType !== 'uint16') {
      throw new WsiError(
        'unsupported',
        `Channels of sample type ${sampleType ?? 'unknown'} cannot be optimized yet (uint8 and uint16 can)`,
      );
    }
    if (info.channels.some((c) => c.sampleType !== sampleType || c.samplesPerPixel !== 1)) {
      throw new WsiError('unsupported', 'Channels of different sample types cannot be optimized together');
    }
    if (level0.compression === 'jpeg' || level0.compression === 'jpeg2000') {
      throw new WsiError(
        'unsupported',
        `Fluorescence channels stored as ${level0.compression} cannot be optimized losslessly`,
      );
    }
    const T = 256;
    const grid = new Level0Grid(slide, T, (tile) => channelSamples(tile, sampleType));
    return {
      mode: 'lossless-channels',
      options: {
        ...common,
        tileSize: T,
        sampleType,
        samplesPerPixel: 1,
        channels: info.channels.map((c) => ({ name: c.name, color: c.color })),
        compression: 'deflate',
      },
      read: (x, y) => Promise.all(info.channels.map((_, c) => grid.tile(x, y, c, sampleType))),
    };
  }
  const options: PyramidWriterOptions = {
    ...common,
    sampleType: 'uint8',
    samplesPerPixel: 3,
    channels: [{ name: 'Brightfield' }],
    compression: 'jpeg',
  };
  const isCopyable =
    slide instanceof TiffSlide &&
    level0.compression === 'jpeg' &&
    level0.isTiled &&
    level0.tileWidth === level0.tileHeight &&
    level0.tileWidth % 16 === 0;
  if (isCopyable) {
    const T = level0.tileWidth;
    const planned = planLevels(info.width, info.height, T);
    const found = await findStoredJpegLevels(slide, firstPath, planned, T);
    // Copy every level when the file stores them all (libvips and our own pyramids); otherwise level 0
    // only, and libvips makes the rest from it (a file's 4× levels are not the 2× chain we need).
    const stored = found.every((f) => f !== null)
      ? found.map((f) => f.level)
      : [found[0]!.level, ...planned.slice(1).map(() => null)];
    const copiedJpeg = found.flatMap((f, level) =>
      f && stored[level] !== null ? [{ level, tables: f.tables, photometric: f.photometric }] : [],
    );
    return {
      mode: 'jpeg-copy',
      options: { ...options, tileSize: T, copiedJpeg },
      slide,
      stored,
      levels: { file: firstPath, page: found[0]!.page! },
    };
  }
  const T = 256;
  const isLibvipsReadable =
    slide instanceof TiffSlide &&
    LIBVIPS_DECODES.has(level0.compression) &&
    info.channels.every((c) => c.sampleType === 'uint8');
  const page = isLibvipsReadable ? await findMainChainPage(firstPath, info.width, info.height) : null;
  if (page !== null)
    return {
      mode: 'libvips-encode',
      options: { ...options, tileSize: T },
      levels: { file: firstPath, page },
    };
  const grid = new Level0Grid(slide, T, rgbSamples);
  return {
    mode: 'decode-encode',
    options: { ...options, tileSize: T },
    read: async (x, y) => [await grid.tile(x, y, 0, 'uint8')],
  };
}

/**
 * Level-0 storage libvips decodes itself (libtiff), so a TIFF stored so is re-encoded by libvips in
 * blocks rather than tile by tile: JPEG 2000 (Aperio) goes through OpenSlide, which libvips here lacks.
 */
const LIBVIPS_DECODES: ReadonlySet<string> = new Set(['none', 'lzw', 'deflate', 'packbits', 'jpeg', 'zstd']);

/** The index in the main IFD chain (libvips' page) of the directory of this size; null when only a SubIFD has it. */
async function findMainChainPage(file: string, width: number, height: number): Promise<number | null> {
  const source = await FileSource.open(file);
  try {
    const { ifds } = await readTiffStructure(source);
    for (const [page, ifd] of ifds.entries()) {
      if ((await ifd.number(TIFF_TAG.width)) === width && (await ifd.number(TIFF_TAG.height)) === height)
        return page;
    }
    return null;
  } finally {
    await source.close();
  }
}

/** libvips-encode's part of a checkpoint: the next strip, and the rows LibvipsLevels keeps for their partners. */
const EncodeProgress = z.object({ nextStrip: z.number().int().min(0), waiting: z.unknown().optional() });
type EncodeProgress = z.infer<typeof EncodeProgress>;

/**
 * libvips-encode: strips of level 0, each decoded once and made into its own levels by one libvips call
 * (LibvipsLevels.startStrip), two strips ahead so both cores work while the main thread appends; the
 * levels below the strips' are reduced from their lowest level.
 */
async function encodeInBlocks(
  source: Extract<Level0Source, { mode: 'libvips-encode' }>,
  writer: PyramidWriter,
  imageId: string,
  ctx: JobContext,
  resumed: CallerState | null,
  checkpoint: (caller: () => CallerState) => Promise<void>,
): Promise<void> {
  const total = writer.levels.reduce((n, l) => n + l.tilesAcross * l.tilesDown, 0);
  const saved: EncodeProgress = resumed ? EncodeProgress.parse(resumed.state) : { nextStrip: 0 };
  const blocks = new LibvipsLevels(writer, source.levels);
  const strips = blocks.strips;
  if (resumed) {
    blocks.restoreState({ state: saved.waiting ?? [], buffers: resumed.buffers });
    await ctx.log(
      `Resumed from the checkpoint of an earlier run: ${saved.nextStrip} of ${strips} strips of level 0 were written.`,
    );
  }
  // Two strips started ahead of the one being finished: both cores decode while this one is appended.
  const ahead: (() => Promise<void>)[] = [];
  let started = saved.nextStrip;
  for (let s = saved.nextStrip; s < strips; s++) {
    ctx.signal.throwIfAborted();
    while (started < strips && started <= s + 2) ahead.push(blocks.startStrip(started++));
    const finishStrip = ahead.shift()!;
    await finishStrip();
    await q.saveConversionCounts(ctx.db, imageId, writer.progress());
    // 99 at most until the file is renamed into place and recorded.
    await ctx.progress((writer.progress().reduce((n, c) => n + c.converted, 0) / total) * 99);
    await checkpoint(() => {
      const waiting = blocks.saveState();
      return {
        state: { nextStrip: s + 1, waiting: waiting.state } satisfies EncodeProgress,
        buffers: waiting.buffers,
      };
    });
  }
}

/**
 * jpeg-copy: stored levels copied tile by tile, in row order; when only level 0 is, libvips makes the
 * reduced levels in large blocks (wsi LibvipsLevels), the next level-1 row decoding while this one is
 * finished. Checkpoints fall between rows: the rows copied per level, the next level-1 row, and the
 * level rows LibvipsLevels keeps waiting for their partners.
 */
async function copyAndReduce(
  source: Extract<Level0Source, { mode: 'jpeg-copy' }>,
  writer: PyramidWriter,
  imageId: string,
  ctx: JobContext,
  resumed: CallerState | null,
  checkpoint: (caller: () => CallerState) => Promise<void>,
): Promise<void> {
  const total = writer.levels.reduce((n, l) => n + l.tilesAcross * l.tilesDown, 0);
  const report = async () => {
    await q.saveConversionCounts(ctx.db, imageId, writer.progress());
    // 99 at most until the file is renamed into place and recorded.
    await ctx.progress((writer.progress().reduce((n, p) => n + p.converted, 0) / total) * 99);
  };
  const saved: CopyProgress = resumed
    ? CopyProgress.parse(resumed.state)
    : { copied: writer.levels.map(() => 0), nextRow: 0 };
  const { copied } = saved;
  if (copied.length !== writer.levels.length) throw new Error('The checkpoint is of another pyramid');
  if (resumed)
    await ctx.log(
      `Resumed from the checkpoint of an earlier run: ${copied[0]} of ${writer.levels[0]!.tilesDown} level-0 rows were copied.`,
    );
  const copyRowsBefore = async (level: number, end: number, afterRow?: () => Promise<void>) => {
    const grid = writer.levels[level]!;
    const from = source.stored[level]!;
    while (copied[level]! < Math.min(end, grid.tilesDown)) {
      const y = copied[level]!;
      for (let x = 0; x < grid.tilesAcross; x++) {
        ctx.signal.throwIfAborted();
        const raw = await source.slide.readRawTile(from, x, y);
        if (raw.bytes.length === 0)
          throw new WsiError('tile-missing', `The file has no data for tile (${x}, ${y}) of level ${from}`);
        await writer.appendEncoded(level, 0, x, y, raw.bytes);
      }
      copied[level]!++;
      if (y % 8 === 7) await report();
      await afterRow?.();
    }
  };
  if (source.stored.every((s) => s !== null)) {
    if (!resumed) await ctx.log('Every level is copied as the file stores it.');
    const afterRow = () =>
      checkpoint(() => ({ state: { copied, nextRow: 0 } satisfies CopyProgress, buffers: [] }));
    for (let level = 0; level < writer.levels.length; level++)
      await copyRowsBefore(level, Infinity, afterRow);
    return;
  }
  if (!resumed) await ctx.log('Level 0 is copied as stored; libvips makes the reduced levels.');
  const reduced = new LibvipsLevels(writer, source.levels);
  if (resumed) reduced.restoreState({ state: saved.waiting ?? [], buffers: resumed.buffers });
  let next = saved.nextRow < reduced.rows ? reduced.startRow(saved.nextRow) : null;
  for (let r = saved.nextRow; r < reduced.rows; r++) {
    const finishRow = next!;
    next = r + 1 < reduced.rows ? reduced.startRow(r + 1) : null;
    // Each level-1 row is made from level-0 rows 2r and 2r + 1: copy those meanwhile.
    await copyRowsBefore(0, 2 * r + 2);
    await finishRow();
    await report();
    await checkpoint(() => {
      const waiting = reduced.saveState();
      return {
        state: { copied, nextRow: r + 1, waiting: waiting.state } satisfies CopyProgress,
        buffers: waiting.buffers,
      };
    });
  }
  await copyRowsBefore(0, Infinity);
}

/**
 * For each planned level, the slide level storing exactly it as square JPEG tiles of size T, with its
 * JPEGTables and Photometric, and (level 0) its index in the main IFD chain (libvips' page); null where
 * the file has no such level. TiffSlide keeps its IFDs private, so they are found again by size.
 */
async function findStoredJpegLevels(slide: TiffSlide, file: string, planned: PlannedLevel[], T: number) {
  const source = await FileSource.open(file);
  try {
    const { ifds } = await readTiffStructure(source);
    const all = ifds.flatMap((ifd, page) => [
      { ifd, page: page as number | null },
      ...ifd.subIfds.map((sub) => ({ ifd: sub, page: null })),
    ]);
    const found = [];
    for (const level of planned) {
      let match: {
        level: number;
        tables: Buffer | undefined;
        photometric: number;
        page: number | null;
      } | null = null;
      const index = slide.info.levels.findIndex((l) => l.width === level.width && l.height === level.height);
      for (const { ifd, page } of index < 0 ? [] : all) {
        if (
          (await ifd.number(TIFF_TAG.width)) === level.width &&
          (await ifd.number(TIFF_TAG.height)) === level.height &&
          (await ifd.number(TIFF_TAG.compression)) === 7 &&
          (await ifd.number(TIFF_TAG.tileWidth)) === T &&
          (await ifd.number(TIFF_TAG.tileLength)) === T
        ) {
          match = {
            level: index,
            tables: await ifd.bytes(TIFF_TAG.jpegTables),
            photometric: (await ifd.number(TIFF_TAG.photometric)) ?? 6,
            page,
          };
          break;
        }
      }
      found.push(match);
    }
    if (found[0]?.page == null)
      throw new WsiError('corrupt', 'The level-0 image directory could not be found again');
    return found;
  } finally {
    await source.close();
  }
}

/** A decoded source chunk as samples with a row stride: `spp` samples per pixel. */
interface Chunk {
  width: number;
  height: number;
  spp: number;
  data: Samples;
}

/** Straight RGBA (OpenSlide) composited over white into RGB: unscanned areas become background. */
function rgbaOverWhite(rgba: Buffer): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    const a = rgba[i + 3]!;
    for (let k = 0; k < 3; k++) rgb[o + k] = Math.round((rgba[i + k]! * a + 255 * (255 - a)) / 255);
  }
  return rgb;
}

/** Brightfield samples as 8-bit RGB: grey replicated, alpha dropped, 16-bit scaled down. */
function rgbSamples(tile: DecodedTile): Chunk {
  const { width, height, samplesPerPixel: spp, sampleType, data } = tile;
  if (sampleType !== 'uint8' && sampleType !== 'uint16')
    throw new WsiError('unsupported', `Brightfield samples of type ${sampleType} cannot be optimized`);
  const shift = sampleType === 'uint16' ? 8 : 0;
  const out = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    for (let k = 0; k < 3; k++) out[p * 3 + k] = Number(data[p * spp + (spp >= 3 ? k : 0)]) >> shift;
  }
  return { width, height, spp: 3, data: out };
}

function channelSamples(tile: DecodedTile, sampleType: 'uint8' | 'uint16'): Chunk {
  const ok = sampleType === 'uint16' ? tile.data instanceof Uint16Array : tile.data instanceof Uint8Array;
  if (!ok || tile.samplesPerPixel !== 1)
    throw new WsiError('corrupt', 'A channel tile does not hold one sample per pixel of the channel type');
  return { width: tile.width, height: tile.height, spp: 1, data: tile.data as Samples };
}

/**
 * Level 0 of a TIFF or DICOM slide cut into T×T output tiles, whatever the stored chunking (tiles of
 * another size, strips). Decoded chunks are kept while output rows still overlap them, so each is decoded
 * once; memory stays at about one chunk row per channel.
 */
class Level0Grid {
  private readonly cache = new Map<string, Promise<Chunk>>();
  private readonly cw: number;
  private readonly ch: number;
  private readonly isJpeg: boolean;

  constructor(
    private readonly slide: TileSlide,
    private readonly T: number,
    private readonly convert: (tile: DecodedTile) => Chunk,
  ) {
    const l = slide.info.levels[0]!;
    if (l.compression === 'jpeg2000')
      throw new WsiError('needs-openslide', 'JPEG 2000 tiles are read through OpenSlide');
    this.cw = l.tileWidth;
    this.ch = l.tileHeight;
    this.isJpeg = l.compression === 'jpeg';
  }

  async tile(x: number, y: number, channel: number, sampleType: 'uint8' | 'uint16'): Promise<Samples> {
    const { T, cw, ch } = this;
    const { width: W, height: H } = this.slide.info;
    const spp = this.slide.info.kind === 'fluorescence' ? 1 : 3;
    const out = sampleType === 'uint16' ? new Uint16Array(T * T * spp) : new Uint8Array(T * T * spp);
    if (spp === 3) out.fill(255); // padding beyond the image: white background
    for (const key of this.cache.keys())
      if ((Number(key.split(':')[2]) + 1) * ch <= y * T) this.cache.delete(key);
    const x1 = Math.min((x + 1) * T, W);
    const y1 = Math.min((y + 1) * T, H);
    for (let cy = Math.floor((y * T) / ch); cy * ch < y1; cy++) {
      for (let cx = Math.floor((x * T) / cw); cx * cw < x1; cx++) {
        const chunk = await this.chunk(cx, cy, channel);
        const rows = Math.min(chunk.height, y1 - cy * ch);
        for (let r = Math.max(0, y * T - cy * ch); r < rows; r++) {
          const from = Math.max(0, x * T - cx * cw);
          const to = Math.min(chunk.width, x1 - cx * cw);
          if (to <= from) continue;
          const src = (r * chunk.width + from) * spp;
          const dst = ((cy * ch + r - y * T) * T + (cx * cw + from - x * T)) * spp;
          out.set(chunk.data.subarray(src, src + (to - from) * spp), dst);
        }
      }
    }
    return out;
  }

  private chunk(cx: number, cy: number, channel: number): Promise<Chunk> {
    const key = `${channel}:${cx}:${cy}`;
    let chunk = this.cache.get(key);
    if (!chunk) {
      chunk = this.isJpeg
        ? this.decodeJpegChunk(cx, cy, channel)
        : this.slide.decodeTile(0, cx, cy, channel).then(this.convert);
      this.cache.set(key, chunk);
    }
    return chunk;
  }

  private async decodeJpegChunk(cx: number, cy: number, channel: number): Promise<Chunk> {
    const jpeg = await this.slide.readJpegTilePassthrough(0, cx, cy, channel);
    const { data, info } = await sharp(jpeg)
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      spp: 3,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  }
}
