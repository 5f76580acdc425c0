/**
 * Landmarks of a block (spec 2 §3, §7 "Landmarks"): read one block's, replace several blocks' in one
 * transaction, and list a block's slides. The shapes and save rules are the domain's (viewer/landmarks.ts);
 * what needs the database is here: that every image is a slide of the project and of the named block.
 */
import {
  blockLandmarksOf,
  blockLandmarksSchema,
  LANDMARK_LIMITS,
  LANDMARK_MESSAGES,
  type BlockLandmarks,
  type LandmarksSave,
} from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError, notFound } from '../../errors.ts';
import { SLIDE_ERROR_CODES, SLIDE_MESSAGES } from '../slides/slides.service.ts';
import * as q from './landmarks.queries.ts';

/** A block's landmarks as answered: the viewer's shape, with the block and who saved it when. */
export interface BlockLandmarksAnswer extends BlockLandmarks {
  blockId: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** Stored rows are written only from checked saves; a row that no longer parses is a fault, not input. */
function answerOf(row: q.LandmarksRow): BlockLandmarksAnswer {
  const stored = blockLandmarksSchema.parse({
    slides: JSON.parse(row.slides) as unknown,
    landmarks: JSON.parse(row.landmarks) as unknown,
  });
  return { blockId: row.block_id, ...stored, updatedAt: row.updated_at, updatedBy: row.updated_by };
}

/** 404 LANDMARKS_NOT_FOUND when none are stored: the viewer reads that as "no landmarks" (spec 2 §7). */
export async function getBlockLandmarks(
  ctx: AppContext,
  project: ProjectScope,
  blockId: string,
): Promise<BlockLandmarksAnswer> {
  const row = await q.findBlockLandmarks(ctx.db, project.id, blockId);
  if (!row) throw notFound(LANDMARK_MESSAGES.notFound(blockId), ERROR_CODES.landmarksNotFound);
  return answerOf(row);
}

/**
 * Every image must be a slide of this project (404 SLIDE_NOT_FOUND: other projects' slides are not
 * told apart from missing ones) whose blockId is the block's name (400 SLIDE_NOT_IN_BLOCK). Checked
 * for the whole body before anything is written, so a refusal leaves every block as it was.
 */
async function checkImages(ctx: AppContext, project: ProjectScope, body: LandmarksSave): Promise<void> {
  const ids = [...new Set(body.blocks.flatMap((block) => block.images.map((image) => image.slideId)))];
  const blockOf = new Map(
    (await q.findSlideBlocks(ctx.db, project.id, ids)).map((slide) => [slide.id, slide.block_id]),
  );
  for (const block of body.blocks)
    for (const { slideId } of block.images) {
      const actual = blockOf.get(slideId);
      if (actual === undefined)
        throw new AppError(404, SLIDE_ERROR_CODES.notFound, SLIDE_MESSAGES.notFound(slideId));
      if (actual !== block.name)
        throw new AppError(
          400,
          ERROR_CODES.slideNotInBlock,
          LANDMARK_MESSAGES.slideNotInBlock(slideId, block.name, actual),
        );
    }
}

/** Creates or replaces the landmarks of each block of the body, all or nothing (spec 2 §7 PUT). */
export async function saveLandmarks(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  body: LandmarksSave,
): Promise<{ blocks: BlockLandmarksAnswer[] }> {
  await checkImages(ctx, project, body);
  const updatedAt = nowIso();
  const blocks = body.blocks.map((block) => ({ blockId: block.name, ...blockLandmarksOf(block) }));
  await ctx.db.transaction().execute(async (tx) => {
    for (const block of blocks)
      await q.upsertBlockLandmarks(tx, {
        project_id: project.id,
        block_id: block.blockId,
        slides: JSON.stringify(block.slides),
        landmarks: JSON.stringify(block.landmarks),
        updated_by: actor.userId,
        updated_at: updatedAt,
      });
  });
  return { blocks: blocks.map((block) => ({ ...block, updatedAt, updatedBy: actor.userId })) };
}

/** The block's slides ("block slide ids", spec 2 §7), by file name; empty when no slide has this blockId. */
export async function getBlockSlides(ctx: AppContext, project: ProjectScope, blockId: string) {
  const slides = await q.findBlockSlides(ctx.db, project.id, blockId, LANDMARK_LIMITS.blockSlides);
  return { blockId, slides: slides.map((slide) => ({ id: slide.id, fileName: slide.file_name })) };
}
