/**
 * convert-image: writes an image's optimized pyramid (DESIGN §7, issue #3 point 7) — a tiled pyramidal
 * BigTIFF with every 2× level and OME-XML, `optimized/<checksum>.ome.tif` in the blob store, read through the slide's
 * one interface (wsi Slide): conversion-plan.ts decides how from what the slide can do (JPEG tiles copied,
 * libvips strips, tile by tile), conversion-passes.ts writes it.
 * The writer builds the file under a hidden `.partial` name and renames it into place, so a half-written
 * pyramid is never visible; it is made in the store's work folder and stored (blob-store put: a rename for
 * the folder store, an upload for S3), and optimized_path is recorded only after that. Every few seconds the job
 * records a checkpoint beside the partial file (PyramidWriter.checkpoint); a rerun after a crash or a
 * hand-back (worker stopped, lease lost, cancelled) goes on from the last one, and writes the same bytes
 * as an uninterrupted run. A failure deletes the partial file: the rerun starts over.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { openSlide, PyramidWriter, type CallerState, type Slide } from '@tessera/wsi';
import { localFiles, type BlobStore } from '../blob-store/blob-store.ts';
import { describeFailure } from '../errors.ts';
import { level0Source } from './conversion-plan.ts';
import { copyAndReduce, encodeInBlocks, writeTileByTile } from './conversion-passes.ts';
import { defineJobKind } from './job-kind.ts';
import * as q from './convert-image.queries.ts';

/** How often a conversion records a checkpoint to go on from; a checkpoint waits for the tiles in flight. */
export const conversionCheckpoints = { everyMs: 10_000 };

const RESTORED_ON_ABORT = { converted: 'Converted', notConverted: 'NotConverted' } as const;
export const optimizedFileName = (checksum: string): string => `${checksum}.ome.tif`;
/** Where pyramids are made before they are stored (with their checkpoints, so a rerun goes on from them). */
export const optimizedWorkDir = (blobs: BlobStore): string => path.join(blobs.workDir, 'optimized');

export const convertImageJob = defineJobKind({
  name: 'convert-image',
  payload: z.object({
    imageId: z.string().regex(/^[0-9a-f]{24}$/),
  }),
  // A corrupt file fails the same way twice; one retry covers a transient I/O error.
  maxAttempts: 2,
  async handle({ imageId }, ctx) {
    const image = await q.findImageToConvert(ctx.db, imageId);
    if (!image) throw new Error(`Image ${imageId} does not exist`);
    const key = `optimized/${optimizedFileName(image.checksum)}`;
    const outputDir = optimizedWorkDir(ctx.blobs);
    const target = path.join(outputDir, optimizedFileName(image.checksum));
    await q.markConverting(ctx.db, imageId);
    let writer: PyramidWriter | undefined;
    let slide: Slide | undefined;
    try {
      await mkdir(outputDir, { recursive: true });
      const files = await localFiles(ctx.blobs, image.storagePaths);
      slide = await openSlide(files);
      const source = await level0Source(slide, files[0]!, image.checksum);
      const opened = await PyramidWriter.open(target, source.options);
      writer = opened.writer;
      for (const name of opened.removed.filter((n) => n.endsWith('.partial')))
        await ctx.log(`Removed the unfinished file ${name} of an earlier run.`);
      await ctx.log(
        `Converting ${path.basename(image.storagePaths[0]!)} (${source.options.width}×${source.options.height}, ${source.options.channels.length} channel(s)) ` +
          `by ${source.mode}: ${writer.levels.length} levels of ${writer.tileSize}-px tiles.`,
      );
      const checkpoint = checkpointEvery(writer, conversionCheckpoints.everyMs);
      if (source.mode === 'jpeg-copy')
        await copyAndReduce(source, writer, imageId, ctx, opened.resumed, checkpoint);
      else if (source.mode === 'libvips-encode')
        await encodeInBlocks(source, writer, imageId, ctx, opened.resumed, checkpoint);
      else await writeTileByTile(source, writer, imageId, ctx, opened.resumed !== null, checkpoint);
      await writer.finish();
      const stored = await ctx.blobs.put(target, key);
      const counts = writer.progress();
      const { tileSize } = opened.writer;
      const levels = opened.writer.levels.map((l) => ({
        width: l.width,
        height: l.height,
        tileWidth: tileSize,
        tileHeight: tileSize,
      }));
      await q.markConverted(ctx.db, imageId, stored, counts, levels);
      await ctx.progress(100);
      await ctx.log(`Wrote ${stored}: ${counts.reduce((n, c) => n + c.converted, 0)} tiles.`);
      return { optimizedPath: stored, mode: source.mode, levels: writer.levels.length };
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
