import { describe, expect, it } from 'vitest';
import {
  blockIdSchema,
  blockLandmarksOf,
  LANDMARK_LIMITS,
  LANDMARK_MESSAGES,
  landmarksSaveSchema,
  type BlockLandmarksSave,
} from './landmarks.ts';
import { TEXT_MESSAGES } from '../text.ts';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const block = (over: Partial<BlockLandmarksSave> = {}): BlockLandmarksSave => ({
  name: 'P1-B1',
  images: [{ slideId: A }, { slideId: B }],
  landmarks: [
    {
      index: 0,
      pos: [
        { img_idx: 0, x: 1, y: 2 },
        { img_idx: 1, x: 3, y: 4 },
      ],
    },
  ],
  ...over,
});
/** A save whose one landmark has this position, whatever it holds. */
const withPosition = (pos: unknown) => ({ blocks: [{ ...block(), landmarks: [{ index: 0, pos: [pos] }] }] });
const messagesOf = (body: unknown) => {
  const parsed = landmarksSaveSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('landmarksSaveSchema', () => {
  it('takes a well-formed save', () => {
    expect(messagesOf({ blocks: [block(), block({ name: 'P1-B2' })] })).toEqual([]);
  });

  it('states each rule with the place it applies to', () => {
    const pos = (img_idx: number) => ({ img_idx, x: 0, y: 0 });
    expect(
      messagesOf({
        blocks: [
          block({
            images: [{ slideId: A }, { slideId: A }],
            landmarks: [
              { index: 0, pos: [pos(0), pos(0), pos(2)], isAutomatic: true },
              { index: 0, pos: [pos(1)], isAutomatic: true, name: '1' },
            ],
          }),
          block(),
        ],
      }),
    ).toEqual([
      `blocks.0.images.1.slideId: ${LANDMARK_MESSAGES.duplicateImage('P1-B1', A)}`,
      `blocks.0.landmarks.0.pos.1.img_idx: ${LANDMARK_MESSAGES.duplicatePosition('P1-B1', 0, 0)}`,
      `blocks.0.landmarks.0.pos.2.img_idx: ${LANDMARK_MESSAGES.imageOutOfRange('P1-B1', 0, 2, 2)}`,
      `blocks.0.landmarks.1.index: ${LANDMARK_MESSAGES.duplicateIndex('P1-B1', 0)}`,
      `blocks.0.landmarks.1.name: ${LANDMARK_MESSAGES.duplicateName('P1-B1', '1')}`,
      `blocks.0.landmarks.1.isAutomatic: ${LANDMARK_MESSAGES.manyAutomatic('P1-B1')}`,
      `blocks.1.name: ${LANDMARK_MESSAGES.duplicateBlock('P1-B1')}`,
    ]);
  });

  it.each([
    ['no blocks', { blocks: [] }],
    [
      'too many blocks',
      {
        blocks: Array.from({ length: LANDMARK_LIMITS.blocksPerSave + 1 }, (_, i) => block({ name: `b${i}` })),
      },
    ],
    ['a NaN as text', withPosition({ img_idx: 0, x: 'NaN', y: 0 })],
    ['Infinity', withPosition({ img_idx: 0, x: Infinity, y: 0 })],
    ['NaN', withPosition({ img_idx: 0, x: NaN, y: 0 })],
    ['a coordinate past the bound', withPosition({ img_idx: 0, x: 2e9, y: 0 })],
    ['a fractional image index', withPosition({ img_idx: 0.5, x: 0, y: 0 })],
    ['an unknown key', { blocks: [{ ...block(), colour: 'red' }] }],
    ['a slide id that is not an id', { blocks: [block({ images: [{ slideId: 'A'.repeat(24) }] })] }],
    [
      'a name that is not a sequential number',
      { blocks: [block({ landmarks: [{ index: 0, name: 'one', pos: [{ img_idx: 0, x: 0, y: 0 }] }] })] },
    ],
  ])('refuses %s', (_what, body) => {
    expect(messagesOf(body).length).toBeGreaterThan(0);
  });
});

describe('blockIdSchema', () => {
  it('takes free text up to its bound and refuses control characters', () => {
    expect(blockIdSchema.safeParse('P1000 / B02 ü').success).toBe(true);
    expect(blockIdSchema.safeParse('x'.repeat(LANDMARK_LIMITS.blockIdLength)).success).toBe(true);
    expect(blockIdSchema.safeParse('x'.repeat(LANDMARK_LIMITS.blockIdLength + 1)).success).toBe(false);
    expect(blockIdSchema.safeParse('').error?.issues[0]?.message).toBe(LANDMARK_MESSAGES.blockIdEmpty);
    expect(blockIdSchema.safeParse('B\u0000').error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.controlCharacters,
    );
  });
});

describe('blockLandmarksOf', () => {
  it('turns img_idx into slideIdx and fills in the defaults', () => {
    const save = block({
      landmarks: [
        { index: 4, pos: [{ img_idx: 1, x: 1, y: 2 }] },
        {
          index: 0,
          isAutomatic: true,
          name: '9',
          pos: [{ img_idx: 0, x: 5, y: 6, angleDx: 0.5, angleDy: -0.5, isFlippedOnYAxis: true }],
        },
      ],
    });
    expect(blockLandmarksOf(save)).toEqual({
      slides: [{ slideId: A }, { slideId: B }],
      landmarks: [
        {
          index: 4,
          isAutomatic: false,
          name: '5',
          positions: [{ slideIdx: 1, x: 1, y: 2, angleDx: 0, angleDy: 0, isFlippedOnYAxis: false }],
        },
        {
          index: 0,
          isAutomatic: true,
          name: '9',
          positions: [{ slideIdx: 0, x: 5, y: 6, angleDx: 0.5, angleDy: -0.5, isFlippedOnYAxis: true }],
        },
      ],
    });
  });
});
