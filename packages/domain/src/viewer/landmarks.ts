/**
 * Landmarks (spec 2 §3 "Landmarks", §4 "Sync between open slides"): points that mark the same place of
 * the tissue on each slide cut from one block, so the viewer can make the slides of a block follow each
 * other. A block is named by the slides' blockId metadata value. What the viewer reads and what it
 * sends are two shapes (spec 2 §3: "When sent, … pos with img_idx"); both, their bounds and every rule
 * a save must pass live here, so the server and the web refuse the same things with the same words.
 */
import { z } from 'zod';
import { ID_PATTERN } from '../ids.ts';
import { hasControlCharacters, TEXT_MESSAGES } from '../text.ts';

/**
 * Bounds on a save. A block is a handful of serial sections (50 leaves room for a large one); 1000
 * landmarks per block is far more than anyone places by hand; 100 blocks per save covers "overwrite
 * every block of the open slides". Coordinates are image pixels: 1e9 is far past any scanned slide
 * while keeping sums of squares (the similarity fit) well inside double precision.
 */
export const LANDMARK_LIMITS = {
  blocksPerSave: 100,
  imagesPerBlock: 50,
  landmarksPerBlock: 1000,
  /** Landmark indices stay below this (gaps are allowed: a deleted landmark leaves its index unused). */
  indexMax: 999_999,
  blockIdLength: 256,
  /** A block's slide list answers at most this many (a block is a handful of sections; this is a guard). */
  blockSlides: 1000,
  coordinate: 1e9,
} as const;

/** The messages of landmark rules (spec 2 §8 wraps a refusal as 'Unable to overwrite landmarks: {reason}'). */
export const LANDMARK_MESSAGES = {
  notFound: (blockId: string) => `No landmarks are stored for block ${blockId}`,
  blockIdEmpty: 'A block id must not be empty',
  blockIdTooLong: `A block id must be at most ${LANDMARK_LIMITS.blockIdLength} characters`,
  slideId: 'Expected a 24-character slide id',
  name: 'A landmark name is a sequential number ("1", "2", …)',
  coordinate: `Coordinates must be finite numbers between -${LANDMARK_LIMITS.coordinate} and ${LANDMARK_LIMITS.coordinate}`,
  duplicateBlock: (name: string) => `Block ${name} is listed more than once`,
  duplicateImage: (name: string, slideId: string) =>
    `Slide ${slideId} is listed more than once in block ${name}`,
  imageOutOfRange: (name: string, index: number, imgIdx: number, count: number) =>
    `Landmark ${index} of block ${name} refers to image ${imgIdx}, but the block has ${count} images`,
  duplicatePosition: (name: string, index: number, imgIdx: number) =>
    `Landmark ${index} of block ${name} has more than one position on image ${imgIdx}`,
  duplicateIndex: (name: string, index: number) => `Block ${name} has more than one landmark ${index}`,
  duplicateName: (name: string, landmarkName: string) =>
    `Block ${name} has more than one landmark named ${landmarkName}`,
  manyAutomatic: (name: string) => `Block ${name} has more than one automatic (location) landmark`,
  slideNotInBlock: (slideId: string, name: string, actual: string | null) =>
    actual === null
      ? `Slide ${slideId} has no block id, so it is not part of block ${name}`
      : `Slide ${slideId} belongs to block ${actual}, not to block ${name}`,
  writeRequired: 'Overwriting landmarks needs the landmarksWrite permission',
} as const;

/**
 * A block id as it arrives (a path segment, a save's block name): the free-text blockId of slides, so
 * only its length and control characters are ruled; the value is matched exactly, as stored.
 */
export const blockIdSchema = z
  .string()
  .min(1, LANDMARK_MESSAGES.blockIdEmpty)
  .max(LANDMARK_LIMITS.blockIdLength, LANDMARK_MESSAGES.blockIdTooLong)
  .refine((text) => !hasControlCharacters(text), TEXT_MESSAGES.controlCharacters);

const coordinate = z
  .number(LANDMARK_MESSAGES.coordinate)
  .min(-LANDMARK_LIMITS.coordinate, LANDMARK_MESSAGES.coordinate)
  .max(LANDMARK_LIMITS.coordinate, LANDMARK_MESSAGES.coordinate);
const slideId = z.string().regex(ID_PATTERN, LANDMARK_MESSAGES.slideId);
const landmarkIndex = z.number().int().min(0).max(LANDMARK_LIMITS.indexMax);
/** "1", "2", …: no sign, no leading zero, no spaces. */
const landmarkName = z.string().regex(/^[1-9][0-9]{0,6}$/, LANDMARK_MESSAGES.name);

/** One landmark's place on one slide, as sent: img_idx indexes the block's images. */
export const landmarkPositionSaveSchema = z
  .object({
    img_idx: z
      .number()
      .int()
      .min(0)
      .max(LANDMARK_LIMITS.imagesPerBlock - 1),
    x: coordinate,
    y: coordinate,
    angleDx: coordinate.optional(),
    angleDy: coordinate.optional(),
    isFlippedOnYAxis: z.boolean().optional(),
  })
  .strict();

/** One landmark as sent; a missing name is its index + 1, isAutomatic defaults to false. */
export const landmarkSaveSchema = z
  .object({
    index: landmarkIndex,
    isAutomatic: z.boolean().optional(),
    name: landmarkName.optional(),
    pos: z.array(landmarkPositionSaveSchema).min(1).max(LANDMARK_LIMITS.imagesPerBlock),
  })
  .strict();

export const blockLandmarksSaveSchema = z
  .object({
    name: blockIdSchema,
    images: z.array(z.object({ slideId }).strict()).min(1).max(LANDMARK_LIMITS.imagesPerBlock),
    landmarks: z.array(landmarkSaveSchema).max(LANDMARK_LIMITS.landmarksPerBlock),
  })
  .strict();
export type BlockLandmarksSave = z.infer<typeof blockLandmarksSaveSchema>;

export interface LandmarkProblem {
  /** Where in the save body, for the 400's "blocks.0.landmarks.2.pos.1.img_idx: …" prefix. */
  path: (string | number)[];
  message: string;
}

/**
 * The rules a save must pass beyond the shapes (spec 2 §3): block names and slides listed once, every
 * img_idx within the block's images and used once per landmark, landmark indices and names unique, and
 * at most one automatic landmark (the location landmark). Answers every problem found, in body order.
 */
export function landmarkSaveProblems(blocks: readonly BlockLandmarksSave[]): LandmarkProblem[] {
  const problems: LandmarkProblem[] = [];
  const blockNames = new Set<string>();
  blocks.forEach((block, b) => {
    const at = (...rest: (string | number)[]) => ['blocks', b, ...rest];
    if (blockNames.has(block.name))
      problems.push({ path: at('name'), message: LANDMARK_MESSAGES.duplicateBlock(block.name) });
    blockNames.add(block.name);
    const slides = new Set<string>();
    block.images.forEach((image, i) => {
      if (slides.has(image.slideId))
        problems.push({
          path: at('images', i, 'slideId'),
          message: LANDMARK_MESSAGES.duplicateImage(block.name, image.slideId),
        });
      slides.add(image.slideId);
    });
    const indices = new Set<number>();
    const names = new Set<string>();
    let automatic = 0;
    block.landmarks.forEach((landmark, l) => {
      if (indices.has(landmark.index))
        problems.push({
          path: at('landmarks', l, 'index'),
          message: LANDMARK_MESSAGES.duplicateIndex(block.name, landmark.index),
        });
      indices.add(landmark.index);
      const name = landmarkNameOf(landmark);
      if (names.has(name))
        problems.push({
          path: at('landmarks', l, 'name'),
          message: LANDMARK_MESSAGES.duplicateName(block.name, name),
        });
      names.add(name);
      if (landmark.isAutomatic && ++automatic === 2)
        problems.push({
          path: at('landmarks', l, 'isAutomatic'),
          message: LANDMARK_MESSAGES.manyAutomatic(block.name),
        });
      const used = new Set<number>();
      landmark.pos.forEach((pos, p) => {
        const where = at('landmarks', l, 'pos', p, 'img_idx');
        if (pos.img_idx >= block.images.length)
          problems.push({
            path: where,
            message: LANDMARK_MESSAGES.imageOutOfRange(
              block.name,
              landmark.index,
              pos.img_idx,
              block.images.length,
            ),
          });
        else if (used.has(pos.img_idx))
          problems.push({
            path: where,
            message: LANDMARK_MESSAGES.duplicatePosition(block.name, landmark.index, pos.img_idx),
          });
        used.add(pos.img_idx);
      });
    });
  });
  return problems;
}

const landmarkNameOf = (landmark: { index: number; name?: string | undefined }) =>
  landmark.name ?? String(landmark.index + 1);

/** The PUT body (spec 2 §7 "Landmarks"): the blocks to create or replace, every rule checked. */
export const landmarksSaveSchema = z
  .object({ blocks: z.array(blockLandmarksSaveSchema).min(1).max(LANDMARK_LIMITS.blocksPerSave) })
  .strict()
  .superRefine((body, ctx) => {
    for (const problem of landmarkSaveProblems(body.blocks))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type LandmarksSave = z.infer<typeof landmarksSaveSchema>;

/** One landmark's place on one slide, as the viewer reads it: every field present. */
export const landmarkPositionSchema = z.object({
  slideIdx: z.number().int().min(0),
  x: z.number(),
  y: z.number(),
  /** The direction hint the viewer keeps with the point; 0 when the save left it out. */
  angleDx: z.number(),
  angleDy: z.number(),
  /** Whether the slide was flipped on its y axis when the point was placed (spec 2 §4: flip states). */
  isFlippedOnYAxis: z.boolean(),
});
export type LandmarkPosition = z.infer<typeof landmarkPositionSchema>;

export const landmarkSchema = z.object({
  index: z.number().int().min(0),
  /** True for the location landmark, the one the viewer places by itself. */
  isAutomatic: z.boolean(),
  name: z.string(),
  positions: z.array(landmarkPositionSchema),
});
export type Landmark = z.infer<typeof landmarkSchema>;

/** A block's landmarks as the viewer reads them: the block's slides, in order, and the landmarks. */
export const blockLandmarksSchema = z.object({
  slides: z.array(z.object({ slideId: z.string() })),
  landmarks: z.array(landmarkSchema),
});
export type BlockLandmarks = z.infer<typeof blockLandmarksSchema>;

/** A checked save of one block as stored and read back: img_idx becomes slideIdx, defaults filled in. */
export function blockLandmarksOf(block: BlockLandmarksSave): BlockLandmarks {
  return {
    slides: block.images.map((image) => ({ slideId: image.slideId })),
    landmarks: block.landmarks.map((landmark) => ({
      index: landmark.index,
      isAutomatic: landmark.isAutomatic ?? false,
      name: landmarkNameOf(landmark),
      positions: landmark.pos.map((pos) => ({
        slideIdx: pos.img_idx,
        x: pos.x,
        y: pos.y,
        angleDx: pos.angleDx ?? 0,
        angleDy: pos.angleDy ?? 0,
        isFlippedOnYAxis: pos.isFlippedOnYAxis ?? false,
      })),
    })),
  };
}
