/**
 * Landmarks of a block (spec 2 §3 "Landmarks", §7 "Landmarks"): read a block's landmarks (404 means
 * none), create or replace the landmarks of several blocks at once, and list a block's slides. A block
 * is named by the slides' free-text blockId metadata value, taken from the path URL-decoded.
 */
import { z } from 'zod';
import { blockIdSchema, blockLandmarksSchema, LANDMARK_MESSAGES, landmarksSaveSchema } from '@tessera/domain';
import { ERROR_CODES } from './errors.ts';
import { defineRoute, projectPermission, projectPermissionOr } from './route.ts';
import { Id } from './projects.contract.ts';

const BlockParams = z.object({ projectId: Id, blockId: blockIdSchema });

/** A block's landmarks as the viewer reads them, with who saved them last and when. */
export const BlockLandmarks = blockLandmarksSchema
  .extend({
    blockId: z.string(),
    updatedAt: z.string(),
    updatedBy: Id.nullable(),
  })
  .meta({ id: 'BlockLandmarks' });
export type BlockLandmarks = z.infer<typeof BlockLandmarks>;

/**
 * Enough for the largest save the counts allow in practice (1000 landmarks on 5 slides of one block is
 * about 450 KB); the per-field counts bound each list, this bounds their product.
 */
export const LANDMARKS_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** GET a block's landmarks; 404 LANDMARKS_NOT_FOUND when none are stored (the viewer reads it as "none"). */
export const getBlockLandmarks = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/blocks/:blockId/landmarks',
  summary: "A block's landmarks",
  tags: ['landmarks'],
  access: projectPermission(null),
  params: BlockParams,
  response: BlockLandmarks,
});

/**
 * PUT create or replace the landmarks of each block of the body, all in one transaction: every image
 * must be a slide of the project whose blockId is the block's name (404 SLIDE_NOT_FOUND, 400
 * SLIDE_NOT_IN_BLOCK), else nothing changes. Needs landmarksWrite (403 LANDMARKS_WRITE_REQUIRED).
 */
export const saveLandmarks = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/landmarks',
  summary: 'Create or replace the landmarks of blocks',
  tags: ['landmarks'],
  access: projectPermissionOr('landmarksWrite', {
    code: ERROR_CODES.landmarksWriteRequired,
    message: LANDMARK_MESSAGES.writeRequired,
  }),
  params: z.object({ projectId: Id }),
  body: landmarksSaveSchema.meta({ id: 'LandmarksSave' }),
  bodyLimitBytes: LANDMARKS_BODY_LIMIT_BYTES,
  response: z.object({ blocks: z.array(BlockLandmarks) }),
});

/** The block's slides (spec 2 §7 "block slide ids"): every slide of the project with this blockId. */
export const getBlockSlides = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/blocks/:blockId/slides',
  summary: "A block's slide ids",
  tags: ['landmarks'],
  access: projectPermission(null),
  params: BlockParams,
  response: z.object({
    blockId: z.string(),
    slides: z.array(z.object({ id: Id, fileName: z.string() })),
  }),
});
