/**
 * The passes of convert-image that write a pyramid (conversion-plan.ts decides which): tile by tile from
 * decoded level-0 planes, libvips strips, or stored JPEG tiles copied. Each reports progress as it goes
 * and records checkpoints between rows through `checkpoint`, with what a rerun needs to go on.
 */
import { z } from 'zod';
import { LibvipsLevels, WsiError, type CallerState, type PyramidWriter } from '@tessera/wsi';
import type { JobContext } from './job-kind.ts';
import type { Level0Source } from './conversion-plan.ts';
import * as q from './convert-image.queries.ts';

/** Records a checkpoint when it is time (convert-image's checkpointEvery), with the caller's state. */
export type Checkpoint = (caller?: () => CallerState) => Promise<void>;

/** decode-encode and lossless-channels: level-0 tiles written in row order; the writer reduces them. */
export async function writeTileByTile(
  source: Extract<Level0Source, { mode: 'decode-encode' | 'lossless-channels' }>,
  writer: PyramidWriter,
  imageId: string,
  ctx: JobContext,
  isResumed: boolean,
  checkpoint: Checkpoint,
): Promise<void> {
  const level0 = writer.levels[0]!;
  const total = level0.tilesAcross * level0.tilesDown;
  const from = writer.nextTilePosition?.y ?? level0.tilesDown;
  if (isResumed)
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

/** libvips-encode's part of a checkpoint: the next strip, and the rows LibvipsLevels keeps for their partners. */
const EncodeProgress = z.object({ nextStrip: z.number().int().min(0), waiting: z.unknown().optional() });
type EncodeProgress = z.infer<typeof EncodeProgress>;

/**
 * libvips-encode: strips of level 0, each decoded once and made into its own levels by one libvips call
 * (LibvipsLevels.startStrip), two strips ahead so both cores work while the main thread appends; the
 * levels below the strips' are reduced from their lowest level.
 */
export async function encodeInBlocks(
  source: Extract<Level0Source, { mode: 'libvips-encode' }>,
  writer: PyramidWriter,
  imageId: string,
  ctx: JobContext,
  resumed: CallerState | null,
  checkpoint: Checkpoint,
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
 * Copies a level's stored tiles row by row, from the row `copied[level]` says up to `end` (a count it
 * advances), reporting every 8 rows and calling `afterRow` after each (a checkpoint).
 */
function rowCopier(
  source: Extract<Level0Source, { mode: 'jpeg-copy' }>,
  writer: PyramidWriter,
  ctx: JobContext,
  copied: number[],
  report: () => Promise<void>,
) {
  return async (level: number, end: number, afterRow?: () => Promise<void>): Promise<void> => {
    const grid = writer.levels[level]!;
    const from = source.stored[level]!;
    while (copied[level]! < Math.min(end, grid.tilesDown)) {
      const y = copied[level]!;
      for (let x = 0; x < grid.tilesAcross; x++) {
        ctx.signal.throwIfAborted();
        const raw = await source.slide.readTile('raw', from, x, y);
        if (raw.length === 0)
          throw new WsiError('tile-missing', `The file has no data for tile (${x}, ${y}) of level ${from}`);
        await writer.appendEncoded(level, 0, x, y, raw);
      }
      copied[level]!++;
      if (y % 8 === 7) await report();
      await afterRow?.();
    }
  };
}

/**
 * jpeg-copy: stored levels copied tile by tile, in row order; when only level 0 is, libvips makes the
 * reduced levels in large blocks (wsi LibvipsLevels), the next level-1 row decoding while this one is
 * finished. Checkpoints fall between rows: the rows copied per level, the next level-1 row, and the
 * level rows LibvipsLevels keeps waiting for their partners.
 */
export async function copyAndReduce(
  source: Extract<Level0Source, { mode: 'jpeg-copy' }>,
  writer: PyramidWriter,
  imageId: string,
  ctx: JobContext,
  resumed: CallerState | null,
  checkpoint: Checkpoint,
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
  const copyRowsBefore = rowCopier(source, writer, ctx, copied, report);
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
