import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { frameWork, imageToClip, shiftOf } from './marker-layer.ts';

/** The same path step by step: image → map → CSS pixels (OpenLayers' transform) → clip space. */
function stepByStep(
  [a, b, c, d, e, f]: number[],
  [width, height]: [number, number],
  isFlipped: boolean,
  imageWidth: number,
  [x, y]: [number, number],
): [number, number] {
  const mx = isFlipped ? imageWidth - x : x;
  const my = -y;
  const px = a! * mx + c! * my + e!;
  const py = b! * mx + d! * my + f!;
  return [(px / width) * 2 - 1, 1 - (py / height) * 2];
}

describe('imageToClip', () => {
  it('maps image pixels to clip space as OpenLayers places them, flipped or not', () => {
    const finite = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(
        fc.tuple(finite, finite, finite, finite, finite, finite),
        fc.tuple(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 1, max: 4000 })),
        fc.boolean(),
        fc.integer({ min: 1, max: 200_000 }),
        fc.tuple(fc.double({ min: 0, max: 2e5, noNaN: true }), fc.double({ min: 0, max: 2e5, noNaN: true })),
        (transform, size, isFlipped, imageWidth, point) => {
          const [rowX, rowY] = imageToClip(transform, size, { isFlipped, imageWidth });
          const [cx, cy] = stepByStep(transform, size, isFlipped, imageWidth, point);
          const [x, y] = point;
          const scale = 1 + Math.abs(cx) + Math.abs(cy);
          expect(rowX[0] * x + rowX[1] * y + rowX[2]).toBeCloseTo(cx, 6 - Math.ceil(Math.log10(scale)));
          expect(rowY[0] * x + rowY[1] * y + rowY[2]).toBeCloseTo(cy, 6 - Math.ceil(Math.log10(scale)));
        },
      ),
    );
  });

  it('puts the view centre at the clip origin', () => {
    // A 1000 × 500 view at 2 image pixels per screen pixel centred on image (5000, 3000).
    const resolution = 2;
    const toPixel = [1 / resolution, 0, 0, -1 / resolution, 500 - 5000 / resolution, 250 - 3000 / resolution];
    const [rowX, rowY] = imageToClip(toPixel, [1000, 500], { isFlipped: false, imageWidth: 8000 });
    expect(rowX[0] * 5000 + rowX[1] * 3000 + rowX[2]).toBeCloseTo(0);
    expect(rowY[0] * 5000 + rowY[1] * 3000 + rowY[2]).toBeCloseTo(0);
    // 500 image pixels right of the centre is a quarter of the view: clip x 0.5.
    expect(rowX[0] * 5500 + rowX[1] * 3000 + rowX[2]).toBeCloseTo(0.5);
  });
});

describe('frameWork', () => {
  const toPixel = [0.5, 0, 0, -0.5, 10, 20];
  const drawn = { look: '3 800×600', toPixel };

  it('draws the first time and whenever the look changed', () => {
    expect(frameWork(null, { look: '3 800×600', toPixel, isMoving: false })).toBe('draw');
    expect(frameWork(drawn, { look: '4 800×600', toPixel, isMoving: true })).toBe('draw');
    expect(frameWork(drawn, { look: '3 801×600', toPixel, isMoving: false })).toBe('draw');
  });

  it('keeps the drawing when only something else changed (a tile arrived)', () => {
    expect(frameWork(drawn, { look: '3 800×600', toPixel: [...toPixel], isMoving: false })).toBe('keep');
  });

  it('shifts the drawing while the view moves, and draws at rest', () => {
    const panned = [0.5, 0, 0, -0.5, 60, 20];
    expect(frameWork(drawn, { look: '3 800×600', toPixel: panned, isMoving: true })).toBe('shift');
    expect(frameWork(drawn, { look: '3 800×600', toPixel: panned, isMoving: false })).toBe('draw');
  });
});

describe('shiftOf', () => {
  /** Applies a CSS matrix(a, b, c, d, e, f) to a pixel. */
  const apply = (css: string, [x, y]: [number, number]) => {
    const [a, b, c, d, e, f] = css.slice(7, -1).split(',').map(Number) as number[];
    return [a! * x + c! * y + e!, b! * x + d! * y + f!];
  };
  const at = ([a, b, c, d, e, f]: number[], [x, y]: [number, number]): [number, number] => [
    a! * x + c! * y + e!,
    b! * x + d! * y + f!,
  ];

  it('takes each drawn pixel to where its map point is now: panned and zoomed', () => {
    const drawnToPixel = [0.5, 0, 0, -0.5, 10, 20];
    const nowToPixel = [1, 0, 0, -1, -40, 300];
    for (const point of [
      [0, 0],
      [100, -50],
      [-300, 700],
    ] as [number, number][]) {
      const [x, y] = apply(shiftOf(nowToPixel, drawnToPixel), at(drawnToPixel, point));
      const [ex, ey] = at(nowToPixel, point);
      expect(x).toBeCloseTo(ex);
      expect(y).toBeCloseTo(ey);
    }
  });
});
